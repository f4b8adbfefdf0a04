/**
 * Options of the node side of the local server (`ServerOptions.node`): the node agent of the node
 * `local`, the scheduler, node lifecycle and the resource metrics API. Every duration the kubelet
 * and controllers use can be shortened for tests.
 */

/** How pods run on the node. */
export type NodeRuntimeMode = 'process' | 'none';

/** Options of the node side. */
export interface NodeOptions {
  /**
   * `process`: each container's command runs as a child process of the server, as the user who
   * started it. `none`: the node is registered without a runtime (NotReady); pods stay Pending and
   * an event says why.
   */
  runtime: NodeRuntimeMode;
  /**
   * Whether the server registers its node `local` and runs its agent (default true). False
   * (`--node-runtime=none`): the server has no node of its own; none is registered, and none is
   * re-created when a client deletes one. The scheduler and node lifecycle work on the nodes
   * clients register, and nothing runs the pods bound to them, as in a control plane without node
   * agents. The resource metrics API is not served then (no node reports usage).
   */
  registerNode?: boolean;
  /** Why the runtime is off (node condition and pod events), e.g. `--node-runtime=none`. */
  disabledReason?: string;
  /** First crash-loop back-off delay (ms, default 10 s; doubles up to `backoffMaxMs`). */
  backoffInitialMs?: number;
  /** Longest back-off delay (ms, default 5 min). */
  backoffMaxMs?: number;
  /** A container that ran this long starts its back-off over (ms, default 10 min). */
  backoffResetMs?: number;
  /** Lease duration the agent announces (s, default 40). */
  leaseDurationSeconds?: number;
  /** How often the agent renews its lease (ms, default 10 s). */
  leaseRenewIntervalMs?: number;
  /** How often the agent checks the node's health (ms, default 10 s). */
  nodeStatusIntervalMs?: number;
  /** A node whose lease is older than this is unreachable (ms, default 40 s; `--node-monitor-grace-period`). */
  nodeMonitorGracePeriodMs?: number;
  /** How often node lifecycle looks at the nodes (ms, default 5 s). */
  nodeMonitorPeriodMs?: number;
  /** Longest time stopping the server waits for a pod's processes before SIGKILL (ms, default 10 s). */
  shutdownGracePeriodMs?: number;
  /** Size at which a container log is rotated (bytes, default 10 MiB). */
  containerLogMaxBytes?: number;
  /** Log files kept per container instance, the current one included (default 5). */
  containerLogMaxFiles?: number;
  /** Interval of resource usage samples for the metrics API (ms, default 15 s, metrics-server's resolution). */
  metricsResolutionMs?: number;
  /** Pods share 127.0.0.1 even where the whole 127.0.0.0/8 answers (to test the macOS behaviour). */
  sharedPodAddress?: boolean;
  /** Pods the node takes at most (the kubelet's `--max-pods`, default 110). */
  maxPods?: number;
}

/** Options with defaults applied. */
export interface ResolvedNodeOptions {
  runtime: NodeRuntimeMode;
  registerNode: boolean;
  disabledReason: string;
  backoffInitialMs: number;
  backoffMaxMs: number;
  backoffResetMs: number;
  leaseDurationSeconds: number;
  leaseRenewIntervalMs: number;
  nodeStatusIntervalMs: number;
  nodeMonitorGracePeriodMs: number;
  nodeMonitorPeriodMs: number;
  shutdownGracePeriodMs: number;
  containerLogMaxBytes: number;
  containerLogMaxFiles: number;
  metricsResolutionMs: number;
  sharedPodAddress: boolean;
  maxPods: number;
}

/** Applies the defaults (the kubelet's and controller manager's). */
export function resolveNodeOptions(o: NodeOptions): ResolvedNodeOptions {
  return {
    runtime: o.runtime,
    registerNode: o.registerNode ?? true,
    disabledReason: o.disabledReason ?? 'the server was started with --node-runtime=none',
    backoffInitialMs: o.backoffInitialMs ?? 10_000,
    backoffMaxMs: o.backoffMaxMs ?? 300_000,
    backoffResetMs: o.backoffResetMs ?? 600_000,
    leaseDurationSeconds: o.leaseDurationSeconds ?? 40,
    leaseRenewIntervalMs: o.leaseRenewIntervalMs ?? 10_000,
    nodeStatusIntervalMs: o.nodeStatusIntervalMs ?? 10_000,
    nodeMonitorGracePeriodMs: o.nodeMonitorGracePeriodMs ?? 40_000,
    nodeMonitorPeriodMs: o.nodeMonitorPeriodMs ?? 5_000,
    shutdownGracePeriodMs: o.shutdownGracePeriodMs ?? 10_000,
    containerLogMaxBytes: o.containerLogMaxBytes ?? 10 * 1024 * 1024,
    containerLogMaxFiles: o.containerLogMaxFiles ?? 5,
    metricsResolutionMs: o.metricsResolutionMs ?? 15_000,
    sharedPodAddress: o.sharedPodAddress ?? false,
    maxPods: o.maxPods ?? 110,
  };
}
