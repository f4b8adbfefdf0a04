/**
 * `describe` of every built-in kind the local server serves (test/e2e/describe-kinds-scenario.ts):
 * a golden transcript with a fixed clock, and a differential run against stock kubectl 1.32
 * through the rename proxy on the same objects (skipped with the reason when kubectl is absent).
 * Kinds the local server may not serve (StorageClass, Ingress, IngressClass, EndpointSlice,
 * HorizontalPodAutoscaler) join the differential when it serves them; their printers are compared
 * with kubectl in test/unit/printers/describe/ in any case.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeAllDispatchers } from '../../src/sdk/transport/dispatchers.js';
import { ApiClient } from '../support/api.js';
import { FIXED_NOW, runCli } from '../support/cli.js';
import { kubectlSkipReason, startProxiedKubectl } from '../support/kubectl-proxy.js';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';
import { mapLimit } from '../unit/printers/support/kubectl.js';
import { toPlatform } from '../unit/printers/support/rename.js';
import { DESCRIBE_CASES, OPTIONAL_DESCRIBE_CASES, seedDescribeObjects, seedOptionalDescribeObjects, settleDescribeObjects, type DescribeCase } from './describe-kinds-scenario.js';
import { assertGolden, normalize } from './writes-golden.js';

/** The server's clock: an hour and five seconds before the describing client's, so ages read `60m`. */
const CLIENT_LEAD_MS = 3_605_000;

interface Seeded {
  server: TestServer;
  dir: string;
  options: { env: Record<string, string>; cwd: string; home: string };
  close(): Promise<void>;
}

async function seeded(base: Date): Promise<Seeded> {
  const server = await startTestServer({ now: () => base.getTime(), authorization: { bootstrapPolicy: true } });
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-describe-kinds-'));
  const api = new ApiClient(server);
  const stop = async (): Promise<void> => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const config = await writeTestKubeconfig(server, join(dir, '.config'), 'default');
    await seedDescribeObjects(api, base);
    await settleDescribeObjects(api);
    return {
      server,
      dir,
      options: { env: { PLATFORMCONFIG: config, HOME: join(dir, '.home') }, cwd: dir, home: join(dir, '.home') },
      close: stop,
    };
  } catch (err) {
    await stop();
    throw err;
  } finally {
    api.close();
  }
}

/** Lines of kubectl's output that vary from run to run, made comparable (see {@link DescribeCase}). */
function comparable(c: DescribeCase, text: string): string {
  if (c.unordered === true) return text.split('\n').sort().join('\n');
  if (c.renameWidens === true) return text.replace(/ {2,}/g, '  ');
  return text;
}

test('describe prints every built-in kind as the golden transcript', { timeout: 300_000 }, async () => {
  const s = await seeded(new Date(FIXED_NOW.getTime() - CLIENT_LEAD_MS));
  try {
    let out = '';
    for (const c of DESCRIBE_CASES) {
      const r = await runCli(['describe', ...c.args], { ...s.options, now: FIXED_NOW });
      out += `$ platformctl describe ${c.args.join(' ')}\nexit: ${r.code}\n--- stdout\n${r.stdout}--- stderr\n${r.stderr}\n`;
    }
    const text = normalize(out, s)
      .replace(/kube-api-access-[a-z0-9]{5}/g, 'kube-api-access-<random>')
      .replace(/^( *Resource Version:\s+)\d+$/gm, '$1<rv>');
    await assertGolden('describe', 'kinds', text);
  } finally {
    await s.close();
    await closeAllDispatchers();
  }
});

test('describe prints every built-in kind as kubectl does', { timeout: 600_000 }, async (t) => {
  const reason = kubectlSkipReason();
  if (reason !== undefined) {
    t.skip(`${reason}: describe differential skipped`);
    return;
  }
  const base = new Date(Math.floor((Date.now() - CLIENT_LEAD_MS) / 1000) * 1000);
  const s = await seeded(base);
  const kubectl = await startProxiedKubectl(s.server);
  try {
    const api = new ApiClient(s.server);
    let served: Set<string>;
    try {
      served = await seedOptionalDescribeObjects(api, base);
    } finally {
      api.close();
    }
    const cases = [...DESCRIBE_CASES, ...OPTIONAL_DESCRIBE_CASES.filter((c) => served.has(c.served))];
    const failures: string[] = [];
    await mapLimit(cases, 4, async (c) => {
      const k = await kubectl.run(['describe', ...c.args]);
      const ours = await runCli(['describe', ...c.args], { ...s.options, now: new Date() });
      const theirs = toPlatform(k.stdout);
      if (k.code !== 0) failures.push(`${c.name}: kubectl failed (${k.code}): ${k.stderr}`);
      else if (ours.code !== 0) failures.push(`${c.name}: platformctl failed (${ours.code}): ${ours.stderr}`);
      else if (comparable(c, ours.stdout) !== comparable(c, theirs)) failures.push(`${c.name}: describe ${c.args.join(' ')}\n--- kubectl\n${theirs}--- platformctl\n${ours.stdout}`);
    });
    assert.deepEqual(failures, [], `${failures.length} of ${cases.length} descriptions differ from kubectl's`);
  } finally {
    await kubectl.close();
    await s.close();
    await closeAllDispatchers();
  }
});
