/**
 * The node side of the local server, assembled: the `pods/binding` endpoint (always served), and
 * with `ServerOptions.node` the scheduler, node lifecycle and, unless the node is not to be
 * registered, the node agent of node `local` with its runtime and logs, and the resource metrics
 * API. The server adds the controllers and endpoints this
 * returns and calls `shutdown` before it closes the store, so that no pod process outlives it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import type { JsonObject } from '../../sdk/types/meta.js';
import { LOCAL_NODE_NAME } from '../../sdk/naming.js';
import type { ServerContext } from '../context.js';
import { InternalClient } from '../control/client.js';
import type { Controller } from '../control/controller.js';
import type { PipelineEndpoint } from '../http/handler.js';
import type { ResourceDef } from '../registry/types.js';
import { bindingEndpoint } from '../scheduler/binding.js';
import { scheduler } from '../scheduler/scheduler.js';
import { NodeAgent } from './agent/agent.js';
import { nodeLifecycle } from './lifecycle.js';
import { fileContainerLogs } from './logs/file-logs.js';
import { metricsDefs, metricsEndpoint, podMetricsOf } from './metrics/api.js';
import { MetricsSampler } from './metrics/sampler.js';
import { resolveNodeOptions, type NodeOptions } from './options.js';
import { createProcessRuntime } from './runtime/process/process-runtime.js';
import type { NodeStreams } from '../streams/node-access.js';

export type { NodeOptions, NodeRuntimeMode } from './options.js';

/** What the server gets from the node side. */
export interface NodeSide {
  controllers: Controller[];
  endpoints: PipelineEndpoint[];
  /** Stops every pod process and flushes the logs (before the store closes). */
  shutdown(): Promise<void>;
  /** The PodMetrics of a namespace the metrics API serves; absent when the node does not run. */
  podMetrics?: (namespace: string) => Promise<JsonObject[]>;
  /** The runtime and logs the stream endpoints (logs, exec, attach) use; absent without a node. */
  streams?: NodeStreams;
}

/** Where the server is and keeps its state. */
export interface NodeSideParts {
  dataDir: string | undefined;
  /** The address the server listens on. */
  host: string;
  /** The serving port (known once the server listens). */
  port(): number;
}

/** Kinds the node side serves besides the built-ins (the metrics API when the node `local` is there). */
export function nodeDefs(options: NodeOptions | undefined): ResourceDef[] {
  return options === undefined || options.registerNode === false ? [] : metricsDefs;
}

/** The node's address: the server's when it listens on one IPv4 address, else 127.0.0.1. */
function hostIPOf(host: string): string {
  return /^\d+\.\d+\.\d+\.\d+$/.test(host) && host !== '0.0.0.0' ? host : '127.0.0.1';
}

/** Sets up the node side. */
export async function setupNode(ctx: ServerContext, options: NodeOptions | undefined, parts: NodeSideParts): Promise<NodeSide> {
  const endpoints: PipelineEndpoint[] = [bindingEndpoint(ctx)];
  if (options === undefined) return { controllers: [], endpoints, shutdown: async () => undefined };
  const o = resolveNodeOptions(options);
  const lifecycle = nodeLifecycle(ctx, { gracePeriodMs: o.nodeMonitorGracePeriodMs, monitorPeriodMs: o.nodeMonitorPeriodMs, now: () => ctx.now() });
  // Without a node of its own the server still schedules onto, and watches over, the nodes clients register.
  if (!o.registerNode) return { controllers: [lifecycle, scheduler(ctx)], endpoints, shutdown: async () => undefined };
  if (o.runtime === 'process' && process.platform === 'win32') {
    // Containers are process groups, which Windows does not have.
    o.runtime = 'none';
    o.disabledReason = 'the process runtime needs process groups, which Windows does not have';
  }
  const scratch = parts.dataDir === undefined ? await mkdtemp(join(os.tmpdir(), 'platformctl-node-')) : undefined;
  const base = parts.dataDir ?? scratch ?? os.tmpdir();
  const hostIP = hostIPOf(parts.host);
  const logs = fileContainerLogs(join(base, 'pods'), { maxBytes: o.containerLogMaxBytes, maxFiles: o.containerLogMaxFiles }, (e) => ctx.log(`container logs: ${e instanceof Error ? e.message : String(e)}`));
  const runtime = o.runtime === 'process'
    ? await createProcessRuntime({ stateDir: join(base, 'node', 'processes'), defaultWorkingDir: process.cwd(), now: () => ctx.now(), log: ctx.log, sharedAddress: o.sharedPodAddress })
    : undefined;
  const agent = new NodeAgent({
    ctx, nodeName: LOCAL_NODE_NAME, hostIP, storageDir: base, runtime, logs, options: o,
    serverAddress: () => ({ host: hostIP, port: parts.port() }),
  });
  const started = process.cpuUsage();
  const sampler = new MetricsSampler({ usage: () => agent.usage(), startedAt: (uid, name) => agent.startedAt(uid, name) }, o.metricsResolutionMs, () => {
    const u = process.cpuUsage(started);
    return { cpuNanos: (u.user + u.system) * 1000, memoryBytes: process.memoryUsage().rss };
  });
  const nodesDef = ctx.registry.kind('v1', 'Node');
  const reader = new InternalClient(ctx, 'system:serviceaccount:platform-system:metrics-server', 'metrics-server');
  endpoints.push(metricsEndpoint(ctx, {
    sampler,
    node: () => reader.get(nodesDef, '', LOCAL_NODE_NAME),
  }));
  let shutdown: Promise<void> | undefined;
  const stopAll = (): Promise<void> => {
    shutdown ??= (async () => {
      sampler.stop();
      await agent.shutdown();
      if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
    })();
    return shutdown;
  };
  const agentController: Controller = {
    name: 'node-agent',
    start: () => agent.start(),
    idle: () => agent.idle(),
    stop: () => void stopAll(),
  };
  const metricsController: Controller = {
    name: 'metrics-sampler',
    start: async () => sampler.start(),
    idle: async () => undefined,
    stop: () => sampler.stop(),
  };
  return {
    controllers: [
      agentController,
      lifecycle,
      scheduler(ctx),
      metricsController,
    ],
    endpoints,
    shutdown: stopAll,
    podMetrics: async (namespace) => podMetricsOf(sampler, namespace, ctx.now()),
    streams: { runtime, logs },
  };
}
