/**
 * What every `set` subcommand shares: the objects (live by `TYPE NAME`, `-l`, `--all`, `-f`, or
 * the files' contents with `--local`), the change as a function of a copy, a JSON merge patch of
 * the difference sent to the server (nothing when nothing changed, as kubectl skips `{}`), and
 * `deployment.apps/web image updated` or the objects with `-o`.
 */
import type { KubeObject } from '../../../../sdk/types/meta.js';
import type { CommandContext } from '../../../framework/context.js';
import type { FlagValues } from '../../../framework/flag-values.js';
import type { FlagSpec } from '../../../framework/spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { DRY_RUN_FLAG, dryRunMode, dryRunSuffix } from '../../apply/shared/dry-run.js';
import { failuresError } from '../../apply/shared/error-list.js';
import { filenameFlag, readsStdin, RECURSIVE_FLAG } from '../../apply/shared/manifest-flags.js';
import { OUTPUT_FLAGS, objectOutput } from '../../apply/shared/object-output.js';

/** The flags of the `set` subcommands. */
export function setFlags(what: string, extra: FlagSpec[]): FlagSpec[] {
  return [
    { name: 'all', type: 'bool', default: false, description: 'Select all resources, in the namespace of the specified resource types' },
    DRY_RUN_FLAG,
    { name: 'field-manager', type: 'string', default: 'platformctl-set', description: 'Name of the manager used to track field ownership.' },
    filenameFlag(`Filename, directory, or URL to files identifying the resource to get from a server.`),
    { name: 'local', type: 'bool', default: false, description: `If true, set ${what} will NOT contact api-server but run locally.` },
    ...OUTPUT_FLAGS,
    RECURSIVE_FLAG,
    { name: 'selector', short: 'l', type: 'string', default: '', description: "Selector (label query) to filter on, supports '=', '==', and '!='.(e.g. -l key1=value1,key2=value2). Matching objects must satisfy all of the specified label constraints." },
    ...extra,
  ];
}

/** Changes a copy of one object; returns errors for it (the object is still patched). */
export type SetChange = (object: KubeObject, errors: string[]) => void;

/** Runs a `set` subcommand over the resources of `resources`. */
export async function runSetCommand(ctx: CommandContext, resources: string[], flags: FlagValues, operation: string, change: SetChange): Promise<void> {
  const local = flags.bool('local');
  const dryRun = dryRunMode(flags);
  const files = flags.strings('filename');
  if (flags.bool('all') && (flags.string('selector') ?? '') !== '') throw new UsageError('cannot set --all and --selector at the same time', false);
  if (local && dryRun === 'server') throw new UsageError('cannot specify --local and --dry-run=server - did you mean --dry-run=client?', false);
  if (!local && resources.length === 0 && files.length === 0) throw new UsageError('one or more resources must be specified as <resource> <name> or <resource>/<name>', false);
  const output = await objectOutput(ctx, flags);
  const { createMergePatch } = await import('../../../../sdk/apply/json-merge-three-way.js');
  const { describeObject } = await import('../../../../sdk/apply/object-ref.js');
  const errors: unknown[] = [];
  let items: { object: KubeObject; patch?: (p: Record<string, unknown>) => Promise<KubeObject> }[];
  if (local) {
    if (files.length === 0) throw new UsageError('one or more files must be specified as -f rsrc.yaml or --filename=rsrc.json', false);
    const { readCommandManifests } = await import('../../apply/shared/manifest-flags.js');
    items = (await readCommandManifests(ctx, flags, { requireName: 'none' })).map((m) => ({ object: m.object }));
  } else {
    const client = await ctx.client({ stdinInUse: readsStdin(flags) });
    const { liveObjects } = await import('../../apply/shared/live-objects.js');
    const live = await liveObjects(ctx, flags, client, resources);
    errors.push(...live.errors);
    items = live.objects.map((o) => ({
      object: o.object,
      patch: (p) => client.resource(o.mapping, o.namespace).patch(o.name, p, {
        type: 'merge', fieldManager: flags.string('field-manager') ?? '', signal: ctx.io.signal, ...(dryRun === 'server' ? { dryRun: true } : {}),
      }),
    }));
  }
  const suffix = dryRunSuffix(dryRun);
  for (const item of items) {
    const before = item.object;
    const after = structuredClone(before);
    const problems: string[] = [];
    change(after, problems);
    for (const p of problems) errors.push(new UsageError(p, false));
    const patch = createMergePatch(before as Record<string, unknown>, after as Record<string, unknown>);
    if (Object.keys(patch).length === 0) continue;
    let result = after;
    if (!local && dryRun !== 'client' && item.patch !== undefined) {
      try {
        result = await item.patch(patch);
      } catch (err) {
        errors.push(new UsageError(`failed to patch ${operation.replace(/ updated$/, '')} update to pod template: ${err instanceof Error ? err.message : String(err)}`, false));
        continue;
      }
    }
    if (output.printsObjects) output.printOne({ ...result, apiVersion: result.apiVersion ?? before.apiVersion ?? '', kind: result.kind ?? before.kind ?? '' });
    else ctx.io.stdout.write(output.resultLine(describeObject(after), `${operation}${suffix}`));
  }
  const failure = await failuresError(errors, ctx.commandPath);
  if (failure !== undefined) throw failure;
}

/** kubectl's `GetResourcesAndPairs`: resources first, then `KEY=VALUE` pairs. */
export function splitPairs(args: readonly string[], pairType: string): { resources: string[]; pairs: string[] } {
  const resources: string[] = [];
  const pairs: string[] = [];
  for (const s of args) {
    const isPair = s.includes('=');
    if (isPair) pairs.push(s);
    else if (pairs.length > 0) throw new UsageError(`all resources must be specified before ${pairType} changes: ${s}`, false);
    else resources.push(s);
  }
  return { resources, pairs };
}
