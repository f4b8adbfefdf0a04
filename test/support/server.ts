/**
 * Starts the local API server in-process for tests (port 0, in memory unless a data dir is given,
 * short time windows allowed) and writes config files that point the CLI at it.
 */
import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server/index.js';

/** A running test server. */
export type TestServer = RunningServer;

/** Starts a server on 127.0.0.1, any port, in memory by default. */
export async function startTestServer(options: ServerOptions = {}): Promise<TestServer> {
  return startServer({ host: '127.0.0.1', port: 0, ...options });
}

/** The server's config file as a YAML text (cluster, user and context `local`, made current). */
export function kubeconfigText(server: Pick<RunningServer, 'url' | 'caPem' | 'adminToken'>, namespace?: string): string {
  const ca = Buffer.from(server.caPem, 'utf8').toString('base64');
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- name: local',
    '  cluster:',
    `    server: ${server.url}`,
    `    certificate-authority-data: ${ca}`,
    'users:',
    '- name: local',
    '  user:',
    `    token: ${server.adminToken}`,
    'contexts:',
    '- name: local',
    '  context:',
    '    cluster: local',
    '    user: local',
    ...(namespace === undefined ? [] : [`    namespace: ${namespace}`]),
    'current-context: local',
    'preferences: {}',
    '',
  ].join('\n');
}

/** Writes `<dir>/config` (0600) for CLI tests and returns its path. */
export async function writeTestKubeconfig(server: Pick<RunningServer, 'url' | 'caPem' | 'adminToken'>, dir: string, namespace?: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, 'config');
  await writeFile(path, kubeconfigText(server, namespace), { mode: 0o600 });
  return path;
}
