/**
 * Help quality of the whole command tree: every command (hidden ones included) has a one-line
 * summary, a longer description and examples; unknown commands and flags suggest the closest
 * names and exit 1; `platformctl options` lays the global flags out as `kubectl options`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { loadAllSpecs } from '../../../../src/cli/commands/index.js';
import type { CommandSpec } from '../../../../src/cli/framework/spec.js';
import { GLOBAL_FLAGS } from '../../../../src/cli/flags/global.js';
import { runCli } from '../../../support/cli.js';

/** Every command with its path. */
async function allCommands(): Promise<{ spec: CommandSpec; path: string[] }[]> {
  const out: { spec: CommandSpec; path: string[] }[] = [];
  const walk = (spec: CommandSpec, path: string[]): void => {
    out.push({ spec, path });
    for (const s of spec.subcommands ?? []) walk(s, [...path, s.name]);
  };
  for (const s of await loadAllSpecs()) walk(s, [s.name]);
  return out;
}

test('every command has a summary, a longer description and examples', async () => {
  const problems: string[] = [];
  for (const { spec, path } of await allCommands()) {
    const name = path.join(' ');
    const summary = spec.summary.trim();
    if (summary === '') problems.push(`${name}: no summary`);
    if (summary.includes('\n')) problems.push(`${name}: summary is not one line`);
    if (summary.endsWith('.')) problems.push(`${name}: summary ends with a period`);
    if (spec.description.trim().length <= summary.length) problems.push(`${name}: description is not longer than the summary`);
    if (spec.examples.length === 0) problems.push(`${name}: no example`);
    for (const e of spec.examples) {
      if (e.description.trim() === '') problems.push(`${name}: an example has no description`);
      if (!/^(platformctl |.*\bplatformctl\b)/.test(e.command)) problems.push(`${name}: example "${e.command}" does not run platformctl`);
      if (e.notRunnable !== undefined && e.notRunnable.trim() === '') problems.push(`${name}: example "${e.command}" is notRunnable without a reason`);
    }
    for (const f of spec.flags) if (f.description.trim() === '') problems.push(`${name}: flag --${f.name} has no description`);
  }
  assert.deepEqual(problems, []);
});

test('help names the platform, not Kubernetes, and links no kubernetes.io page', async () => {
  // Help text and the man pages made from it speak of this API and its docs; a sentence may name
  // Kubernetes only to compare with kubectl, which it then names too. (The lower-case name of the
  // API server's Service, `service/kubernetes`, is an object's name and stays.)
  const problems: string[] = [];
  const check = (where: string, text: string): void => {
    for (const sentence of text.split(/(?<=\.)\s+|\n/)) {
      if (/kubernetes\.io/i.test(sentence)) problems.push(`${where}: links kubernetes.io: ${sentence}`);
      else if (/Kubernetes/.test(sentence) && !/kubectl/.test(sentence)) problems.push(`${where}: names Kubernetes: ${sentence}`);
    }
  };
  for (const { spec, path } of await allCommands()) {
    const name = path.join(' ');
    check(name, `${spec.summary}\n${spec.description}`);
    for (const e of spec.examples) check(`${name} example`, `${e.description}\n${e.command}`);
    for (const f of spec.flags) check(`${name} --${f.name}`, f.description);
  }
  for (const f of GLOBAL_FLAGS) check(`global --${f.name}`, f.description);
  assert.deepEqual(problems, []);
});

test('every visible command appears in root help with its summary', async () => {
  const r = await runCli([]);
  assert.equal(r.code, 0);
  for (const s of (await loadAllSpecs()).filter((x) => x.hidden !== true)) {
    assert.match(r.stdout, new RegExp(`\\n  ${s.name} +${s.summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`));
  }
  assert.ok(!r.stdout.includes('__complete'));
});

test('--help of every command shows its description, examples and usage', async () => {
  for (const { spec, path } of await allCommands()) {
    if (spec.hidden === true) continue;
    const r = await runCli([...path, '--help']);
    assert.equal(r.code, 0, path.join(' '));
    assert.ok(r.stdout.startsWith(spec.description.trim()), path.join(' '));
    // kubectl's templater ends every usage line with [options] (every command takes the global flags).
    const usage = spec.usage.includes('[options]') ? spec.usage : `${spec.usage} [options]`.trimStart();
    assert.ok(r.stdout.includes(`Usage:\n  platformctl ${path.join(' ')} ${usage}\n`), path.join(' '));
    // pflag lists flags sorted by long name.
    const listed = [...r.stdout.matchAll(/^ {4}(?:-\w, )?--([\w-]+)=.*:$/gm)].map((m) => m[1] ?? '');
    assert.deepEqual(listed, [...listed].sort(), `${path.join(' ')}: options sorted`);
    assert.deepEqual(new Set(listed), new Set(spec.flags.filter((f) => f.hidden !== true).map((f) => f.name)), `${path.join(' ')}: options listed`);
    // Every line of a description is a `#` comment, as in kubectl's help.
    for (const e of spec.examples) assert.ok(r.stdout.includes(`${e.description.split('\n').map((line) => `  # ${line}`).join('\n')}\n  ${e.command}`), `${path.join(' ')}: example ${e.command}`);
  }
});

test('an unknown command suggests the closest ones and exits 1', async () => {
  const top = await runCli(['versoin']);
  assert.equal(top.code, 1);
  assert.equal(top.stderr, 'error: unknown command "versoin" for "platformctl"\n\nDid you mean this?\n\tversion\n');
  const sub = await runCli(['plugin', 'lst']);
  assert.equal(sub.code, 1);
  // kubectl's groups with DefaultSubCommandRun name every argument and suggest nothing.
  assert.equal(sub.stderr, "error: unknown command \"lst\"\nSee 'platformctl plugin -h' for help and examples\n");
  assert.equal((await runCli(['rollout', 'foo', 'bar'])).stderr, "error: unknown command \"foo bar\"\nSee 'platformctl rollout -h' for help and examples\n");
  const other = await runCli(['certificate', 'aprove']);
  assert.equal(other.stderr, 'error: unknown command "aprove" for "platformctl certificate"\n\nDid you mean this?\n\tapprove\n');
  // cobra's SuggestFor (get and wait for list and ps) and its order of kubectl's commands.
  assert.equal((await runCli(['list'])).stderr, 'error: unknown command "list" for "platformctl"\n\nDid you mean this?\n\tget\n\twait\n');
  assert.equal((await runCli(['ps'])).stderr, 'error: unknown command "ps" for "platformctl"\n\nDid you mean this?\n\tget\n\tcp\n\twait\n');
  assert.equal((await runCli(['gett'])).stderr, 'error: unknown command "gett" for "platformctl"\n\nDid you mean this?\n\tset\n\tget\n');
  const none = await runCli(['zzzzzz']);
  assert.equal(none.code, 1);
  assert.equal(none.stderr, 'error: unknown command "zzzzzz" for "platformctl"\n');
});

test('an unknown flag suggests the closest ones and exits 1', async () => {
  const r = await runCli(['version', '--clinet']);
  assert.equal(r.code, 1);
  assert.equal(r.stderr, "error: unknown flag: --clinet\n\nDid you mean this?\n\t--client\n\nSee 'platformctl version --help' for usage.\n");
  const g = await runCli(['options', '--contxt', 'x']);
  assert.equal(g.code, 1);
  assert.match(g.stderr, /Did you mean this\?\n\t--context\n/);
});

test('options lists every visible global flag as kubectl does', async () => {
  const r = await runCli(['options']);
  assert.equal(r.code, 0);
  assert.ok(r.stdout.startsWith('The following options can be passed to any command:\n\n'));
  assert.ok(r.stdout.endsWith('\n\n'));
  const blocks = r.stdout.slice('The following options can be passed to any command:\n\n'.length, -2).split('\n\n');
  const visible = GLOBAL_FLAGS.filter((f) => f.hidden !== true);
  assert.equal(blocks.length, visible.length);
  blocks.forEach((block, i) => {
    const f = visible[i];
    assert.ok(f !== undefined);
    const names = f.short === undefined ? `--${f.name}` : `-${f.short}, --${f.name}`;
    assert.match(block, new RegExp(`^    ${names.replace(/-/g, '\\-')}=.*:\\n\\t`), block);
    assert.ok(block.endsWith(`\t${f.description}`), block);
  });
  assert.ok(r.stdout.includes("    -n, --namespace='':\n\tIf present, the namespace scope for this CLI request\n"));
});

const kubectl = spawnSync('kubectl', ['options'], { encoding: 'utf8' });
test('options: the headings of the flags kubectl also has are kubectl\'s', { skip: kubectl.status === 0 ? false : 'kubectl is not installed' }, async () => {
  const headings = (text: string): Map<string, string> =>
    new Map([...text.matchAll(/^ {4}((?:-\w, )?--([\w-]+)=.*):$/gm)].map((m) => [m[2] ?? '', m[1] ?? '']));
  const theirs = headings(kubectl.stdout);
  const ours = headings((await runCli(['options'])).stdout);
  let compared = 0;
  for (const [name, heading] of ours) {
    const other = theirs.get(name);
    // kubectl shows its real cache directory as the default; ours is resolved at run time.
    if (other === undefined || name === 'cache-dir') continue;
    assert.equal(heading, other, name);
    compared++;
  }
  assert.ok(compared >= 20, `compared ${compared} flags`);
});
