/**
 * Colours: what people scan on a terminal is painted by chalk (`error:` red, `Warning:` yellow,
 * diff lines, `auth can-i` answers, result verbs, watch event types) under FORCE_COLOR=1 or on a
 * colour terminal; tables, JSON, YAML, JSONPath and names stay plain; piped output and NO_COLOR
 * have no escape code at all. Goldens show ESC as `^[`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { colorLevel } from '../../src/cli/io/colors.js';
import { run } from '../../src/cli/run.js';
import { runCli, testIO } from '../support/cli.js';
import { assertGolden, openWorkspace, transcript, type Scenario, type Step } from './writes-golden.js';

const MANIFEST = `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  mode: fast
`;
const CHANGED = MANIFEST.replace('mode: fast', 'mode: slow\n  level: "2"');

/** The steps of the scenario, with `env` on every command. */
function steps(env: Record<string, string>): Step[] {
  const cli = (argv: string[], extra: Partial<Extract<Step, { cli: string[] }>> = {}): Step => ({ cli: argv, env, ...extra });
  return [
    cli(['apply', '-f', 'settings.yaml'], { note: 'result verbs: created green' }),
    cli(['apply', '-f', 'settings.yaml'], { note: 'unchanged stays plain' }),
    cli(['create', 'configmap', 'extra', '--from-literal=a=b']),
    cli(['get', 'configmaps', '-o', 'wide'], { note: 'tables stay plain' }),
    cli(['get', 'configmap', 'settings', '-o', 'yaml'], { note: 'YAML stays plain' }),
    cli(['get', 'configmap', 'settings', '-o', 'jsonpath={.data.mode}'], { note: 'JSONPath stays plain' }),
    cli(['get', 'configmaps', '-o', 'name'], { note: 'names stay plain' }),
    { write: { 'settings.yaml': CHANGED } },
    cli(['diff', '-f', 'settings.yaml'], { note: '+ green, - red, hunk headers cyan' }),
    cli(['apply', '-f', 'settings.yaml'], { note: 'configured yellow' }),
    cli(['auth', 'can-i', 'get', 'configmaps']),
    cli(['delete', 'configmap', 'extra', '--grace-period=0', '--force'], { note: 'Warning: yellow, deleted red' }),
    cli(['get', 'configmap', 'missing-one'], { note: 'server errors are not error: lines' }),
    cli(['get', 'configmaps', '--bogus'], { note: 'error: red' }),
  ];
}

function scenario(name: string, env: Record<string, string>): Scenario {
  return { name, files: { 'settings.yaml': MANIFEST }, steps: steps(env) };
}

const ESC = '\x1b';
const visible = (text: string): string => text.replaceAll(ESC, '^[');

test('coloured forms under FORCE_COLOR=1 (golden)', async () => {
  const text = await transcript(scenario('colors', { FORCE_COLOR: '1' }));
  assert.ok(text.includes('\x1b[32mcreated\x1b[39m'), 'some colour was printed');
  await assertGolden('colors', 'force-color', visible(text));
});

test('piped output and NO_COLOR have no escape codes, and are the plain transcript', async () => {
  // Without NO_COLOR, but not on a terminal.
  const piped = await transcript(scenario('piped', { NO_COLOR: '', TERM: 'xterm-256color' }));
  assert.ok(!piped.includes('\x1b'), 'no escape code when piped');
  // NO_COLOR wins over a terminal; FORCE_COLOR=0 too.
  const coloured = await transcript(scenario('coloured', { FORCE_COLOR: '1' }));
  assert.equal(piped, coloured.replace(new RegExp(`${ESC}\\[\\d+m`, 'g'), ''), 'colours only add escape codes');
  const ws = await openWorkspace({ 'settings.yaml': MANIFEST });
  try {
    for (const env of [{ NO_COLOR: '1', TERM: 'xterm' }, { FORCE_COLOR: '0', NO_COLOR: '', TERM: 'xterm' }]) {
      const r = await runCli(['get', 'configmaps', '--bogus'], { env: { ...ws.env, ...env }, stdoutIsTTY: true, cwd: ws.dir });
      assert.ok(!r.stderr.includes('\x1b'), JSON.stringify(env));
    }
  } finally {
    await ws.close();
  }
});

test('chalk\'s rules decide, read from the command\'s environment and terminal', () => {
  const tty = { isTTY: true };
  const pipe = { isTTY: false };
  assert.equal(colorLevel({ TERM: 'xterm-256color' }, tty), 2);
  assert.equal(colorLevel({ TERM: 'xterm' }, tty), 1);
  assert.equal(colorLevel({ COLORTERM: 'truecolor', TERM: 'xterm' }, tty), 3);
  assert.equal(colorLevel({ TERM: 'dumb' }, tty), 0);
  assert.equal(colorLevel({ TERM: 'xterm-256color' }, pipe), 0);
  assert.equal(colorLevel({ TERM: 'xterm', NO_COLOR: '1' }, tty), 0);
  assert.equal(colorLevel({ TERM: 'xterm', NO_COLOR: '' }, tty), 1);
  assert.equal(colorLevel({ FORCE_COLOR: '1' }, pipe), 1);
  assert.equal(colorLevel({ FORCE_COLOR: '3', NO_COLOR: '1' }, pipe), 3);
  assert.equal(colorLevel({ FORCE_COLOR: '0', TERM: 'xterm' }, tty), 0);
  assert.equal(colorLevel({ FORCE_COLOR: 'true', TERM: 'dumb' }, tty), 1);
  assert.equal(colorLevel({ CI: '1', GITHUB_ACTIONS: 'true' }, tty), 3);
});

test('auth can-i: yes green, no red', async () => {
  const { startTestServer, writeTestKubeconfig } = await import('../support/server.js');
  const server = await startTestServer({ authorization: { modes: ['RBAC'] } });
  const ws = await openWorkspace();
  try {
    const env = { ...ws.env, PLATFORMCONFIG: await writeTestKubeconfig(server, ws.dir), FORCE_COLOR: '1' };
    const yes = await runCli(['auth', 'can-i', 'get', 'configmaps'], { env });
    assert.deepEqual([yes.code, yes.stdout], [0, '\x1b[32myes\x1b[39m\n']);
    const no = await runCli(['auth', 'can-i', 'get', 'configmaps', '--as', 'nobody'], { env });
    assert.deepEqual([no.code, no.stdout], [1, '\x1b[31mno\x1b[39m\n']);
  } finally {
    await ws.close();
    await server.stop();
  }
});

test('watch event types are painted; the rest of the row is not', async () => {
  const ws = await openWorkspace({ 'settings.yaml': MANIFEST });
  try {
    await ws.api.post('/api/v1/namespaces/default/configmaps', { metadata: { name: 'a', labels: { suite: 'c' } }, data: { k: 'v' } });
    const controller = new AbortController();
    const io = testIO({ env: { ...ws.env, FORCE_COLOR: '1' }, cwd: ws.dir, home: ws.env.HOME ?? ws.dir, signal: controller.signal });
    const done = run(['watch', 'configmaps', '-l', 'suite=c'], io);
    for (let i = 0; i < 200 && !io.stdout.text.includes('ADDED'); i++) await new Promise((r) => setTimeout(r, 25));
    await ws.api.delete('/api/v1/namespaces/default/configmaps/a');
    for (let i = 0; i < 200 && !io.stdout.text.includes('DELETED'); i++) await new Promise((r) => setTimeout(r, 25));
    controller.abort();
    assert.equal(await done, 0);
    const lines = io.stdout.text.split('\n');
    assert.equal(lines[0], 'EVENT      NAME   DATA   AGE');
    assert.match(visible(lines[1] ?? ''), /^\^\[\[32mADDED {3}\^\[\[39m {3}a {6}1 {6}\S+$/);
    assert.match(visible(lines.find((l) => l.includes('DELETED')) ?? ''), /^\^\[\[31mDELETED \^\[\[39m {3}a {6}1 {6}\S+$/);
  } finally {
    await ws.close();
  }
});
