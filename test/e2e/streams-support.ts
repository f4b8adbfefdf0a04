/**
 * Shared setup of the streams end-to-end tests: a local server whose node runs pods as processes
 * (containers are small Node programs), a config file for the CLI, the in-process CLI with the
 * same environment, and helpers to create pods and wait for them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONFIG_ENV } from '../../src/sdk/naming.js';
import { ApiClient, at, type Body } from '../support/api.js';
import { runCli, type CliResult, type RunCliOptions } from '../support/cli.js';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';
import type { ServerOptions } from '../../src/server/index.js';
import { fastNode, HAS_PROC, nodeContainer, podOf, waitForPod } from '../integration/server/node/support.js';

export { nodeContainer, podOf, waitFor, waitForPod, containerStatus } from '../integration/server/node/support.js';

/** Why the process runtime cannot run here, or false. */
export const SKIP_NODE: string | false = HAS_PROC ? false : 'the process runtime tests read the process table from /proc (Linux only)';

/** How long one CLI run of these tests may take before it fails as a hang. */
const CLI_DEADLINE_MS = 120_000;

/** A server with a process node, an admin client and a CLI pointed at it. */
export interface StreamsEnv {
  server: TestServer;
  api: ApiClient;
  dir: string;
  env: Record<string, string>;
  namespace: string;
  cli(args: readonly string[], options?: RunCliOptions): Promise<CliResult>;
  /** Creates a pod and waits until it runs (and, when `ready`, is Ready). */
  runPod(pod: Record<string, unknown>, ready?: boolean): Promise<Body>;
  close(): Promise<void>;
}

/** Starts the server and writes the CLI's config (namespace `namespace`). */
export async function openStreamsEnv(namespace: string, options: ServerOptions = {}): Promise<StreamsEnv> {
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-streams-'));
  const server = await startTestServer({ node: fastNode(), ...options });
  const api = new ApiClient(server);
  await api.post('/api/v1/namespaces', { metadata: { name: namespace } });
  const config = await writeTestKubeconfig(server, join(dir, 'home', '.platform'), namespace);
  const env = { [CONFIG_ENV]: config, HOME: join(dir, 'home') };
  return {
    server, api, dir, env, namespace,
    // A stream command that never ends would otherwise hang the suite until its timeout, with
    // nothing said about where it stopped.
    cli: (args, o = {}) => runCli(args, { env, home: env.HOME, cwd: dir, deadlineMs: CLI_DEADLINE_MS, ...o }),
    async runPod(pod, ready = false) {
      const name = String(at(pod, 'metadata.name'));
      const r = await api.post(`/api/v1/namespaces/${namespace}/pods`, pod);
      if (r.status !== 201) throw new Error(`creating pod ${name}: ${r.status} ${JSON.stringify(r.body)}`);
      return waitForPod(api, namespace, name, 'running', (p) => at(p, 'status.phase') === 'Running'
        && (!ready || (Array.isArray(at(p, 'status.conditions')) && (at(p, 'status.conditions') as Body[]).some((c) => c.type === 'Ready' && c.status === 'True'))), 30_000);
    },
    async close() {
      api.close();
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A pod of one Node-program container. */
export function programPod(name: string, program: string, labels: Record<string, string> = {}, spec: Record<string, unknown> = {}): Record<string, unknown> {
  return podOf(name, { containers: [nodeContainer('main', program)], ...spec }, labels);
}
