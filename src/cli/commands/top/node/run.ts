/** `top node`: NodeMetrics with the share of each node's allocatable (or capacity) used. */
import type { KubeObject } from '../../../../sdk/types/meta.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { requireMetricsApi, sortByOf } from '../shared.js';

interface NodeObject extends KubeObject {
  status?: { allocatable?: Record<string, string>; capacity?: Record<string, string> };
}

/** Runs `top node`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const sortBy = sortByOf(flags.string('sort-by'));
  const name = args[0] ?? '';
  const selector = flags.string('selector') ?? '';
  if (name !== '' && selector !== '') throw new UsageError('only one of NAME or --selector can be provided', false);
  const client = await ctx.client();
  await requireMetricsApi(client, ctx.io.signal);
  const metrics = await client.metrics.nodes({ name, labelSelector: selector, signal: ctx.io.signal });
  if (metrics.length === 0) throw new UsageError('metrics not available yet', false);
  const nodesRc = client.resource<NodeObject>({ group: '', version: 'v1', resource: 'nodes', namespaced: false, kind: 'Node' });
  const nodes = name !== '' ? [await nodesRc.get(name, { signal: ctx.io.signal })] : (await nodesRc.list({ labelSelector: selector, signal: ctx.io.signal })).items;
  const available = new Map(nodes.map((n) => [n.metadata?.name ?? '', (flags.bool('show-capacity') ? n.status?.capacity : n.status?.allocatable) ?? {}]));
  const { formatNodeMetrics } = await import('../../../../printers/top/metrics-table.js');
  ctx.io.stdout.write(formatNodeMetrics(metrics.map((m) => ({ name: m.metadata?.name ?? '', usage: m.usage ?? {} })), available, flags.bool('no-headers'), sortBy));
}
