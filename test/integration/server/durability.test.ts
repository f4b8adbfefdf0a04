import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiClient, namesOf } from '../../support/api.js';
import { startTestServer } from '../../support/server.js';

const CHILD = fileURLToPath(new URL('./child-server.js', import.meta.url));

interface ChildInfo {
  url: string;
  caPem: string;
  adminToken: string;
}

function startChild(dataDir: string): Promise<{ child: ChildProcess; info: ChildInfo }> {
  const child = spawn(process.execPath, [CHILD, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve({ child, info: JSON.parse(out.slice(0, nl)) as ChildInfo });
    });
    child.once('exit', (code) => reject(new Error(`child exited with ${String(code)} before starting`)));
  });
}

test('every acknowledged write survives a SIGKILL of the server process', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-durability-'));
  try {
    const { child, info } = await startChild(dir);
    const api = new ApiClient(info);
    const acknowledged: string[] = [];
    let stop = false;
    const writers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        const name = `w${w}-${i}`;
        try {
          const r = await api.post('/api/v1/namespaces/default/configmaps', { metadata: { name }, data: { i: String(i) } });
          if (r.status === 201) acknowledged.push(name);
        } catch {
          return;
        }
      }
    });
    const killed = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Kill once enough writes are acknowledged (at least 700 ms in), not at a fixed time: on a
    // loaded machine 700 ms may see only a handful of writes.
    const started = Date.now();
    const killer = setInterval(() => {
      if ((acknowledged.length > 40 && Date.now() - started >= 700) || Date.now() - started > 30_000) {
        clearInterval(killer);
        child.kill('SIGKILL');
        stop = true;
      }
    }, 20);
    await Promise.all(writers);
    await killed;
    api.close();
    assert.ok(acknowledged.length > 20, `only ${acknowledged.length} writes before the kill`);
    // Restart on the same data directory: same CA and token, every acknowledged write present.
    const server = await startTestServer({ dataDir: dir });
    const again = new ApiClient(server);
    try {
      assert.equal(server.caPem, info.caPem);
      assert.equal(server.adminToken, info.adminToken);
      const names = new Set(namesOf((await again.get('/api/v1/namespaces/default/configmaps')).body));
      const lost = acknowledged.filter((n) => !names.has(n));
      assert.deepEqual(lost, []);
    } finally {
      again.close();
      await server.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a graceful stop (SIGTERM) keeps state and restarts cleanly', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-restart-'));
  try {
    const { child, info } = await startChild(dir);
    const api = new ApiClient(info);
    await api.post('/api/v1/namespaces', { metadata: { name: 'kept' } });
    await api.post('/api/v1/namespaces/kept/configmaps', { metadata: { name: 'cm' }, data: { a: '1' } });
    api.close();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    const { child: child2, info: info2 } = await startChild(dir);
    const api2 = new ApiClient(info2);
    try {
      const r = await api2.get('/api/v1/namespaces/kept/configmaps/cm');
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.data, { a: '1' });
      assert.equal((await api2.get('/api/v1/namespaces/default/services/kubernetes')).status, 200);
    } finally {
      api2.close();
      const done = new Promise<void>((resolve) => child2.once('exit', () => resolve()));
      child2.kill('SIGTERM');
      await done;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
