/**
 * Step-by-step comparison of scenarios (missing-flags-cases.ts, kubectl-parity-cases.ts) with
 * stock kubectl 1.32: ours runs every step against one fresh local server, kubectl (through the
 * rename proxy) against another with the same files, so steps that change server state are
 * compared too. Exit code, stdout and stderr must be equal after renaming kubectl's names
 * (`k8s.io` → `platform.io`, `kubectl` → `platformctl`) and masking uids and resource versions
 * (the two servers number them on their own).
 *
 * kubectl reads the files in its own naming (they are written through `toK8s`), and its
 * client-side validation is off (`--validate=false` is added to its apply, create and replace
 * unless a step asks for kubectl's validation): the local server's OpenAPI documents carry
 * `x-platform-*` extensions kubectl does not read, so kubectl could not download a schema; ours
 * validates on the server, which accepts the same files.
 *
 * Normalized because the command framework differs, not the commands: cobra's `Error: ` prefix
 * and its klog line for a missing required flag; the help hint (`See 'kubectl apply -h' for help
 * and examples` against ours `See 'platformctl apply --help' for usage.`). A step kubectl sends as
 * a protobuf body the local server cannot read (HTTP 415) is reported and not compared, and runs
 * through platformctl on kubectl's server instead so that both servers keep the same state.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { TestContext } from 'node:test';
import { closeAllDispatchers } from '../../src/sdk/transport/dispatchers.js';
import { runCli } from '../support/cli.js';
import { kubectlSkipReason, startProxiedKubectl } from '../support/kubectl-proxy.js';
import { toK8s, toPlatform } from '../unit/printers/support/rename.js';
import type { FlagScenario } from './missing-flags-cases.js';
import { openWorkspace, type Workspace } from './writes-golden.js';

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

const PROTOBUF_REFUSED = 'the body of the request was in an unknown format';

/** Runs kubectl with stdin and extra environment (kubectl-proxy's runner takes neither). */
function runKubectl(env: NodeJS.ProcessEnv, args: readonly string[], cwd: string, stdin: string | undefined): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn('kubectl', [...args], { env, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => { stdout += c; });
    child.stderr.setEncoding('utf8').on('data', (c: string) => { stderr += c; });
    const timer = setTimeout(() => child.kill(), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stdout, stderr });
    });
    child.stdin.end(stdin ?? '');
  });
}

function fromKubectl(r: Outcome, renameStdout: boolean): Outcome {
  const stderr = r.stderr
    .replace(/^E\d{4} [\d:.]+ +\d+ [\w.]+:\d+\] "command failed" err="(.*)"$/gm, (_m, message: string) => `error: ${message.replace(/\\"/g, '"')}`)
    .replace(/^Error: /gm, 'error: ')
    .replace(/^See 'kubectl ([\w -]+) -h' for help and examples$/gm, "See 'platformctl $1 --help' for usage.")
    .replaceAll('kubectl', 'platformctl');
  const stdout = renameStdout ? r.stdout.replace(/\bkubectl\b/g, 'platformctl') : r.stdout;
  return { code: r.code, stdout: toPlatform(stdout), stderr: toPlatform(stderr) };
}

function normalized(o: Outcome, ws: Workspace, masks: readonly RegExp[]): Outcome {
  const m = (s: string): string => masks.reduce((t, re) => t.replace(re, '$1-<masked>'), s)
    .replaceAll(ws.dir, '$DIR')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uid>')
    .replace(/("resourceVersion":\s*)"\d+"/g, '$1"<rv>"')
    .replace(/(resourceVersion:\s*)"\d+"/g, '$1"<rv>"');
  return { code: o.code, stdout: m(o.stdout), stderr: m(o.stderr) };
}

async function writeFiles(dir: string, files: Record<string, string>, rename: (s: string) => string): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), rename(text));
  }
}

/** kubectl's arguments: `--validate=false` added where the command validates on the client and the step gives no --validate. */
function kubectlArgs(cli: readonly string[], kubectlValidates: boolean): string[] {
  const validates = cli[0] === 'create' || cli[0] === 'replace' || (cli[0] === 'apply' && cli[1] !== 'view-last-applied' && cli[1] !== 'set-last-applied');
  const given = cli.some((a) => a === '--validate' || a.startsWith('--validate='));
  // Names in the arguments in kubectl's naming too (also as a JSONPath spells them: `platform\.io/x`).
  const args = cli.map((a) => toK8s(a).replaceAll('platformctl\\.platform\\.io/', 'kubectl\\.kubernetes\\.io/').replaceAll('platform\\.io/', 'kubernetes\\.io/'));
  return validates && !kubectlValidates && !given ? [...args, '--validate=false'] : args;
}

/** Options of {@link compareWithKubectl}. */
export interface DifferentialOptions {
  /** `kubectl` in kubectl's stdout reads `platformctl` too (a recorded command line, a field manager). */
  renameStdout?: boolean;
}

/** Runs `scenario` through both CLIs and asserts that every compared step gives the same result. */
export async function compareWithKubectl(t: TestContext, scenario: FlagScenario, options: DifferentialOptions = {}): Promise<void> {
  const reason = kubectlSkipReason();
  if (reason !== undefined) {
    t.skip(`${reason}: differential skipped (the golden test covers the same steps)`);
    return;
  }
  const ours = await openWorkspace(scenario.files);
  const theirs = await openWorkspace();
  await writeFiles(theirs.dir, scenario.files, toK8s);
  const kubectl = await startProxiedKubectl(theirs.server);
  try {
    const failures: string[] = [];
    let compared = 0;
    for (const step of scenario.steps) {
      if ('write' in step) {
        await writeFiles(ours.dir, step.write, (s) => s);
        await writeFiles(theirs.dir, step.write, toK8s);
        continue;
      }
      const runOptions: Parameters<typeof runCli>[1] = { env: { ...ours.env, ...step.env }, cwd: ours.dir, home: ours.env.HOME ?? ours.dir, columns: 120 };
      if (step.stdin !== undefined) runOptions.stdin = step.stdin;
      const r = await runCli(step.cli, runOptions);
      const k = await runKubectl({ ...kubectl.env, TMPDIR: theirs.dir, ...step.env }, kubectlArgs(step.cli, step.kubectlValidates === true), theirs.dir, step.stdin === undefined ? undefined : toK8s(step.stdin));
      const refused = k.stderr.includes(PROTOBUF_REFUSED);
      // A step kubectl could not carry out runs through platformctl on kubectl's server, so the
      // following steps start from the same state on both.
      if (refused || (step.notCompared !== undefined && k.code !== 0 && r.code === 0)) {
        const sync: Parameters<typeof runCli>[1] = { env: { ...theirs.env, ...step.env }, cwd: ours.dir, home: theirs.env.HOME ?? theirs.dir, columns: 120 };
        if (step.stdin !== undefined) sync.stdin = step.stdin;
        await runCli(step.cli, sync);
      }
      if (step.notCompared !== undefined) continue;
      if (refused) {
        t.diagnostic(`not compared: ${step.cli.join(' ')}: kubectl sent a protobuf body the local server cannot read yet (415)`);
        continue;
      }
      compared++;
      const a = normalized({ code: r.code, stdout: r.stdout, stderr: r.stderr }, ours, step.mask ?? []);
      const b = normalized(fromKubectl(k, options.renameStdout === true), theirs, step.mask ?? []);
      if (JSON.stringify(a) !== JSON.stringify(b)) failures.push(`${step.cli.join(' ')}\n  kubectl ${JSON.stringify(b)}\n  ours    ${JSON.stringify(a)}`);
    }
    t.diagnostic(`${compared} invocations compared with kubectl`);
    assert.deepEqual(failures, [], `${failures.length} invocations differ from kubectl`);
  } finally {
    await kubectl.close();
    await ours.close();
    await theirs.close();
    await closeAllDispatchers();
  }
}
