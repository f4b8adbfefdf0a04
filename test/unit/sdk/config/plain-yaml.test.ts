/**
 * The config files' fast YAML path (plain-yaml.ts): on every text it accepts it gives exactly what
 * js-yaml with the go-yaml schema gives, it accepts the files kubectl and this client write, and it
 * leaves everything outside its subset to js-yaml.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePlainBlockYaml } from '../../../../src/sdk/config/plain-yaml.js';
import { loadYaml } from '../../../../src/machinery/yaml/read.js';
import { configToYaml } from '../../../../src/sdk/config/encode.js';
import { decodeConfig } from '../../../../src/sdk/types/kubeconfig-decode.js';

/** js-yaml's answer: the value, or the error's message. */
async function slow(text: string): Promise<unknown> {
  try {
    return { value: await loadYaml(text, { firstDocument: true }) };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

/** A deterministic generator, so that a failure names a seed that reproduces it. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const SCALARS = [
  'local', 'https://127.0.0.1:6443', 'true', 'yes', 'no', 'on', 'Off', 'y', 'n', '~', 'null', 'NULL', '0', '-1', '007', '0x1F', '0o17',
  '1_000', '1.5', '-.5', '.inf', '-.Inf', '.nan', '1e3', '12:30', '2024-01-02', '2024-01-02T03:04:05Z', 'a b  c', 'a,b', 'a]', 'C:\\path',
  'v1', 'Config', '"quoted"', '"with # hash"', "'single'", "'it''s'", '{}', '[]', '"yes"', "'0x1F'", 'émoji 😀', 'a#b', 'x:y',
  '--flag', '-x', '---', '-', '--', 'a:b:c', '"', "''", '""',
];
/** Outside the subset: js-yaml decides (picked now and then). */
const OUTSIDE = [
  '&anchor v', '*alias', '!tag v', '|', '>', '[a, b]', '{a: 1}', '"esc\\n"', 'a: b', 'trailing:', 'v # comment', '- x', '?q', '@at', '`tick`',
  "'unclosed", '"unclosed', 'a\tb', '%x',
];
const KEYS = ['name', 'server', 'cluster', 'user', 'token', 'current-context', 'certificate-authority-data', 'a.b', 'a/b', 'x_y', 'k8s', 'dup'];
const ODD_KEYS = ['true', 'yes', '1', 'null', '__proto__', 'constructor', '"quoted"', 'two words', '-k', 'a:b'];

function pick<T>(next: () => number, list: readonly T[]): T {
  return list[Math.floor(next() * list.length)] as T;
}

function genValue(next: () => number, indent: number, depth: number): string[] {
  const roll = next();
  if (depth > 3 || roll < 0.45) return [` ${pick(next, next() < 0.03 ? OUTSIDE : SCALARS)}`];
  if (roll < 0.75) return ['', ...genMapping(next, indent + 2, depth + 1)];
  // A sequence, at the key's own indentation (kubectl) or deeper.
  const at = next() < 0.6 ? indent : indent + 2;
  return ['', ...genSequence(next, at, depth + 1)];
}

function genMapping(next: () => number, indent: number, depth: number): string[] {
  const lines: string[] = [];
  const n = 1 + Math.floor(next() * 4);
  for (let i = 0; i < n; i++) {
    const [first = '', ...rest] = genValue(next, indent, depth);
    lines.push(`${' '.repeat(indent)}${pick(next, next() < 0.03 ? ODD_KEYS : KEYS)}:${first}`, ...rest);
    if (next() < 0.05) lines.push(`${' '.repeat(indent)}# a comment`);
    if (next() < 0.05) lines.push('');
  }
  return lines;
}

function genSequence(next: () => number, indent: number, depth: number): string[] {
  const lines: string[] = [];
  const n = 1 + Math.floor(next() * 3);
  for (let i = 0; i < n; i++) {
    if (next() < 0.4) {
      lines.push(`${' '.repeat(indent)}- ${pick(next, next() < 0.03 ? OUTSIDE : SCALARS)}`);
      continue;
    }
    const mapping = genMapping(next, indent + 2, depth + 1);
    const [first = '', ...rest] = mapping;
    lines.push(`${' '.repeat(indent)}- ${first.trimStart()}`, ...rest);
  }
  return lines;
}

test('on every generated text it accepts, the fast path gives exactly what js-yaml gives', async () => {
  const seed = Number(process.env.PLAIN_YAML_SEED ?? 20261126);
  const next = random(seed);
  let accepted = 0;
  let refused = 0;
  for (let i = 0; i < 3000; i++) {
    let lines = genMapping(next, 0, 0);
    // Now and then a perturbation: odd indentation, a tab, a document marker, a trailing space.
    if (next() < 0.1) lines = lines.map((l) => (next() < 0.2 ? ` ${l}` : l));
    if (next() < 0.03) lines.unshift('---');
    if (next() < 0.03) lines.push('\tx: 1');
    if (next() < 0.1) lines = lines.map((l) => `${l}  `);
    const text = `${lines.join('\n')}\n`;
    const fast = parsePlainBlockYaml(text);
    if (fast === undefined) {
      refused++;
      continue;
    }
    accepted++;
    assert.deepEqual({ value: fast }, await slow(text), `seed ${seed}, text:\n${text}`);
  }
  // Both sides of the fence are exercised.
  assert.ok(accepted > 300, `accepted ${accepted}`);
  assert.ok(refused > 300, `refused ${refused}`);
});

test('config files as this client writes them take the fast path', async () => {
  const { model } = decodeConfig({
    apiVersion: 'v1', kind: 'Config', 'current-context': 'local', preferences: {},
    clusters: [{ name: 'local', cluster: { server: 'https://127.0.0.1:6443', 'certificate-authority-data': 'LS0tLS1CRUdJTg==', 'tls-server-name': 'yes' } }],
    users: [{ name: 'admin', user: { token: 'abc', exec: { apiVersion: 'client.authentication.platform.io/v1', command: 'helper', args: ['--flag', '0x1F'], env: [{ name: 'A', value: 'on' }] } } }],
    contexts: [{ name: 'local', context: { cluster: 'local', user: 'admin', namespace: '007' } }],
  });
  const text = configToYaml(model);
  const fast = parsePlainBlockYaml(text);
  assert.notEqual(fast, undefined, text);
  assert.deepEqual({ value: fast }, await slow(text));
});

test('config files as kubectl writes them take the fast path', { skip: spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0 ? false : 'kubectl is not installed' }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'plain-yaml-'));
  try {
    const file = join(dir, 'config');
    const kubectl = (...args: string[]): void => {
      const r = spawnSync('kubectl', ['--kubeconfig', file, 'config', ...args], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
    };
    kubectl('set-cluster', 'prod', '--server=https://10.0.0.1:6443', '--insecure-skip-tls-verify=true');
    kubectl('set-credentials', 'admin', '--token=abc.def');
    kubectl('set-context', 'prod', '--cluster=prod', '--user=admin', '--namespace=007');
    kubectl('use-context', 'prod');
    kubectl('set', 'preferences.colors', 'true');
    const text = readFileSync(file, 'utf8');
    const fast = parsePlainBlockYaml(text);
    assert.notEqual(fast, undefined, text);
    assert.deepEqual({ value: fast }, await slow(text));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('outside the subset, js-yaml decides', () => {
  for (const text of [
    'a: &x 1\nb: *x\n', 'a: [1, 2]\n', 'a: |\n  text\n', 'a: "esc\\n"\n', 'a: 1 # c\n', '---\na: 1\n', 'a: 1\na: 2\n',
    '__proto__: {}\n', '1: x\n', 'a:\n\tb: 1\n', 'a: b\n  c\n', 'a: !!str 1\n', '? a\n: b\n', 'plain\n', '- - a\n', '\uFEFFa: 1\n',
  ]) {
    assert.equal(parsePlainBlockYaml(text), undefined, JSON.stringify(text));
  }
});

test('deep nesting is left to js-yaml, which bounds it', () => {
  let text = '';
  for (let i = 0; i < 2000; i++) text += `${' '.repeat(i)}k:\n`;
  assert.equal(parsePlainBlockYaml(text), undefined);
});
