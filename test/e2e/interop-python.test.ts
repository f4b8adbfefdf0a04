/**
 * The official Python client (python3-kubernetes, Debian's package) against the local server
 * through the rename proxy: CRUD, label selectors, paging, watch, 409, dry-run, a server-side apply
 * conflict, SelfSubjectAccessReview, and a CSR approved and signed. The checks are in
 * test/fixtures/interop/python_client_checks.py; each becomes one test here. Skipped, with the
 * reason printed, when the client or the proxy's tools are missing.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RENAME_PROXY, startProxiedKubectl, type ProxiedKubectl } from '../support/kubectl-proxy.js';
import { startTestServer, type TestServer } from '../support/server.js';

const REPO = ((): string => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
})();
const SCRIPT = join(REPO, 'test', 'fixtures', 'interop', 'python_client_checks.py');

/** A Python that can import the client (Debian's python3 first: a pyenv shim on PATH may not have it). */
function pythonWithClient(): string | undefined {
  for (const python of ['/usr/bin/python3', 'python3']) {
    if (spawnSync(python, ['-c', 'import kubernetes'], { stdio: 'ignore' }).status === 0) return python;
  }
  return undefined;
}

/** Why the rename proxy cannot run (kubectl itself is not needed here), or undefined. */
function proxySkipReason(): string | undefined {
  if (!existsSync(RENAME_PROXY)) return `the rename proxy ${RENAME_PROXY} is not available`;
  if (spawnSync('openssl', ['version'], { stdio: 'ignore' }).status !== 0) return 'openssl (needed by the rename proxy for TLS) is not on PATH';
  return undefined;
}

const python = pythonWithClient();
const skip = python === undefined ? 'the official Python client is not installed (apt-get install python3-kubernetes)' : proxySkipReason();
if (skip !== undefined) console.log(`# skipping the Python client interop suite: ${skip}`);

const CHECKS = ['crud', 'label selectors', 'paging', 'watch', '409', 'dry-run', 'server-side apply conflict', 'SelfSubjectAccessReview', 'CSR approve and sign'];

describe('the official Python client through the rename proxy', { skip: skip ?? false }, () => {
  let server: TestServer;
  let proxy: ProxiedKubectl;
  const results = new Map<string, { ok: boolean; detail: string }>();
  before(async () => {
    server = await startTestServer();
    // The proxied kubectl harness also writes the kubeconfig the Python client reads; kubectl itself is not needed.
    proxy = await startProxiedKubectl(server);
    const ns = await fetchNamespace(server);
    assert.equal(ns, 201);
    const output = await new Promise<string>((resolve) => {
      const child = spawn(python ?? 'python3', [SCRIPT, proxy.env.KUBECONFIG ?? '', 'interop-py'], { env: { ...proxy.env } });
      let out = '';
      child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
      child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
      child.on('close', () => resolve(out));
    });
    for (const line of output.split('\n')) {
      if (!line.startsWith('{')) continue;
      const r = JSON.parse(line) as { check: string; ok: boolean; detail: string };
      results.set(r.check, { ok: r.ok, detail: r.detail });
    }
    if (results.size === 0) assert.fail(`the checks printed nothing:\n${output}`);
  });
  after(async () => {
    await proxy.close();
    await server.stop();
  });

  for (const check of CHECKS) {
    test(check, () => {
      const r = results.get(check);
      assert.ok(r !== undefined, `${check} did not run`);
      assert.ok(r.ok, `${check}: ${r.detail}`);
    });
  }
});

async function fetchNamespace(server: TestServer): Promise<number> {
  const { ApiClient } = await import('../support/api.js');
  const api = new ApiClient(server);
  try {
    return (await api.post('/api/v1/namespaces', { metadata: { name: 'interop-py' } })).status;
  } finally {
    api.close();
  }
}
