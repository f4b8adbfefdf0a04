/**
 * The golden-transcript harness of the write commands (apply, diff, create, replace, patch,
 * delete, label, annotate, edit, wait). A scenario is a list of steps run against a fresh local
 * server with a fixed clock: CLI invocations (in-process, fixed clock and width, NO_COLOR) and raw
 * API reads. Their exit codes, stdout and stderr form a transcript that must equal
 * test/golden/<dir>/<scenario>.txt. Values that differ from run to run (uids, resource versions,
 * the temporary directory, the server address) are replaced by stable placeholders.
 *
 * Run with UPDATE_GOLDEN=1 to rewrite the golden files after reviewing the changes.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printYaml } from '../../src/printers/output/json-yaml.js';
import type { KubeObject } from '../../src/sdk/types/meta.js';
import { ApiClient } from '../support/api.js';
import { FIXED_NOW, runCli } from '../support/cli.js';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';

/** The repository root. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** One step of a scenario. */
export type Step =
  | { cli: string[]; stdin?: string; env?: Record<string, string>; stdoutIsTTY?: boolean; note?: string }
  | { get: string; note?: string }
  | { write: Record<string, string>; note?: string }
  | { remove: string[]; note?: string }
  | { show: string; note?: string };

/** A scenario: files in its working directory and the steps to run there. */
export interface Scenario {
  name: string;
  files?: Record<string, string>;
  steps: Step[];
}

/** A running scenario environment (server, config, working directory). */
export interface Workspace {
  server: TestServer;
  dir: string;
  env: Record<string, string>;
  api: ApiClient;
  close(): Promise<void>;
}

/** Starts a fresh server with the fixed clock and a working directory holding `files`. */
export async function openWorkspace(files: Record<string, string> = {}, options: { workloads?: boolean } = {}): Promise<Workspace> {
  const server = await startTestServer({ now: () => FIXED_NOW.getTime(), ...(options.workloads === true ? { workloads: true } : {}) });
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-writes-'));
  const config = await writeTestKubeconfig(server, join(dir, '.config'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  const api = new ApiClient(server);
  return {
    server,
    dir,
    // Temporary files of the commands (edit, external diff) go to the workspace, so they are cleaned up.
    env: { PLATFORMCONFIG: config, HOME: join(dir, '.home'), TMPDIR: dir },
    api,
    async close() {
      api.close();
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Replaces values that change between runs with placeholders (uids numbered by first appearance). */
export function normalize(text: string, ws: Pick<Workspace, 'dir' | 'server'>): string {
  const uids = new Map<string, string>();
  return text
    .replaceAll(ws.dir, '$DIR')
    .replaceAll(ws.server.url, '$SERVER')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (uid) => {
      let name = uids.get(uid);
      if (name === undefined) {
        name = `<uid-${uids.size + 1}>`;
        uids.set(uid, name);
      }
      return name;
    })
    .replace(/platformctl-edit-[0-9a-f]{12}\.yaml/g, 'platformctl-edit-<random>.yaml')
    .replace(/(resourceVersion["']?:\s*)"\d+"/g, '$1"<rv>"')
    .replace(/("resourceVersion":\s*)"\d+"/g, '$1"<rv>"');
}

function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, "'\\''")}'`;
}

/** Runs one step and returns its transcript section. */
export async function runStep(ws: Workspace, step: Step): Promise<string> {
  const note = step.note === undefined ? '' : `# ${step.note}\n`;
  if ('write' in step) {
    for (const [name, text] of Object.entries(step.write)) {
      await mkdir(dirname(join(ws.dir, name)), { recursive: true });
      await writeFile(join(ws.dir, name), text);
    }
    return `${note}(wrote ${Object.keys(step.write).join(', ')})\n\n`;
  }
  if ('remove' in step) {
    for (const name of step.remove) await rm(join(ws.dir, name), { recursive: true, force: true });
    return `${note}(removed ${step.remove.join(', ')})\n\n`;
  }
  if ('show' in step) {
    return `${note}(contents of ${step.show})\n${await readFile(join(ws.dir, step.show), 'utf8')}\n`;
  }
  if ('get' in step) {
    const res = await ws.api.get(step.get);
    const body = res.body as KubeObject;
    const text = res.status === 200 ? printYaml(body) : `${JSON.stringify(res.body)}\n`;
    return `${note}GET ${step.get}\nstatus: ${res.status}\n${text}\n`;
  }
  const options: Parameters<typeof runCli>[1] = { env: { ...ws.env, ...step.env }, cwd: ws.dir, home: ws.env.HOME ?? ws.dir, columns: 120 };
  if (step.stdin !== undefined) options.stdin = step.stdin;
  if (step.stdoutIsTTY !== undefined) options.stdoutIsTTY = step.stdoutIsTTY;
  const r = await runCli(step.cli, options);
  return `${note}$ platformctl ${step.cli.map(quote).join(' ')}${step.stdin === undefined ? '' : ' <<stdin'}\nexit: ${r.code}\n--- stdout\n${r.stdout}--- stderr\n${r.stderr}\n`;
}

/** Runs a scenario in a fresh workspace and returns its normalized transcript. */
export async function transcript(scenario: Scenario): Promise<string> {
  const ws = await openWorkspace(scenario.files);
  try {
    let out = '';
    for (const step of scenario.steps) out += await runStep(ws, step);
    return normalize(out, ws);
  } finally {
    await ws.close();
  }
}

/** Compares a transcript with test/golden/<dir>/<name>.txt (or writes it with UPDATE_GOLDEN=1). */
export async function assertGolden(dir: string, name: string, actual: string): Promise<void> {
  const file = join(REPO_ROOT, 'test', 'golden', dir, `${name}.txt`);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) {
    if (process.env.UPDATE_GOLDEN !== '1') assert.fail(`missing golden file ${file}; run with UPDATE_GOLDEN=1 to create it`);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, actual);
    return;
  }
  assert.equal(actual, await readFile(file, 'utf8'));
}
