/**
 * The committed bash script, loaded in a real bash with COMP_WORDS/COMP_CWORD/COMP_LINE set as
 * bash sets them, calling the built bin/platformctl from PATH: checks COMPREPLY. The script logic
 * that needs answers the built-in commands cannot give yet (file-extension filtering, `:` in
 * words) runs against a stub program speaking the same protocol.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '../../src/sdk/client.js';
import { startTestServer, writeTestKubeconfig } from '../support/server.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

// An empty home for every shell run: nothing from the real ~/.platform may leak in.
const emptyHome = mkdtempSync(join(tmpdir(), 'platformctl-completion-home-'));
after(() => rmSync(emptyHome, { recursive: true, force: true }));
const script = join(root, 'completions', 'platformctl.bash');
const hasBash = spawnSync('bash', ['-c', 'exit 0']).status === 0;
const skip = hasBash ? false : 'bash is not installed';
// The script works alone and with the bash-completion package (whose _filedir it then uses):
// every case runs both ways when the package is installed.
const BASH_COMPLETION = '/usr/share/bash-completion/bash_completion';
const modes: (string | undefined)[] = [undefined, ...(existsSync(BASH_COMPLETION) ? [BASH_COMPLETION] : [])];
if (modes.length === 1) console.log(`# ${BASH_COMPLETION} not found: the script is tested without the bash-completion package only`);

function quote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

interface Case {
  /** COMP_WORDS as bash splits the line (pieces at '=' and ':' separate). */
  words: string[];
  /** The text of the line up to the cursor (COMP_LINE); words joined by single spaces when omitted. */
  line?: string;
  cwd?: string;
  path?: string;
  env?: Record<string, string>;
  compType?: number;
}

/** Runs the completion function and returns COMPREPLY (the same in every mode). */
function compreply(c: Case): string[] {
  const replies = modes.map((m) => compreplyIn(c, m));
  for (const r of replies.slice(1)) assert.deepEqual(r, replies[0], 'the same answer with bash-completion loaded');
  return replies[0] ?? [];
}

/** The bash program and environment that run the completion function for `c`. */
function bashRun(c: Case, bashCompletion: string | undefined): { body: string; env: Record<string, string> } {
  const line = c.line ?? c.words.join(' ');
  const body = [
    bashCompletion === undefined ? '' : `source ${quote(bashCompletion)}`,
    `source ${quote(script)}`,
    `COMP_WORDS=(${c.words.map(quote).join(' ')})`,
    `COMP_CWORD=${c.words.length - 1}`,
    `COMP_LINE=${quote(line)}`,
    'COMP_POINT=${#COMP_LINE}',
    c.compType === undefined ? '' : `COMP_TYPE=${c.compType}`,
    '__start_platformctl',
    `printf '%s\\n' "\${COMPREPLY[@]}"`,
  ].join('\n');
  const env: Record<string, string> = {
    PATH: c.path ?? `${join(root, 'bin')}:${process.env.PATH ?? ''}`,
    HOME: emptyHome,
    COLUMNS: '120',
    NO_COLOR: '1',
    ...c.env,
  };
  return { body, env };
}

function compreplyIn(c: Case, bashCompletion: string | undefined): string[] {
  const { body, env } = bashRun(c, bashCompletion);
  const r = spawnSync('bash', ['--norc', '--noprofile', '-c', body], { cwd: c.cwd ?? root, env, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.split('\n').filter((l) => l !== '');
}

/** COMPREPLY without blocking the event loop (for a server running in this process). */
async function compreplyAsync(c: Case): Promise<string[]> {
  const replies: string[][] = [];
  for (const mode of modes) {
    const { body, env } = bashRun(c, mode);
    const child = spawn('bash', ['--norc', '--noprofile', '-c', body], { cwd: c.cwd ?? root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, 0);
    replies.push(out.split('\n').filter((l) => l !== ''));
  }
  for (const r of replies.slice(1)) assert.deepEqual(r, replies[0], 'the same answer with bash-completion loaded');
  return replies[0] ?? [];
}

test('bash: a command name', { skip }, () => {
  assert.deepEqual(compreply({ words: ['platformctl', 'ver'] }), ['version']);
});

test('bash: several commands are listed with their summaries, aligned', { skip }, () => {
  const all = compreply({ words: ['platformctl', ''], line: 'platformctl ' });
  const version = all.find((l) => l.startsWith('version'));
  assert.match(version ?? '', /^version +\(Print the client and server version information\)$/);
  // Descriptions start in one column.
  assert.equal(new Set(all.map((l) => l.indexOf('  ('))).size, 1);
  // Inserting completions (COMP_TYPE 42): names only.
  assert.ok(compreply({ words: ['platformctl', ''], line: 'platformctl ', compType: 42 }).includes('version'));
});

test('bash: a single match loses its description', { skip }, () => {
  assert.deepEqual(compreply({ words: ['platformctl', 'plugin', ''], line: 'platformctl plugin ' }), ['list']);
});

test('bash: flag names and flag values', { skip }, () => {
  assert.deepEqual(compreply({ words: ['platformctl', 'version', '--o'] }), ['--output']);
  assert.deepEqual(compreply({ words: ['platformctl', 'version', '-o', ''], line: 'platformctl version -o ' }), ['json', 'yaml']);
  assert.deepEqual(compreply({ words: ['platformctl', 'completion', 'f'] }), ['fish']);
});

test('bash: --flag=value, split by bash at "="', { skip }, () => {
  assert.deepEqual(compreply({ words: ['platformctl', 'version', '--output', '='], line: 'platformctl version --output=' }), ['json', 'yaml']);
  assert.deepEqual(compreply({ words: ['platformctl', 'version', '--output', '=', 'y'], line: 'platformctl version --output=y' }), ['yaml']);
});

test('bash: directory flags complete directories only', { skip }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-bash-dirs-'));
  try {
    mkdirSync(join(dir, 'cache-a'));
    mkdirSync(join(dir, 'cache-b'));
    writeFileSync(join(dir, 'cache-file'), '');
    const reply = compreply({ words: ['platformctl', '--cache-dir', 'ca'], cwd: dir });
    assert.deepEqual(reply.sort(), ['cache-a', 'cache-b']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A stub `platformctl` that answers every __complete with `answer` and records its arguments. */
function withStub(answer: string, fn: (dir: string, argsFile: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-bash-stub-'));
  try {
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    const argsFile = join(dir, 'args');
    writeFileSync(join(bin, 'platformctl'), `#!/bin/sh\nfor a in "$@"; do printf '[%s]' "$a"; done > ${quote(argsFile)}\nprintf '%s' ${quote(answer)}\n`);
    chmodSync(join(bin, 'platformctl'), 0o755);
    fn(dir, argsFile);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('bash: FilterFileExt completes files with those extensions, and directories', { skip }, () => {
  withStub('json\nyaml\nyml\n:8\n', (dir) => {
    for (const f of ['a.yaml', 'b.yml', 'c.json', 'd.txt', 'e.yaml.bak']) writeFileSync(join(dir, f), '');
    mkdirSync(join(dir, 'manifests'));
    const reply = compreply({ words: ['platformctl', 'apply', '-f', ''], line: 'platformctl apply -f ', cwd: dir, path: `${join(dir, 'bin')}:/usr/bin:/bin` });
    assert.deepEqual(reply.sort(), ['a.yaml', 'b.yml', 'bin', 'c.json', 'manifests']);
  });
});

test('bash: the words reach __complete whole, the last one possibly empty', { skip }, () => {
  withStub('x\n:4\n', (dir, argsFile) => {
    const path = `${join(dir, 'bin')}:/usr/bin:/bin`;
    compreply({ words: ['platformctl', '--context', '=', 'dev', 'get', ''], line: 'platformctl --context=dev get ', cwd: dir, path });
    assert.equal(spawnSync('cat', [argsFile], { encoding: 'utf8' }).stdout, '[__complete][--context=dev][get][]');
    compreply({ words: ['platformctl', 'get', 'a', ':', 'b'], line: 'platformctl get a:b', cwd: dir, path });
    assert.equal(spawnSync('cat', [argsFile], { encoding: 'utf8' }).stdout, '[__complete][get][a:b]');
  });
});

test('bash: candidates containing ":" are cut where bash breaks the word', { skip }, () => {
  withStub('a:b:c\na:b:d\nzz\n:4\n', (dir) => {
    const reply = compreply({ words: ['platformctl', 'x', 'a', ':', 'b', ':'], line: 'platformctl x a:b:', cwd: dir, path: `${join(dir, 'bin')}:/usr/bin:/bin` });
    assert.deepEqual(reply, ['c', 'd']);
  });
});

test('bash: the error directive completes nothing; NoSpace is accepted', { skip }, () => {
  withStub('a\n:1\n', (dir) => {
    assert.deepEqual(compreply({ words: ['platformctl', ''], line: 'platformctl ', cwd: dir, path: `${join(dir, 'bin')}:/usr/bin:/bin` }), []);
  });
  withStub('pods/\n:6\n', (dir) => {
    assert.deepEqual(compreply({ words: ['platformctl', 'get', 'po'], cwd: dir, path: `${join(dir, 'bin')}:/usr/bin:/bin` }), ['pods/']);
  });
});

test('bash: contexts from the config file, namespaces from the server', { skip }, async () => {
  const server = await startTestServer();
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-bash-server-'));
  try {
    const config = await writeTestKubeconfig(server, dir);
    const client = createClient({ server: server.url, caData: server.caPem, bearerToken: server.adminToken, namespace: 'default' }, { env: {} });
    for (const name of ['team-a', 'team-b']) await client.namespaces().create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
    const env = { PLATFORMCONFIG: config };
    assert.deepEqual(compreply({ words: ['platformctl', '--context', '=', ''], line: 'platformctl --context=', cwd: dir, env }), ['local']);
    assert.deepEqual(compreply({ words: ['platformctl', 'config', 'use-context', 'lo'], cwd: dir, env }), ['local']);
    assert.deepEqual(await compreplyAsync({ words: ['platformctl', '-n', 'team-'], cwd: dir, env }), ['team-a', 'team-b']);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
