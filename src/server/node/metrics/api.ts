/**
 * The resource metrics API (`metrics.platform.io/v1beta1`, metrics-server's `metrics.k8s.io`):
 * NodeMetrics and PodMetrics, read-only (get and list, with label and field selectors and the
 * Table form kubectl asks for), computed from the sampler on every request as metrics-server
 * computes them from its scrapes. Served in discovery like the aggregated API it stands for.
 */
import type { Node } from '../../../sdk/types/generated/core-v1.js';
import type { ObjectMeta } from '../../../sdk/types/generated/meta-v1.js';
import { GROUPS } from '../../../sdk/naming.js';
import type { ServerContext } from '../../context.js';
import { timestamp } from '../../util/time.js';
import { methodNotAllowed, notFound } from '../../errors.js';
import type { PipelineEndpoint } from '../../http/handler.js';
import { negotiate } from '../../http/negotiation.js';
import { send } from '../../http/respond.js';
import { parseIncludeObject, toTable } from '../../http/transform.js';
import { defineKind } from '../../kinds/define.js';
import type { ResourceDef, TableDef } from '../../registry/types.js';
import { compileSelection } from '../../rest/selection.js';
import { formatMilliQuantity } from '../../admission/quota/quantity.js';
import { formatGoDuration } from '../../../machinery/go-duration.js';
import type { MetricsSampler, Usage } from './sampler.js';

const VERSION = 'v1beta1';

/** CPU in nanocores as a canonical quantity (`123456n`, `2m`, `1`). */
export function cpuQuantity(nanocores: number): string {
  const n = Math.max(0, Math.round(nanocores));
  if (n === 0) return '0';
  for (const [factor, suffix] of [[1e9, ''], [1e6, 'm'], [1e3, 'u']] as const) if (n % factor === 0) return `${n / factor}${suffix}`;
  return `${n}n`;
}

/** Memory in bytes as a canonical binary quantity (`1234Ki`, `4Mi`). */
export function memoryQuantity(bytes: number): string {
  return formatMilliQuantity(BigInt(Math.max(0, Math.round(bytes))) * 1000n, true);
}

/** CPU and memory as quantities. */
type ResourceUsage = { cpu: string; memory: string };

/** The NodeMetrics this API builds (the kind has no schema table: metrics-server defines it). */
type NodeMetrics = { kind: 'NodeMetrics'; apiVersion: string; metadata: ObjectMeta; timestamp: string; window: string; usage: ResourceUsage };

/** The PodMetrics this API builds. */
type PodMetrics = { kind: 'PodMetrics'; apiVersion: string; metadata: ObjectMeta; timestamp: string; window: string; containers: { name: string; usage: ResourceUsage }[] };

function usageObject(u: Usage): ResourceUsage {
  return { cpu: cpuQuantity(u.cpuNanocores), memory: memoryQuantity(u.memoryBytes) };
}

const COLUMNS: TableDef['columns'] = [
  { name: 'Name', type: 'string', format: 'name', description: 'Name of the resource', priority: 0 },
  { name: 'cpu', type: 'string', format: 'quantity', description: '', priority: 0 },
  { name: 'memory', type: 'string', format: 'quantity', description: '', priority: 0 },
  { name: 'Window', type: 'string', format: 'duration', description: '', priority: 0 },
];

const nodeMetricsTable: TableDef<NodeMetrics> = {
  columns: COLUMNS,
  cells: (o) => [o.metadata.name ?? '', o.usage.cpu, o.usage.memory, o.window],
};

/** Pod usage in a table is the sum over its containers. */
function podTotals(o: PodMetrics): ResourceUsage {
  let cpu = 0;
  let mem = 0;
  for (const { usage } of o.containers) {
    cpu += nanocoresOf(usage.cpu);
    mem += bytesOf(usage.memory);
  }
  return { cpu: cpuQuantity(cpu), memory: memoryQuantity(mem) };
}

function nanocoresOf(q: string): number {
  const m = /^(\d+)(n|u|m)?$/.exec(q);
  if (m === null) return 0;
  const f = m[2] === 'n' ? 1 : m[2] === 'u' ? 1e3 : m[2] === 'm' ? 1e6 : 1e9;
  return Number(m[1]) * f;
}

function bytesOf(q: string): number {
  const m = /^(\d+)(Ki|Mi|Gi|Ti)?$/.exec(q);
  if (m === null) return 0;
  const f = m[2] === 'Ki' ? 1024 : m[2] === 'Mi' ? 1024 ** 2 : m[2] === 'Gi' ? 1024 ** 3 : m[2] === 'Ti' ? 1024 ** 4 : 1;
  return Number(m[1]) * f;
}

const podMetricsTable: TableDef<PodMetrics> = {
  columns: COLUMNS,
  cells: (o) => {
    const t = podTotals(o);
    return [o.metadata.name ?? '', t.cpu, t.memory, o.window];
  },
};

/** NodeMetrics and PodMetrics as served resources (never stored: their tables get only the objects built here). */
export const metricsDefs: ResourceDef[] = [
  defineKind({ group: GROUPS.metrics, version: VERSION, kind: 'NodeMetrics', plural: 'nodes', namespaced: false, verbs: ['get', 'list'], table: nodeMetricsTable }),
  defineKind({ group: GROUPS.metrics, version: VERSION, kind: 'PodMetrics', plural: 'pods', namespaced: true, verbs: ['get', 'list'], table: podMetricsTable }),
];

/** Where the API reads nodes from (their labels go into NodeMetrics). */
export interface MetricsApiDeps {
  sampler: MetricsSampler;
  node(): Promise<Node | undefined>;
}

function nodeMetricsOf(node: Node, u: Usage, now: number): NodeMetrics {
  const labels = node.metadata?.labels;
  const m: ObjectMeta = { name: node.metadata?.name ?? '', creationTimestamp: timestamp(now), ...(labels === undefined ? {} : { labels: structuredClone(labels) }) };
  return { kind: 'NodeMetrics', apiVersion: `${GROUPS.metrics}/${VERSION}`, metadata: m, timestamp: timestamp(u.timestamp), window: formatGoDuration(u.windowMs), usage: usageObject(u) };
}

/**
 * The PodMetrics of the pods the sampler measured, in one namespace (all for `''`): what the API
 * serves and what the HPA controller reads, as a real one reads metrics-server.
 */
export function podMetricsOf(sampler: MetricsSampler, namespace: string, now: number): PodMetrics[] {
  return sampler.podUsage().filter((p) => namespace === '' || p.pod.metadata?.namespace === namespace).map((p) => {
    const meta = p.pod.metadata;
    const m: ObjectMeta = { name: meta?.name ?? '', namespace: meta?.namespace ?? '', creationTimestamp: timestamp(now), ...(meta?.labels === undefined ? {} : { labels: structuredClone(meta.labels) }) };
    return {
      kind: 'PodMetrics', apiVersion: `${GROUPS.metrics}/${VERSION}`, metadata: m, timestamp: timestamp(p.timestamp), window: formatGoDuration(p.windowMs),
      containers: p.containers.map((c) => ({ name: c.name, usage: usageObject(c.usage) })),
    };
  });
}

/** The endpoint answering `metrics.platform.io` requests. */
export function metricsEndpoint(ctx: ServerContext, deps: MetricsApiDeps): PipelineEndpoint {
  return {
    matches: (info) => info.isResourceRequest && info.apiGroup === GROUPS.metrics,
    async serve(rc) {
      const info = rc.info;
      const def = metricsDefs.find((d) => d.plural === info.resource && d.version === info.apiVersion);
      if (def === undefined || info.subresource !== '') throw notFound({ group: GROUPS.metrics, resource: info.resource }, info.name);
      if (info.verb !== 'get' && info.verb !== 'list') throw methodNotAllowed();
      const now = ctx.now();
      const q = rc.url.searchParams;
      const selection = compileSelection(def, q.get('labelSelector'), q.get('fieldSelector'));
      let items: (NodeMetrics | PodMetrics)[] = [];
      if (def.kind === 'NodeMetrics') {
        const node = await deps.node();
        const u = deps.sampler.node();
        if (node !== undefined && u !== undefined) items = [nodeMetricsOf(node, u, now)];
      } else {
        items = podMetricsOf(deps.sampler, info.namespace, now);
      }
      const out = negotiate(rc.req.headers.accept, { transforms: true }, info.verb === 'list');
      if (info.verb === 'get') {
        const found = items.find((i) => i.metadata.name === info.name);
        if (found === undefined) throw notFound({ group: GROUPS.metrics, resource: def.plural }, info.name);
        if (out.kind === 'table') {
          await send(rc.res, 200, toTable(def, [found], {}, out.version, parseIncludeObject(q.get('includeObject')), now), out, rc.headers);
          return;
        }
        await send(rc.res, 200, found, out, rc.headers);
        return;
      }
      const selected = items.filter((i) => selection.matches(i));
      if (out.kind === 'table') {
        await send(rc.res, 200, toTable(def, selected, {}, out.version, parseIncludeObject(q.get('includeObject')), now), out, rc.headers);
        return;
      }
      await send(rc.res, 200, { kind: `${def.kind}List`, apiVersion: `${GROUPS.metrics}/${VERSION}`, metadata: {}, items: selected }, out, rc.headers);
    },
  };
}
