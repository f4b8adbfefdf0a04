/**
 * `cp` against the local server's process node (tar over exec, as kubectl does): a directory
 * tree into a container and back, and a crafted tar from a hostile container that tries `../`,
 * an absolute name and a symbolic link is refused entry by entry.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pack } from 'tar-stream';
import { BUILT_SKIP, runBuilt } from '../support/built-cli.js';
import { nodeContainer, openStreamsEnv, podOf, programPod, SKIP_NODE, type StreamsEnv } from './streams-support.js';

const NS = 'streams-cp';

async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        out[`${relative(dir, p)}/`] = '';
        await walk(p);
      } else out[relative(dir, p)] = await readFile(p, 'utf8');
    }
  };
  await walk(dir);
  return out;
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(() => true, () => false);
}

function craftedTar(entries: { name: string; body?: string; type?: 'file' | 'directory' | 'symlink'; linkname?: string }[]): Promise<Buffer> {
  const p = pack();
  for (const e of entries) {
    if (e.type === 'symlink') p.entry({ name: e.name, type: 'symlink', linkname: e.linkname ?? '' });
    else if (e.type === 'directory') p.entry({ name: e.name, type: 'directory' });
    else p.entry({ name: e.name }, e.body ?? '');
  }
  p.finalize();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    p.on('data', (c: unknown) => {
      if (Buffer.isBuffer(c)) chunks.push(c);
    });
    p.on('end', () => resolve(Buffer.concat(chunks)));
    p.on('error', reject);
  });
}

describe('cp', { skip: SKIP_NODE }, () => {
  let s: StreamsEnv;
  before(async () => {
    s = await openStreamsEnv(NS);
  });
  after(async () => {
    await s?.close();
  });

  test('a directory into a container and back, with nested directories and an empty one', async () => {
    await s.runPod(programPod('box', 'setInterval(() => {}, 1000)'));
    // The process runtime shares the file system: the container's "/remote" is a directory of the test.
    const local = join(s.dir, 'local', 'site');
    await mkdir(join(local, 'css', 'deep'), { recursive: true });
    await mkdir(join(local, 'empty'));
    await writeFile(join(local, 'index.html'), '<h1>hi</h1>\n');
    await writeFile(join(local, 'css', 'main.css'), 'body {}\n');
    await writeFile(join(local, 'css', 'deep', 'x.txt'), 'x'.repeat(100_000));
    const remote = join(s.dir, 'remote');
    await mkdir(remote);
    const up = await s.cli(['cp', local, `box:${remote}`]);
    assert.deepEqual(up, { code: 0, stdout: '', stderr: '' });
    const sent = await tree(local);
    assert.deepEqual(await tree(join(remote, 'site')), sent, 'copied into the existing directory under its own name');
    const renamed = await s.cli(['cp', local, `${NS}/box:${join(remote, 'renamed')}`, '-c', 'main']);
    assert.equal(renamed.code, 0, renamed.stderr);
    assert.deepEqual(await tree(join(remote, 'renamed')), sent, 'a destination that does not exist is the new name');
    const back = join(s.dir, 'back');
    const down = await s.cli(['cp', `box:${join(remote, 'site')}`, back]);
    assert.deepEqual(down, { code: 0, stdout: '', stderr: 'tar: Removing leading `/\' from member names\n' });
    assert.deepEqual(await tree(back), sent);
    const file = await s.cli(['cp', `box:${join(remote, 'site', 'index.html')}`, join(s.dir, 'one.html')]);
    assert.equal(file.code, 0, file.stderr);
    assert.equal(await readFile(join(s.dir, 'one.html'), 'utf8'), '<h1>hi</h1>\n');
    const missing = await s.cli(['cp', join(s.dir, 'nothing-here'), 'box:/tmp/x']);
    assert.equal(missing.code, 1);
    assert.equal(missing.stderr, `error: ${join(s.dir, 'nothing-here')} doesn't exist in local filesystem\n`);
  });

  test('a crafted tar that tries ../, an absolute name and a link writes nothing outside the destination', async () => {
    // A hostile container: its `tar` answers every request with the crafted stream.
    const bin = join(s.dir, 'hostile-bin');
    await mkdir(bin);
    const crafted = join(s.dir, 'crafted.tar');
    await writeFile(crafted, await craftedTar([
      { name: 'data/', type: 'directory' },
      { name: 'data/ok.txt', body: 'fine\n' },
      { name: 'data/../../escaped.txt', body: 'escaped\n' },
      { name: 'data/sub/../../../escaped2.txt', body: 'escaped\n' },
      { name: '/abs-escaped.txt', body: 'escaped\n' },
      { name: 'data/link', type: 'symlink', linkname: '/etc/passwd' },
      { name: 'data/link/../../escaped3.txt', body: 'escaped\n' },
    ]));
    await writeFile(join(bin, 'tar'), `#!/bin/sh\ncat '${crafted}'\n`);
    await chmod(join(bin, 'tar'), 0o755);
    await s.runPod(podOf('hostile', { containers: [nodeContainer('main', 'setInterval(() => {}, 1000)', { env: [{ name: 'PATH', value: `${bin}:${process.env.PATH ?? ''}` }] })] }));
    const dest = join(s.dir, 'victim', 'dest');
    await mkdir(dest, { recursive: true });
    const r = await s.cli(['cp', 'hostile:data', dest]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(await readFile(join(dest, 'ok.txt'), 'utf8'), 'fine\n');
    for (const p of [join(s.dir, 'victim', 'escaped.txt'), join(s.dir, 'escaped.txt'), join(s.dir, 'escaped2.txt'), join(s.dir, 'victim', 'escaped2.txt'), join(s.dir, 'victim', 'escaped3.txt'), '/abs-escaped.txt', join(dest, 'link')]) {
      assert.equal(await exists(p), false, `${p} must not be written`);
    }
    assert.match(r.stderr, /warning: file ".*escaped\.txt" is outside target destination, skipping/);
    assert.match(r.stderr, /warning: skipping symlink: ".*link" -> "\/etc\/passwd"/);
  });

  test('a tar stream cut off or not a tar at all ends with one line, exit 1, as kubectl', { skip: BUILT_SKIP }, async () => {
    // Containers whose `tar` prints the first part of an archive (cut inside a file's content and
    // inside a header), or bytes that are no archive: kubectl's archive/tar reader reports
    // `unexpected EOF` and `archive/tar: invalid tar header` (checked against kubectl 1.32).
    const whole = await craftedTar([{ name: 'data/', type: 'directory' }, { name: 'data/big.txt', body: 'x'.repeat(20_000) }, { name: 'data/after.txt', body: 'after\n' }]);
    const elsewhere = await craftedTar([{ name: 'other/big.txt', body: 'x'.repeat(20_000) }]);
    const cases = [
      // Cut inside an entry that is skipped (outside the destination): its stream's error had no
      // listener and crashed the process with the bundle's source and a stack trace.
      {
        pod: 'cut-skipped', bytes: elsewhere.subarray(0, 7_000),
        stderr: `warning: file "${join(s.dir, 'dest-cut-skipped', 'other', 'big.txt')}" is outside target destination, skipping\nerror: unexpected EOF\n`,
      },
      { pod: 'cut-body', bytes: whole.subarray(0, 512 * 2 + 7_000), stderr: 'error: unexpected EOF\n' },
      { pod: 'cut-header', bytes: whole.subarray(0, 512 + 100), stderr: 'error: unexpected EOF\n' },
      { pod: 'garbage', bytes: Buffer.from('this is not a tar archive\n'.repeat(100)), stderr: 'error: archive/tar: invalid tar header\n' },
    ];
    for (const c of cases) {
      const bin = join(s.dir, `bin-${c.pod}`);
      await mkdir(bin);
      const file = join(s.dir, `${c.pod}.out`);
      await writeFile(file, c.bytes);
      await writeFile(join(bin, 'tar'), `#!/bin/sh\ncat '${file}'\n`);
      await chmod(join(bin, 'tar'), 0o755);
      await s.runPod(podOf(c.pod, { containers: [nodeContainer('main', 'setInterval(() => {}, 1000)', { env: [{ name: 'PATH', value: `${bin}:${process.env.PATH ?? ''}` }] })] }));
      const dest = join(s.dir, `dest-${c.pod}`);
      // The built binary: an uncaught error shows only in a process of its own.
      const r = await runBuilt(['cp', `${c.pod}:data`, dest], { env: { ...process.env, ...s.env }, cwd: s.dir });
      assert.deepEqual({ code: r.code, stdout: r.stdout, stderr: r.stderr }, { code: 1, stdout: '', stderr: c.stderr }, c.pod);
    }
  });
});
