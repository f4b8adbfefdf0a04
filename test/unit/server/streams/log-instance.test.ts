// Which container instance a pods/log request reads, from the container's status and the newest
// instance that has a log on disk.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { instanceToRead } from '../../../../src/server/streams/log.js';
import type { ContainerStatus } from '../../../../src/sdk/types/generated/core-v1.js';

const exited = { terminated: { exitCode: 3, containerID: 'process://a' } };
const running: ContainerStatus = { name: 'main', image: 'x', imageID: '', ready: true, restartCount: 2, state: { running: {} }, lastState: exited };
const backingOff: ContainerStatus = { ...running, ready: false, state: { waiting: { reason: 'CrashLoopBackOff' } } };

test('a running instance: its own log, and with previous the one before', () => {
  assert.equal(instanceToRead(running, 'main', 'p', false, 2), 2);
  assert.equal(instanceToRead(running, 'main', 'p', true, 2), 1);
});

test('between a crash and the restart: previous is the instance that exited', () => {
  assert.equal(instanceToRead(backingOff, 'main', 'p', true, 2), 2);
  // The next instance's log is opened just before it starts, while the status still shows the
  // exit: previous is still the one that exited, not the new, empty log.
  assert.equal(instanceToRead(backingOff, 'main', 'p', true, 3), 2);
});

test('no previous instance, no log yet, a container waiting to start', () => {
  assert.throws(() => instanceToRead({ ...running, restartCount: 0, lastState: {} }, 'main', 'p', true, 0), /previous terminated container "main" in pod "p" not found/);
  assert.throws(() => instanceToRead(running, 'main', 'p', true, undefined), /previous terminated container "main" in pod "p" not found/);
  assert.throws(() => instanceToRead({ ...running, restartCount: 0, state: { waiting: { reason: 'ContainerCreating' } }, lastState: {} }, 'main', 'p', false, undefined), /container "main" in pod "p" is waiting to start: ContainerCreating/);
});
