/**
 * What `cordon`, `uncordon` and `drain` share: the nodes named on the command line (or selected
 * with `-l`), and setting `spec.unschedulable` with kubectl's messages (`node/n1 cordoned`,
 * `already cordoned`, `error: unable to cordon node "n1": ...`).
 */
import type { PlatformClient } from '../../../../sdk/client.js';
import type { KubeObject } from '../../../../sdk/types/meta.js';
import type { CommandContext } from '../../../framework/context.js';
import type { FlagReader } from '../../../framework/flag-reader.js';
import { CHUNK_SIZE_FLAG } from '../../../flags/chunk-size.js';
import { UsageError } from '../../../framework/usage-error.js';
import { usageErrorf } from '../../../framework/usage-errorf.js';
import { NO_RESOURCES_MESSAGE } from '../../../manifests/no-resources.js';
import type { SELECTOR_FLAG_EQUALITY_HELP } from '../../../resource/selection.js';
import { dryRunMode, dryRunSuffix, type DRY_RUN_FLAG } from '../../../writes/dry-run.js';

const NODES = { group: '', version: 'v1', resource: 'nodes', namespaced: false, kind: 'Node' } as const;

/** The nodes of the command line. */
export async function nodesOf(ctx: CommandContext, client: PlatformClient, args: string[], flags: FlagReader<typeof SELECTOR_FLAG_EQUALITY_HELP>, use: string): Promise<KubeObject[]> {
  const selector = flags.string('selector') ?? '';
  if (args.length === 0 && !flags.changed('selector')) throw usageErrorf(ctx.commandPath, `USAGE: ${use} [flags]`);
  if (args.length > 0 && selector !== '') throw usageErrorf(ctx.commandPath, 'error: cannot specify both a node name and a --selector option');
  // An empty --selector= names nothing: kubectl's builder has no resources then.
  if (args.length === 0 && selector === '') throw new UsageError(NO_RESOURCES_MESSAGE, false);
  const rc = client.resource(NODES);
  if (selector !== '') {
    // In chunks, as kubectl's builder lists (drain's --chunk-size; 500 otherwise).
    // `--chunk-size` is drain's; cordon and uncordon list in chunks of 500.
    const chunk = flags.optional(CHUNK_SIZE_FLAG) ?? 500;
    const out: KubeObject[] = [];
    for await (const page of rc.listPages({ labelSelector: selector, ...(chunk > 0 ? { limit: chunk } : {}), signal: ctx.io.signal })) {
      out.push(...page.items.map((n) => ({ ...n, apiVersion: 'v1', kind: 'Node' })));
    }
    return out;
  }
  const out: KubeObject[] = [];
  for (const arg of args) {
    const name = arg.startsWith('node/') ? arg.slice(5) : arg.startsWith('nodes/') ? arg.slice(6) : arg;
    out.push(await rc.get(name, { signal: ctx.io.signal }));
  }
  return out;
}

/** Cordons (`desired` true) or uncordons each node, printing as kubectl does. */
export async function cordonNodes(ctx: CommandContext, client: PlatformClient, nodes: KubeObject[], flags: FlagReader<typeof DRY_RUN_FLAG>, desired: boolean): Promise<void> {
  const dryRun = dryRunMode(flags);
  const suffix = dryRunSuffix(dryRun);
  const verb = desired ? 'cordon' : 'uncordon';
  const rc = client.resource(NODES);
  for (const node of nodes) {
    const name = node.metadata?.name ?? '';
    const current = (node as { spec?: { unschedulable?: boolean } }).spec?.unschedulable === true;
    if (current === desired) {
      ctx.io.stdout.write(`node/${name} already ${verb}ed${suffix}\n`);
      continue;
    }
    if (dryRun !== 'client') {
      try {
        await rc.patch(name, { spec: { unschedulable: desired ? true : null } }, { type: 'strategic', signal: ctx.io.signal, ...(dryRun === 'server' ? { dryRun: true } : {}) });
      } catch (err) {
        ctx.io.stderr.write(`error: unable to ${verb} node ${JSON.stringify(name)}: ${err instanceof Error ? err.message : String(err)}\n`);
        continue;
      }
    }
    ctx.io.stdout.write(`node/${name} ${verb}ed${suffix}\n`);
  }
}
