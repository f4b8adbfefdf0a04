/**
 * What the workload end-to-end tests share: a server whose controllers run and whose node runs
 * pods as processes (short intervals), a config file for the CLI, the small Node programs used as
 * containers, and waiting for a set of pods to reach a state.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient, arrayAt, at, type Body } from '../support/api.js';
import { runCli, type CliResult } from '../support/cli.js';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';
import type { ServerOptions } from '../../src/server/index.js';
import { fastNode, waitFor } from '../integration/server/node/support.js';

/** A server, an API client and the CLI pointed at it. */
export interface WorkloadCluster {
  server: TestServer;
  api: ApiClient;
  home: string;
  /** Runs platformctl in-process against the server. */
  cli(...args: string[]): Promise<CliResult>;
  close(): Promise<void>;
}

/** Starts a one-node cluster (controllers, scheduler, process runtime) and a namespace for the test. */
export async function startCluster(namespace: string, options: ServerOptions = {}): Promise<WorkloadCluster> {
  const server = await startTestServer({ workloads: true, node: fastNode(), ...options });
  const api = new ApiClient(server);
  const home = await mkdtemp(join(tmpdir(), `platformctl-${namespace}-`));
  const config = await writeTestKubeconfig(server, home, namespace);
  await api.post('/api/v1/namespaces', { metadata: { name: namespace } });
  return {
    server, api, home,
    cli: (...args) => runCli(['--kubeconfig', config, ...args], { home, cwd: home, now: new Date() }),
    async close() {
      api.close();
      await server.stop();
      await rm(home, { recursive: true, force: true });
    },
  };
}

/** An HTTP server on $POD_IP:8080 answering with its pod's name (and its VERSION, when set). */
export const HTTP_SERVER = 'require("http").createServer((q, s) => s.end(process.env.POD_NAME + " " + (process.env.VERSION ?? ""))).listen(8080, process.env.POD_IP)';
/** A program that exits 0. */
export const EXIT_0 = 'setTimeout(() => process.exit(0), 200)';
/** A program that exits 1. */
export const EXIT_1 = 'console.error("failing on purpose"); process.exit(1)';
/** A program that ignores SIGTERM. */
/** Ignores SIGTERM; prints `handler installed` once it does (until then SIGTERM still kills it). */
export const IGNORE_SIGTERM = 'process.on("SIGTERM", () => console.log("ignoring SIGTERM")); console.log("handler installed"); setInterval(() => {}, 1000)';

/** A container running `program` with this Node binary, given its pod's name and address. */
export function programContainer(name: string, program: string, extra: Body = {}): Body {
  const env = [
    { name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } },
    { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
    ...((extra.env as Body[] | undefined) ?? []),
  ];
  return { name, image: 'node:20-alpine', command: [process.execPath, '-e', program], ...extra, env };
}

/** A container serving HTTP on $POD_IP:8080 with a TCP readiness probe. */
export function httpContainer(extra: Body = {}): Body {
  return programContainer('web', HTTP_SERVER, { ports: [{ containerPort: 8080 }], readinessProbe: { tcpSocket: { port: 8080 }, periodSeconds: 1 }, ...extra });
}

/** True when a pod's Ready condition is True. */
export function isReady(pod: unknown): boolean {
  return arrayAt(pod, 'status.conditions').some((c) => at(c, 'type') === 'Ready' && at(c, 'status') === 'True');
}

/** The pods of a namespace matching a label selector. */
export async function listPods(api: ApiClient, namespace: string, selector: string): Promise<Body[]> {
  const r = await api.get(`/api/v1/namespaces/${namespace}/pods?labelSelector=${encodeURIComponent(selector)}`);
  return arrayAt(r.body, 'items') as Body[];
}

/** Waits until the selected pods, not terminating, satisfy `ok`. */
export async function waitForPods(api: ApiClient, namespace: string, selector: string, what: string, ok: (pods: Body[]) => boolean, timeoutMs = 60_000): Promise<Body[]> {
  return waitFor(what, async () => {
    const pods = (await listPods(api, namespace, selector)).filter((p) => at(p, 'metadata.deletionTimestamp') === undefined);
    return ok(pods) ? pods : undefined;
  }, timeoutMs);
}

export { waitFor };
