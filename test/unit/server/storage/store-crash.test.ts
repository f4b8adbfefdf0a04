import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Store } from '../../../../src/server/storage/index.js';
import { tempDir } from './helpers.js';

const writer = fileURLToPath(new URL('../../../fixtures/storage/crash-writer.js', import.meta.url));

interface Ack {
  step: number;
  rv: number;
}

/** Runs the writer on `dir`, SIGKILLs it after `acksBeforeKill` acknowledged writes; returns every ack it printed. */
async function runAndKill(dir: string, round: number, acksBeforeKill: number): Promise<Map<string, Ack>> {
  const child = spawn(process.execPath, [writer, dir, String(round)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const acks = new Map<string, Ack>();
  let count = 0;
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  for await (const line of createInterface({ input: child.stdout })) {
    if (line === 'ready') continue;
    const [key, step, rv] = line.split(' ');
    const ack = { step: Number(step), rv: Number(rv) };
    const previous = acks.get(key as string);
    assert.ok(previous === undefined || previous.step === ack.step - 1, `acks of ${key} in order`);
    acks.set(key as string, ack);
    if (++count === acksBeforeKill) child.kill('SIGKILL');
  }
  const signal = await exited;
  assert.equal(signal, 'SIGKILL', `the writer was killed, not ended: ${stderr}`);
  assert.ok(count >= acksBeforeKill, `only ${count} acks: ${stderr}`);
  return acks;
}

test('every acknowledged write survives SIGKILL of the writing process, twice in a row', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  const acks = new Map<string, Ack>();
  for (const [round, kills] of [[1, 1500], [2, 2500]] as const) {
    for (const [key, ack] of await runAndKill(dir, round, kills)) acks.set(key, ack);
  }
  const warnings: string[] = [];
  const store = await Store.open({ dataDir: dir, logger: (l) => warnings.push(l) });
  t.after(() => store.close());
  let maxAcked = 0;
  for (const [key, ack] of acks) {
    maxAcked = Math.max(maxAcked, ack.rv);
    const entry = await store.get('items', key);
    const deletedAfter = (k: string): boolean => Number(k.slice(k.lastIndexOf('k') + 1)) % 3 !== 0;
    // The lane had at most one more write in flight: the state is the acknowledged step or the next one.
    const ackedState = ack.step === 4 ? 'absent' : `n=${ack.step}`;
    const nextState = ack.step === 3 ? (deletedAfter(key) ? 'absent' : 'n=3') : ack.step === 4 ? 'absent' : `n=${ack.step + 1}`;
    const actual = entry === undefined ? 'absent' : `n=${String(entry.value['n'])}`;
    assert.ok(actual === ackedState || actual === nextState, `${key}: acknowledged ${ackedState}, found ${actual}`);
    if (entry && actual === ackedState) assert.equal(entry.rv, ack.rv, `${key} rv`);
  }
  assert.ok(store.currentRV >= maxAcked);
  assert.ok(acks.size > 500);
  // Writing continues after the crashes.
  const next = await store.create('items', 'after-crash', {});
  assert.equal(next.rv, store.currentRV);
  for (const w of warnings) assert.match(w, /torn last record/);
});
