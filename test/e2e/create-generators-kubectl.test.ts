/**
 * The `create <kind> NAME` generators against stock kubectl 1.32: every case of
 * create-generator-cases.ts runs through platformctl and through kubectl (via the rename proxy, in
 * front of the same local server, with the same files), and exit code, stdout and stderr must be
 * equal after renaming kubectl's names (`k8s.io` → `platform.io`, `kubectl` → `platformctl`).
 *
 * Differences that are not the generators' and are normalized here:
 * - cobra prints flag-parsing errors as `Error: ...`, platformctl's framework as `error: ...`;
 * - cobra reports a missing required flag through klog (`E1126 ... "command failed" err="..."`),
 *   platformctl as `error: ...`.
 * A case kubectl sends as a protobuf body that the local server cannot read yet (HTTP 415) is
 * skipped with that reason. Skips entirely, with the reason, when kubectl is not on PATH; the
 * golden test covers the same cases then.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { closeAllDispatchers } from '../../src/sdk/transport/dispatchers.js';
import { runCli } from '../support/cli.js';
import { kubectlSkipReason, startProxiedKubectl } from '../support/kubectl-proxy.js';
import { toPlatform } from '../unit/printers/support/rename.js';
import { applyMasks, GENERATOR_SCENARIOS } from './create-generator-cases.js';
import { openWorkspace } from './writes-golden.js';

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

const UID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const PROTOBUF_REFUSED = 'the body of the request was in an unknown format';

/** kubectl's output in platformctl's terms (see the header for what is normalized). */
function fromKubectl(r: Outcome): Outcome {
  const stderr = r.stderr
    .replace(/^E\d{4} [\d:.]+ +\d+ [\w.]+:\d+\] "command failed" err="(.*)"$/gm, (_m, message: string) => `error: ${message.replace(/\\"/g, '"')}`)
    .replace(/^Error: /gm, 'error: ')
    .replaceAll('kubectl', 'platformctl');
  return { code: r.code, stdout: toPlatform(r.stdout), stderr: toPlatform(stderr) };
}

function masked(o: Outcome, patterns: readonly RegExp[]): Outcome {
  const m = (s: string): string => applyMasks(s, patterns).replace(UID, '<uid>');
  return { code: o.code, stdout: m(o.stdout), stderr: m(o.stderr) };
}

for (const scenario of GENERATOR_SCENARIOS) {
  test(`create generators match kubectl: ${scenario.name}`, { timeout: 300_000 }, async (t) => {
    const reason = kubectlSkipReason();
    if (reason !== undefined) {
      t.skip(`${reason}: generator differential skipped (the golden test covers the same cases)`);
      return;
    }
    const ws = await openWorkspace(scenario.files);
    const kubectl = await startProxiedKubectl(ws.server);
    try {
      for (const [name, text] of Object.entries(scenario.files)) {
        await mkdir(dirname(join(kubectl.home, name)), { recursive: true });
        await writeFile(join(kubectl.home, name), text);
      }
      const failures: string[] = [];
      let compared = 0;
      for (const step of scenario.steps) {
        const r = await runCli(step.cli, { env: ws.env, cwd: ws.dir, home: ws.env.HOME ?? ws.dir, columns: 120 });
        if (step.notCompared !== undefined) continue;
        const k = await kubectl.run(step.cli);
        if (k.stderr.includes(PROTOBUF_REFUSED)) {
          t.diagnostic(`not compared: ${step.cli.join(' ')}: kubectl sent a protobuf body the local server cannot read yet (415)`);
          continue;
        }
        compared++;
        const patterns = [...(step.random ?? []), ...(step.mask ?? [])];
        const ours = masked({ code: r.code, stdout: r.stdout, stderr: r.stderr }, patterns);
        const theirs = masked(fromKubectl(k), patterns);
        if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
          failures.push(`${step.cli.join(' ')}\n  kubectl ${JSON.stringify(theirs)}\n  ours    ${JSON.stringify(ours)}`);
        }
      }
      t.diagnostic(`${compared} invocations compared with kubectl`);
      assert.deepEqual(failures, [], `${failures.length} invocations differ from kubectl`);
    } finally {
      await kubectl.close();
      await ws.close();
      await closeAllDispatchers();
    }
  });
}
