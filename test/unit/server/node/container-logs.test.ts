import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CriStreamEncoder, decodeEntry, encodeEntry, rfc3339Nano, type ByteSink } from '../../../../src/server/node/logs/cri-format.js';
import { fileContainerLogs } from '../../../../src/server/node/logs/file-logs.js';
import type { LogEntry } from '../../../../src/server/node/logs/cri-format.js';

const ref = { namespace: 'ns', podName: 'p', podUid: 'uid-1', container: 'c', attempt: 0 };

async function collect(it: AsyncIterable<LogEntry>): Promise<LogEntry[]> {
  const out: LogEntry[] = [];
  for await (const e of it) out.push(e);
  return out;
}

describe('CRI log format', () => {
  test('entries encode and decode; times are RFC3339Nano with trailing zeros trimmed', () => {
    assert.equal(rfc3339Nano(Date.parse('2026-01-01T00:00:00.120Z'), 500), '2026-01-01T00:00:00.1200005Z');
    assert.equal(rfc3339Nano(Date.parse('2026-01-01T00:00:00Z')), '2026-01-01T00:00:00Z');
    const line = encodeEntry({ time: '2026-01-01T00:00:00.1Z', stream: 'stderr', partial: true, content: 'a b  c' });
    assert.equal(line, '2026-01-01T00:00:00.1Z stderr P a b  c\n');
    assert.deepEqual(decodeEntry(line.slice(0, -1)), { time: '2026-01-01T00:00:00.1Z', stream: 'stderr', partial: true, content: 'a b  c' });
    assert.equal(decodeEntry('garbage'), undefined);
  });

  test('output is split into full lines; long lines become partial entries; the rest waits for a newline', () => {
    const s = new CriStreamEncoder('stdout', 4);
    const out: string[] = [];
    const sink: ByteSink = { ascii: (t) => out.push(t), bytes: (b, from, to) => out.push(b.subarray(from, to).toString('utf8')) };
    const entries = (): string[] => out.splice(0).join('').split('\n').filter((l) => l !== '');
    s.push(Buffer.from('ab\ncdefgh'), 'T', sink);
    assert.deepEqual(entries(), ['T stdout F ab', 'T stdout P cdef']);
    s.push(Buffer.from('i\n'), 'T', sink);
    assert.deepEqual(entries(), ['T stdout F ghi']);
    s.push(Buffer.from('tail'), 'T', sink);
    assert.deepEqual(entries(), ['T stdout P tail']);
    s.flush('T', sink);
    assert.deepEqual(entries(), []);
    s.push(Buffer.from('xy'), 'T', sink);
    s.flush('U', sink);
    assert.deepEqual(entries(), ['U stdout P xy']);
  });

  test('a long line is cut into partial entries of bytes, never inside a UTF-8 character; a character split between chunks stays whole', () => {
    const s = new CriStreamEncoder('stderr', 5);
    const out: Buffer[] = [];
    const sink: ByteSink = { ascii: (t) => out.push(Buffer.from(t, 'latin1')), bytes: (b, from, to) => out.push(Buffer.from(b.subarray(from, to))) };
    const euro = Buffer.from('€', 'utf8'); // three bytes
    s.push(Buffer.concat([Buffer.from('abcd'), euro, Buffer.from('e\n')]), 'T', sink);
    const both = Buffer.from('éé\n', 'utf8');
    s.push(both.subarray(0, 1), 'T', sink);
    s.push(both.subarray(1), 'T', sink);
    assert.deepEqual(Buffer.concat(out).toString('utf8').split('\n').filter((l) => l !== ''), ['T stderr P abcd', 'T stderr F €e', 'T stderr F éé']);
  });
});

describe('file container logs', () => {
  test('one log per instance; read with tail, limitBytes; rotation keeps at most maxFiles; the previous instance stays', async () => {
    const root = await mkdtemp(join(tmpdir(), 'logs-'));
    try {
      const logs = fileContainerLogs(root, { maxBytes: 200, maxFiles: 3 });
      const w = await logs.open(ref);
      for (let i = 0; i < 20; i++) w.write(i % 2 === 0 ? 'stdout' : 'stderr', `line ${i}\n`);
      w.write('stdout', 'no newline');
      await w.close();
      const dir = join(root, 'ns_p_uid-1', 'c');
      const files = (await readdir(dir)).sort();
      assert.ok(files.length <= 3, files.join(','));
      assert.ok(files.includes('0.log'));
      const all = await collect(logs.read(ref));
      assert.equal(all.at(-1)?.content, 'no newline');
      assert.equal(all.at(-1)?.partial, true);
      assert.equal(all.at(-2)?.content, 'line 19');
      assert.equal(all.at(-2)?.stream, 'stderr');
      const tail = await collect(logs.read(ref, { tailLines: 2 }));
      assert.deepEqual(tail.map((e) => e.content), ['line 19', 'no newline']);
      const limited = await collect(logs.read(ref, { limitBytes: 10 }));
      assert.equal(limited.map((e) => e.content + (e.partial ? '' : '\n')).join('').length, 10);
      // The next instance keeps this one's log (for --previous); the one after removes it.
      await (await logs.open({ ...ref, attempt: 1 })).close();
      assert.equal(await logs.lastAttempt(ref), 1);
      assert.ok((await readdir(dir)).includes('0.log'));
      await (await logs.open({ ...ref, attempt: 2 })).close();
      assert.ok(!(await readdir(dir)).some((f) => f.startsWith('0.log')));
      const text = await readFile(join(dir, '2.log'), 'utf8');
      assert.equal(text, '');
      await logs.removePod('ns', 'p', 'uid-1');
      assert.deepEqual(await readdir(root), []);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  test('follow returns what is stored, then new entries across rotations, until the log ends', async () => {
    const root = await mkdtemp(join(tmpdir(), 'logs-'));
    try {
      const logs = fileContainerLogs(root, { maxBytes: 120, maxFiles: 100 });
      const w = await logs.open(ref);
      w.write('stdout', 'first\n');
      await new Promise((r) => setTimeout(r, 20));
      const seen: string[] = [];
      const done = (async () => {
        for await (const e of logs.follow(ref, {}, new AbortController().signal)) seen.push(e.content);
      })();
      // Bursts: several rotations may happen between two reads of the follower.
      for (let i = 0; i < 60; i++) {
        w.write('stdout', `more ${i}\n`);
        await new Promise((r) => (i % 7 === 0 ? setTimeout(r, 3) : setImmediate(r)));
      }
      await w.close();
      await done;
      assert.deepEqual(seen, ['first', ...Array.from({ length: 60 }, (_, i) => `more ${i}`)]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
