/**
 * The resource metrics API (`metrics.platform.io/v1beta1`, metrics-server's `metrics.k8s.io`):
 * the CPU and memory a pod's containers and a node use, sampled over a window.
 */
import type { ObjectBase } from './meta.js';

/** Usage by resource name (`cpu: 250m`, `memory: 64Mi`), as quantity text. */
export type ResourceUsage = Record<string, string>;

/** One container's usage. */
export interface ContainerMetrics {
  name?: string;
  usage?: ResourceUsage;
}

/** A pod's usage, container by container. */
export interface PodMetrics extends ObjectBase {
  kind?: 'PodMetrics';
  /** When the sample was taken (RFC 3339). */
  timestamp?: string;
  /** The window the usage was measured over (a Go duration, `30s`). */
  window?: string;
  containers?: ContainerMetrics[];
}

/** A node's usage. */
export interface NodeMetrics extends ObjectBase {
  kind?: 'NodeMetrics';
  timestamp?: string;
  window?: string;
  usage?: ResourceUsage;
}
