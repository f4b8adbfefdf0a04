/**
 * Typed reads of the resource metrics API (`metrics.platform.io/v1beta1`): PodMetrics and
 * NodeMetrics, as `top pod` and `top node` read them (one implementation for both).
 */
import { GROUPS } from '../naming.js';
import type { ResourceClient, ResourceDescriptor } from '../rest/resource-client.js';
import type { RestClient } from '../rest/rest-client.js';
import type { ObjectBase } from '../types/meta.js';
import type { NodeMetrics, PodMetrics } from '../types/metrics.js';

/** The metrics API's version. */
export const METRICS_VERSION = 'v1beta1';

/** PodMetrics: `metrics.platform.io/v1beta1` `pods`. */
export const POD_METRICS: Readonly<ResourceDescriptor> = { group: GROUPS.metrics, version: METRICS_VERSION, resource: 'pods', namespaced: true, kind: 'PodMetrics' };

/** NodeMetrics: `metrics.platform.io/v1beta1` `nodes`. */
export const NODE_METRICS: Readonly<ResourceDescriptor> = { group: GROUPS.metrics, version: METRICS_VERSION, resource: 'nodes', namespaced: false, kind: 'NodeMetrics' };

/** Options every metrics read takes. */
export interface MetricsReadOptions {
  signal?: AbortSignal | undefined;
}

/** Options of {@link MetricsClient.pods} (`top pod`'s arguments and flags). */
export interface PodMetricsOptions extends MetricsReadOptions {
  /** One pod (`top pod NAME`); a missing one rejects with NotFound. */
  name?: string | undefined;
  /** The namespace (default: the client's); ignored with {@link allNamespaces}. */
  namespace?: string | undefined;
  /** Every namespace (`-A`). */
  allNamespaces?: boolean | undefined;
  /** `-l` */
  labelSelector?: string | undefined;
  /** `--field-selector` */
  fieldSelector?: string | undefined;
}

/** Options of {@link MetricsClient.nodes} (`top node`'s arguments and flags). */
export interface NodeMetricsOptions extends MetricsReadOptions {
  /** One node (`top node NAME`); a missing one rejects with NotFound. */
  name?: string | undefined;
  /** `-l` */
  labelSelector?: string | undefined;
}

/** The resource metrics API of one server. */
export interface MetricsClient {
  /** Whether the server serves `metrics.platform.io/v1beta1` (`top` says "Metrics API not available" otherwise). */
  available(options?: MetricsReadOptions): Promise<boolean>;
  /** PodMetrics of one pod, or of the pods the selectors pick in a namespace or all. */
  pods(options?: PodMetricsOptions): Promise<PodMetrics[]>;
  /** NodeMetrics of one node, or of the nodes a selector picks. */
  nodes(options?: NodeMetricsOptions): Promise<NodeMetrics[]>;
}

interface ApiGroupList {
  groups?: { name?: string; versions?: { version?: string }[] }[];
}

type ResourceFactory = <T extends ObjectBase>(descriptor: ResourceDescriptor, namespace?: string) => ResourceClient<T>;

function selectors(o: { labelSelector?: string | undefined; fieldSelector?: string | undefined; signal?: AbortSignal | undefined }): { labelSelector?: string; fieldSelector?: string; signal?: AbortSignal } {
  const out: { labelSelector?: string; fieldSelector?: string; signal?: AbortSignal } = {};
  if (o.labelSelector !== undefined && o.labelSelector !== '') out.labelSelector = o.labelSelector;
  if (o.fieldSelector !== undefined && o.fieldSelector !== '') out.fieldSelector = o.fieldSelector;
  if (o.signal !== undefined) out.signal = o.signal;
  return out;
}

/** The metrics reads of a client: `resource` makes resource clients, `defaultNamespace` is the client's. */
export function metricsClient(rest: RestClient, resource: ResourceFactory, defaultNamespace: string): MetricsClient {
  return {
    async available(options = {}) {
      const groups = await rest.json<ApiGroupList>({ method: 'GET', path: '/apis', ...(options.signal === undefined ? {} : { signal: options.signal }) });
      const metrics = (groups.groups ?? []).find((g) => g.name === GROUPS.metrics);
      return metrics !== undefined && (metrics.versions ?? []).some((v) => v.version === METRICS_VERSION);
    },
    async pods(options = {}) {
      const namespace = options.namespace ?? defaultNamespace;
      const signal = options.signal === undefined ? {} : { signal: options.signal };
      if (options.name !== undefined && options.name !== '') return [await resource<PodMetrics>(POD_METRICS, namespace).get(options.name, signal)];
      const rc = options.allNamespaces === true ? resource<PodMetrics>(POD_METRICS).allNamespaces() : resource<PodMetrics>(POD_METRICS, namespace);
      return (await rc.list(selectors(options))).items;
    },
    async nodes(options = {}) {
      const rc = resource<NodeMetrics>(NODE_METRICS);
      const signal = options.signal === undefined ? {} : { signal: options.signal };
      if (options.name !== undefined && options.name !== '') return [await rc.get(options.name, signal)];
      return (await rc.list(selectors(options))).items;
    },
  };
}
