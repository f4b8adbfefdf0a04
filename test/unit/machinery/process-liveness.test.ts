/**
 * Process liveness: a zombie is not alive, and a recorded process token stops matching once the
 * process is gone or its pid belongs to a process started later.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { processAlive, processToken, sameProcessAlive } from '../../../src/machinery/process-liveness.js';

const linux = process.platform === 'linux';

test('this process is alive and its token matches', () => {
  assert.equal(processAlive(process.pid), true);
  const token = processToken(process.pid);
  assert.ok(token !== undefined);
  assert.equal(sameProcessAlive(token), true);
});

test('impossible pids are not alive', () => {
  assert.equal(processAlive(0), false);
  assert.equal(processAlive(-1), false);
  assert.equal(processAlive(2 ** 31), false);
  assert.equal(sameProcessAlive('not a pid'), false);
});

test('a token with another start time does not match a live pid', { skip: linux ? false : 'needs /proc' }, () => {
  const token = processToken(process.pid) ?? '';
  assert.equal(sameProcessAlive(`${process.pid}@1`), token.endsWith('@1'));
  // A bare pid (an older file) is judged by liveness alone.
  assert.equal(sameProcessAlive(String(process.pid)), true);
});

test('a zombie is not alive', { skip: linux ? false : 'needs /proc' }, async () => {
  // A shell whose child exits without being waited for leaves that child a zombie until the shell ends.
  const shell = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 5'], { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const pid = await new Promise<number>((resolve) => shell.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
    const deadline = Date.now() + 5000;
    let state = '';
    while (Date.now() < deadline) {
      const { readFileSync } = await import('node:fs');
      state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] ?? '';
      if (state === 'Z') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.equal(state, 'Z', 'the child became a zombie');
    // kill(pid, 0) still succeeds for it.
    assert.doesNotThrow(() => process.kill(pid, 0));
    assert.equal(processAlive(pid), false);
    assert.equal(processToken(pid), undefined);
  } finally {
    shell.kill('SIGKILL');
  }
});
