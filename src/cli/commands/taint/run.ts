/**
 * `taint`: nodes first (`node NAME...`, `-l`, `--all`), then taint changes; each node gets its
 * new taint list as a merge patch and `node/n1 tainted` (or `untainted`, `modified`).
 */
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { usageErrorf } from '../../framework/usage-errorf.js';
import { dryRunMode, dryRunSuffix } from '../../writes/dry-run.js';
import { throwFailures } from '../../writes/error-list.js';
import { objectOutput } from '../../writes/object-output.js';
import { fieldValidation } from '../../writes/validate.js';
import { parseTaints, reorganizeTaints, type Taint } from './taints.js';

const NODES = { group: '', version: 'v1', resource: 'nodes', namespaced: false, kind: 'Node' } as const;

/** Runs `taint`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const resources: string[] = [];
  const taintArgs: string[] = [];
  for (const s of args) {
    const isTaint = s.includes('=') || s.includes(':') || s.endsWith('-');
    if (isTaint) taintArgs.push(s);
    else if (taintArgs.length > 0) throw new UsageError(`all resources must be specified before taint changes: ${s}`, false);
    else resources.push(s);
  }
  if (resources.length === 0) throw new UsageError('one or more resources must be specified as <resource> <name>', false);
  if (taintArgs.length === 0) throw new UsageError('at least one taint update is required', false);
  let parsed: ReturnType<typeof parseTaints>;
  try {
    parsed = parseTaints(taintArgs);
  } catch (err) {
    throw usageErrorf(ctx.commandPath, err instanceof Error ? err.message : String(err));
  }
  const { add, remove } = parsed;
  const dryRun = dryRunMode(flags);
  const validation = fieldValidation(flags);
  const output = await objectOutput(ctx, flags);
  const client = await ctx.client();
  const type = (resources[0] ?? '').toLowerCase();
  const mapping = await client.mapper.resourceFor(type.split('/')[0] ?? type, { signal: ctx.io.signal }).catch(() => undefined);
  if (mapping === undefined || mapping.kind !== 'Node') throw new UsageError(`invalid resource type ${type}, only node types are supported`, false);
  const conflicts: string[] = [];
  for (const a of add) for (const r of remove) if (a.key === r.key && (r.effect === '' || a.effect === r.effect)) conflicts.push(`${r.key}=${r.effect}`);
  if (conflicts.length > 0) throw new UsageError(`can not both modify and remove the following taint(s) in the same command: ${conflicts.join(', ')}`, false);
  const selector = flags.string('selector') ?? '';
  const all = flags.bool('all');
  if (all && selector !== '') throw new UsageError("setting 'all' parameter with a non empty selector is prohibited", false);
  const names = resources[0]?.includes('/') === true ? resources.map((r) => r.slice(r.indexOf('/') + 1)) : resources.slice(1);
  if (!all && selector === '' && names.length === 0) throw new UsageError("at least one resource name must be specified since 'all' parameter is not set", false);
  const rc = client.resource(NODES);
  const nodes: KubeObject[] = names.length > 0
    ? await Promise.all(names.map((n) => rc.get(n, { signal: ctx.io.signal })))
    : (await rc.list({ labelSelector: selector, signal: ctx.io.signal })).items;
  const errors: unknown[] = [];
  const suffix = dryRunSuffix(dryRun);
  for (const node of nodes) {
    const name = node.metadata?.name ?? '';
    try {
      const current = ((node as { spec?: { taints?: Taint[] } }).spec?.taints ?? []);
      if (!flags.bool('overwrite')) {
        const exists = add.filter((t) => current.some((c) => c.key === t.key && c.effect === t.effect)).map((t) => t.key);
        if (exists.length > 0) throw new UsageError(`node ${name} already has ${exists.join(',')} taint(s) with same effect(s) and --overwrite is false`, false);
      }
      const next = reorganizeTaints(current, flags.bool('overwrite'), add, remove);
      if (next.errors.length > 0) throw new UsageError(next.errors.length === 1 ? next.errors[0] ?? '' : `[${next.errors.join(', ')}]`, false);
      let result: KubeObject = { ...node, apiVersion: 'v1', kind: 'Node', spec: { ...(node as { spec?: object }).spec, taints: next.taints } } as KubeObject;
      if (dryRun !== 'client') {
        result = await rc.patch(name, { spec: { taints: next.taints.length === 0 ? null : next.taints } }, {
          type: 'merge', fieldManager: flags.string('field-manager') ?? '', fieldValidation: validation, signal: ctx.io.signal, ...(dryRun === 'server' ? { dryRun: true } : {}),
        });
      }
      if (output.printsObjects) output.printOne({ ...result, apiVersion: 'v1', kind: 'Node' });
      else ctx.io.stdout.write(output.resultLine(`node/${name}`, `${next.operation}${suffix}`));
    } catch (err) {
      errors.push(err);
    }
  }
  await throwFailures(errors, ctx.commandPath);
}
