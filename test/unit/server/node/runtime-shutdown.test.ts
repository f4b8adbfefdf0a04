/**
 * The process runtime once a shutdown has begun: a pod sync that was between its awaits when the
 * agent stopped may still ask for a start; the runtime refuses it, so that no process outlives the
 * server.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createProcessRuntime } from '../../../../src/server/node/runtime/process/process-runtime.js';
import { CreateContainerError } from '../../../../src/server/node/runtime/runtime.js';

test('a start asked for after the shutdown began is refused, and nothing runs', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'runtime-shutdown-'));
  const runtime = await createProcessRuntime({ stateDir: join(dir, 'state'), defaultWorkingDir: dir, now: () => Date.now(), log: () => undefined, sharedAddress: true });
  const sandbox = await runtime.runPodSandbox({ podUid: 'uid-1', namespace: 'default', name: 'late' });
  const written: string[] = [];
  const log = { write: (_stream: 'stdout' | 'stderr', chunk: Buffer | string): boolean => written.push(String(chunk)) > 0, onDrain: (listener: () => void): void => listener(), close: async (): Promise<void> => undefined };
  await runtime.shutdown(1000);
  await assert.rejects(runtime.startContainer(sandbox, {
    podUid: 'uid-1', podName: 'late', podNamespace: 'default', name: 'main', attempt: 0, image: 'none',
    argv: ['sleep', '30'], env: [], workingDir: undefined, stdin: false, tty: false, ports: [], log,
  }), (e: unknown) => e instanceof CreateContainerError && /shutting down/.test(e.message));
  assert.deepEqual(runtime.listContainers('uid-1'), []);
  assert.deepEqual(written, []);
});
