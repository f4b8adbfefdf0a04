/**
 * kubectl against a local test server, through the rename proxy (which translates platform.io
 * naming to k8s.io naming and serves TLS, since kubectl sends tokens over HTTPS only). For
 * differential tests: the same objects read by kubectl and by us.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestServer } from './server.js';

/** The rename proxy of the shared tools, beside the checkout (`../shared` from the repository root, where CI lays them). */
export const RENAME_PROXY = join(fileURLToPath(new URL('../../../', import.meta.url)), '..', 'shared', 'tools', 'rename-proxy.mjs');

/** Why kubectl differential tests cannot run here, or undefined when they can. */
export function kubectlSkipReason(): string | undefined {
  if (spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status !== 0) return 'kubectl is not on PATH';
  if (!existsSync(RENAME_PROXY)) return `the rename proxy ${RENAME_PROXY} is not available`;
  if (spawnSync('openssl', ['version'], { stdio: 'ignore' }).status !== 0) return 'openssl (needed by the rename proxy for TLS) is not on PATH';
  return undefined;
}

/** A kubectl pointed at the proxy. */
export interface ProxiedKubectl {
  /** kubectl's temporary HOME (removed by close; tests may keep files there). */
  home: string;
  /** The URL kubectl talks to (the proxy). */
  url: string;
  /** kubectl's environment (for spawning it directly, e.g. a long-running `get -w`). */
  env: NodeJS.ProcessEnv;
  /** Runs kubectl (asynchronously, so an in-process server can answer). */
  run(args: readonly string[], cwd?: string): Promise<{ code: number; stdout: string; stderr: string }>;
  close(): Promise<void>;
}

/** Starts the proxy in front of `server` and writes a kubeconfig for kubectl; `extraEnv` adds to kubectl's environment. */
export async function startProxiedKubectl(server: TestServer, extraEnv: Record<string, string> = {}, options: { streams?: boolean } = {}): Promise<ProxiedKubectl> {
  const home = await mkdtemp(join(tmpdir(), 'platformctl-kubectl-'));
  const certDir = join(home, 'proxy-certs');
  // Streams (exec, attach, port-forward) need the sub-protocol names mapped back; see the shim. Only
  // the tests that use them get it: a watch cancelled through the shim is not ended upstream, so
  // kubectl would wait a minute for its reflector to stop after `rollout status` succeeds.
  const { proxyMapsStreamProtocols, startStreamProtocolShim } = await import('./stream-protocol-shim.js');
  const shim = options.streams !== true || (await proxyMapsStreamProtocols()) ? undefined : await startStreamProtocolShim(server.url);
  const proxy: ChildProcess = spawn(process.execPath, [RENAME_PROXY, '--listen', '127.0.0.1:0', '--upstream', shim?.url ?? server.url, '--client', 'k8s', '--insecure-upstream', '--tls', '--cert-dir', certDir], { stdio: ['ignore', 'pipe', 'ignore'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    proxy.stdout?.setEncoding('utf8');
    proxy.stdout?.on('data', (c: string) => {
      out += c;
      const m = /listening on (https:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m !== null) resolve(m[1] ?? '');
    });
    proxy.once('exit', (code) => reject(new Error(`proxy exited ${String(code)}`)));
  });
  const kubeconfig = join(home, 'config');
  await writeFile(kubeconfig, [
    'apiVersion: v1', 'kind: Config',
    'clusters:', '- name: local', '  cluster:', `    server: ${url}`, `    certificate-authority: ${join(certDir, 'proxy.crt')}`,
    'users:', '- name: local', '  user:', `    token: ${server.adminToken}`,
    'contexts:', '- name: local', '  context:', '    cluster: local', '    user: local', '    namespace: default',
    'current-context: local', '',
  ].join('\n'), { mode: 0o600 });
  const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'] ?? '', HOME: home, KUBECONFIG: kubeconfig, TZ: 'UTC', ...extraEnv };
  return {
    home,
    url,
    env,
    run: (args, cwd) => new Promise((resolve) => {
      execFile('kubectl', [...args], { env, cwd: cwd ?? home, timeout: 60_000, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }, (err, stdout, stderr) => {
        const code = err === null ? 0 : typeof (err as { code?: unknown }).code === 'number' ? Number((err as { code?: unknown }).code) : 1;
        resolve({ code, stdout, stderr });
      });
    }),
    async close() {
      proxy.kill();
      await shim?.close();
      await rm(home, { recursive: true, force: true });
    },
  };
}
