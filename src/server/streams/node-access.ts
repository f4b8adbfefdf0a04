/**
 * What the stream endpoints need of the node side: the container runtime (exec, attach) and the
 * container logs. Absent when the server runs no node agent, or its runtime is off.
 */
import type { ContainerLogs } from '../node/logs/container-logs.js';
import type { ContainerRuntime } from '../node/runtime/runtime.js';

/** The node agent's parts the streams use. */
export interface NodeStreams {
  runtime: ContainerRuntime | undefined;
  logs: ContainerLogs;
}
