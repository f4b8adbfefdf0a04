/**
 * `top pod`: PodMetrics of one pod, or of the pods a selector picks (one namespace or all), as
 * kubectl prints them; "Metrics API not available" when the server lacks the metrics API.
 */
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { requireMetricsApi, sortByOf } from '../shared.js';

/** Runs `top pod`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const sortBy = sortByOf(flags.string('sort-by'));
  const name = args[0] ?? '';
  if (args.length > 1) throw new UsageError('top pod [NAME | -l label]');
  const selector = flags.string('selector') ?? '';
  if (name !== '' && selector !== '') throw new UsageError('only one of NAME or selector can be provided', false);
  const allNamespaces = flags.bool('all-namespaces');
  const client = await ctx.client();
  const { namespace } = await ctx.namespace();
  await requireMetricsApi(client, ctx.io.signal);
  const items = await client.metrics.pods({ name, namespace, allNamespaces, labelSelector: selector, fieldSelector: flags.string('field-selector') ?? '', signal: ctx.io.signal });
  if (items.length === 0) {
    const pods = await (allNamespaces ? client.resource({ group: '', version: 'v1', resource: 'pods', namespaced: true }).allNamespaces() : client.resource({ group: '', version: 'v1', resource: 'pods', namespaced: true }, namespace))
      .list({ labelSelector: selector, signal: ctx.io.signal });
    if (pods.items.length > 0) throw new UsageError('metrics not available yet', false);
    ctx.io.stderr.write(allNamespaces ? 'No resources found\n' : `No resources found in ${namespace} namespace.\n`);
    return;
  }
  const { formatPodMetrics } = await import('../../../../printers/top/metrics-table.js');
  ctx.io.stdout.write(formatPodMetrics(items.map((m) => ({
    namespace: m.metadata?.namespace ?? '', name: m.metadata?.name ?? '',
    containers: (m.containers ?? []).map((c) => ({ name: c.name ?? '', usage: c.usage ?? {} })),
  })), { containers: flags.bool('containers'), withNamespace: allNamespaces, noHeaders: flags.bool('no-headers'), sortBy, sum: flags.bool('sum') }));
}
