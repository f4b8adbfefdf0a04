/**
 * The committed zsh and fish scripts against the built bin/platformctl: fish through its own
 * completion engine (`complete --do-complete`); zsh by calling `_platformctl` with `words` and
 * CURRENT set and compsys's `_describe`/`_files` replaced by recorders (compsys needs a terminal).
 * Each shell is skipped, with the reason printed, when it is not installed.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

// An empty home for every shell run: nothing from the real ~/.platform may leak in.
const emptyHome = mkdtempSync(join(tmpdir(), 'platformctl-completion-home-'));
after(() => rmSync(emptyHome, { recursive: true, force: true }));
const path = `${join(root, 'bin')}:${process.env.PATH ?? ''}`;
const installed = (shell: string): boolean => spawnSync(shell, ['-c', 'exit 0']).status === 0;
const fishSkip = installed('fish') ? false : 'fish is not installed';
const zshSkip = installed('zsh') ? false : 'zsh is not installed';

function quote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A temp dir whose bin/platformctl is a stub answering every `__complete` with `answer`. */
function withStub(answer: string, fn: (dir: string, stubPath: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-shell-stub-'));
  try {
    mkdirSync(join(dir, 'bin'));
    writeFileSync(join(dir, 'bin', 'platformctl'), `#!/bin/sh\nprintf '%s' ${quote(answer)}\n`);
    chmodSync(join(dir, 'bin', 'platformctl'), 0o755);
    fn(dir, `${join(dir, 'bin')}:/usr/bin:/bin`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function fish(line: string, cwd = root, searchPath = path): string[] {
  const body = `source ${quote(join(root, 'completions', 'platformctl.fish'))}; complete --do-complete ${quote(line)}`;
  const r = spawnSync('fish', ['--no-config', '-c', body], { cwd, env: { PATH: searchPath, HOME: emptyHome, NO_COLOR: '1' }, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.split('\n').filter((l) => l !== '');
}

test('fish: the script parses', { skip: fishSkip }, () => {
  const r = spawnSync('fish', ['--no-execute', join(root, 'completions', 'platformctl.fish')], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
});

test('fish: commands with descriptions', { skip: fishSkip }, () => {
  assert.deepEqual(fish('platformctl ver'), ['version\tPrint the client and server version information']);
  assert.ok(fish('platformctl ').some((l) => l.startsWith('plugin\t')));
});

test('fish: flags and flag values, including --flag=value', { skip: fishSkip }, () => {
  assert.deepEqual(fish('platformctl version --out'), ["--output\tOne of 'yaml' or 'json'."]);
  assert.deepEqual(fish('platformctl version -o '), ['json', 'yaml']);
  assert.deepEqual(fish('platformctl version --output=y'), ['--output=yaml']);
});

test('fish: directories only for --cache-dir', { skip: fishSkip }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-fish-'));
  try {
    mkdirSync(join(dir, 'cache-a'));
    writeFileSync(join(dir, 'cache-file'), '');
    assert.deepEqual(fish('platformctl --cache-dir ca', dir).map((l) => l.split('\t')[0]), ['cache-a/']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Calls _platformctl for `words` (the last one is completed) with recording compsys stubs. */
function zsh(words: string[], cwd = root, searchPath = path): string[] {
  const body = [
    // Recorders for the compsys functions the script calls.
    'compdef() { :; }',
    '_describe() { local -a o; while [[ $1 == -* ]]; do o+=($1); shift; done; print -r -- "describe ${o[*]}"; print -rl -- "${(@P)2}"; shift 2; print -r -- "opts $*"; }',
    '_files() { print -r -- "files $*"; }',
    `source ${quote(join(root, 'completions', '_platformctl'))}`,
    `words=(${words.map(quote).join(' ')})`,
    `CURRENT=${words.length}`,
    '_platformctl || true',
  ].join('\n');
  const r = spawnSync('zsh', ['-f', '-c', body], { cwd, env: { PATH: searchPath, HOME: emptyHome, NO_COLOR: '1' }, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.split('\n').filter((l) => l !== '');
}

test('zsh: the script parses', { skip: zshSkip }, () => {
  const r = spawnSync('zsh', ['-n', join(root, 'completions', '_platformctl')], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
});

test('zsh: commands and flags go to _describe as value:description', { skip: zshSkip }, () => {
  assert.deepEqual(zsh(['platformctl', 'ver']), ['describe ', 'version:Print the client and server version information', 'opts ']);
  assert.deepEqual(zsh(['platformctl', 'version', '--out']), ['describe ', "--output:One of 'yaml' or 'json'.", 'opts ']);
});

test('zsh: --flag=value keeps its flag; values without descriptions', { skip: zshSkip }, () => {
  assert.deepEqual(zsh(['platformctl', 'version', '--output=']), ['describe ', '--output=json', '--output=yaml', 'opts ']);
  assert.deepEqual(zsh(['platformctl', 'version', '-o', '']), ['describe ', 'json', 'yaml', 'opts ']);
});

test('zsh: file and directory directives use _files', { skip: zshSkip }, () => {
  assert.deepEqual(zsh(['platformctl', '--cache-dir', '']), ['files -/']);
  assert.deepEqual(zsh(['platformctl', '--kubeconfig', '']), ['files ']);
  assert.deepEqual(zsh(['platformctl', 'completion', 'bash', '']), []);
});

test('fish: FilterFileExt offers files with the extensions, and directories', { skip: fishSkip }, () => {
  withStub('json\nyaml\n:8\n', (dir, stubPath) => {
    for (const f of ['a.yaml', 'b.json', 'c.txt']) writeFileSync(join(dir, f), '');
    mkdirSync(join(dir, 'manifests'));
    const got = fish('platformctl apply -f ', dir, stubPath).map((l) => l.split('\t')[0]).sort();
    assert.deepEqual(got, ['a.yaml', 'b.json', 'bin/', 'manifests/']);
  });
});

test('fish: NoSpace keeps a single candidate open', { skip: fishSkip }, () => {
  withStub('pods/\n:6\n', (dir, stubPath) => {
    assert.deepEqual(fish('platformctl get po', dir, stubPath), ['pods/', 'pods/.']);
  });
});

test('zsh: FilterFileExt becomes a _files glob; NoSpace and KeepOrder reach _describe', { skip: zshSkip }, () => {
  withStub('json\nyaml\n:8\n', (dir, stubPath) => {
    assert.deepEqual(zsh(['platformctl', 'apply', '-f', ''], dir, stubPath), ['files -g (*.json|*.yaml)']);
  });
  withStub('pods/\tpods\nb:c\n:38\n', (dir, stubPath) => {
    assert.deepEqual(zsh(['platformctl', 'get', ''], dir, stubPath), ['describe -V', 'pods/:pods', 'b\\:c', "opts -S "]);
  });
  withStub('x\n:1\n', (dir, stubPath) => {
    assert.deepEqual(zsh(['platformctl', ''], dir, stubPath), []);
  });
});
