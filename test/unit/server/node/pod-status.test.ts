import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JsonObject } from '../../../../src/sdk/types/meta.js';
import { generatePodStatus, NODE_SHUTDOWN_MESSAGE, NODE_SHUTDOWN_REASON, podPhase, shouldRestart, type StatusInputs } from '../../../../src/server/node/agent/pod-status.js';
import { previousInstances, LOST_CONTAINER_MESSAGE } from '../../../../src/server/node/agent/previous-instances.js';
import type { ContainerInfo } from '../../../../src/server/node/runtime/runtime.js';

const T0 = Date.parse('2026-01-01T00:00:00Z');

function pod(spec: JsonObject, status: JsonObject = {}, meta: JsonObject = {}): JsonObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', uid: 'u1', ...meta }, spec: { restartPolicy: 'Always', ...spec }, status };
}

function inst(name: string, attempt: number, state: 'running' | 'exited', extra: Partial<ContainerInfo> = {}): ContainerInfo {
  return { id: `process://${100 + attempt}`, podUid: 'u1', name, attempt, image: 'img', state, createdAt: T0 + attempt, startedAt: T0 + attempt * 1000, ...extra };
}

function inputs(p: JsonObject, containers: ContainerInfo[], extra: Partial<StatusInputs> = {}): StatusInputs {
  return {
    pod: p, oldStatus: (p.status as JsonObject | undefined) ?? {}, podIP: '127.1.0.5', hostIP: '127.0.0.1', containers,
    ready: () => true, started: () => true, waiting: new Map(), now: T0 + 60_000, podIsTerminal: false, ...extra,
  };
}

const one = { containers: [{ name: 'c', image: 'img' }] };

describe('pod status as a kubelet generates it', () => {
  test('before anything runs: Pending, ContainerCreating, the conditions and their reasons', () => {
    const s = generatePodStatus(inputs(pod(one), [], { podIP: undefined }));
    assert.equal(s.phase, 'Pending');
    assert.deepEqual((s.containerStatuses as JsonObject[])[0], { name: 'c', state: { waiting: { reason: 'ContainerCreating' } }, lastState: {}, ready: false, restartCount: 0, image: 'img', imageID: '', started: false });
    const conds = (s.conditions as JsonObject[]).map((c) => [c.type, c.status, c.reason ?? '', c.message ?? '']);
    assert.deepEqual(conds, [
      ['PodReadyToStartContainers', 'False', '', ''],
      ['Initialized', 'True', '', ''],
      ['Ready', 'False', 'ContainersNotReady', 'containers with unready status: [c]'],
      ['ContainersReady', 'False', 'ContainersNotReady', 'containers with unready status: [c]'],
      ['PodScheduled', 'True', '', ''],
    ]);
    assert.equal(s.podIP, undefined);
    assert.equal(s.startTime, '2026-01-01T00:01:00Z');
    assert.equal(s.qosClass, 'BestEffort');
  });

  test('running and ready; transition times kept while a condition keeps its status', () => {
    const old = generatePodStatus(inputs(pod(one), [inst('c', 0, 'running')], { now: T0 }));
    const s = generatePodStatus(inputs(pod(one, old), [inst('c', 0, 'running')], { now: T0 + 5000 }));
    assert.equal(s.phase, 'Running');
    const ready = (s.conditions as JsonObject[]).find((c) => c.type === 'Ready');
    assert.deepEqual(ready, { type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: '2026-01-01T00:00:00Z' });
    const cs = (s.containerStatuses as JsonObject[])[0] ?? {};
    assert.deepEqual(cs.state, { running: { startedAt: '2026-01-01T00:00:00Z' } });
    assert.equal(cs.containerID, 'process://100');
    assert.equal(cs.ready, true);
    assert.equal(cs.started, true);
    assert.deepEqual(s.podIPs, [{ ip: '127.1.0.5' }]);
  });

  test('a crash-looping container: waiting CrashLoopBackOff, lastState terminated, restart count, phase Running', () => {
    const waiting = new Map([['c', { reason: 'CrashLoopBackOff', message: 'back-off 10s restarting failed container=c pod=p_default(u1)' }]]);
    const s = generatePodStatus(inputs(pod(one), [inst('c', 0, 'exited', { exitCode: 1, finishedAt: T0 + 100 }), inst('c', 1, 'exited', { exitCode: 1, finishedAt: T0 + 1500, reason: 'Error' })], { waiting }));
    const cs = (s.containerStatuses as JsonObject[])[0] ?? {};
    assert.deepEqual(cs.state, { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 10s restarting failed container=c pod=p_default(u1)' } });
    assert.equal((cs.lastState as JsonObject).terminated !== undefined, true);
    assert.equal(((cs.lastState as JsonObject).terminated as JsonObject).containerID, 'process://101');
    assert.equal(cs.restartCount, 1);
    assert.equal(s.phase, 'Running');
  });

  test('restartPolicy: exit 0 with OnFailure is Succeeded; exit 1 with Never is Failed; finished pods report PodCompleted / PodFailed', () => {
    const ok = generatePodStatus(inputs(pod({ ...one, restartPolicy: 'OnFailure' }), [inst('c', 0, 'exited', { exitCode: 0, reason: 'Completed', finishedAt: T0 })]));
    assert.equal(ok.phase, 'Succeeded');
    assert.equal((ok.conditions as JsonObject[]).find((c) => c.type === 'Ready')?.reason, 'PodCompleted');
    assert.equal((ok.conditions as JsonObject[]).find((c) => c.type === 'Initialized')?.reason, 'PodCompleted');
    const bad = generatePodStatus(inputs(pod({ ...one, restartPolicy: 'Never' }), [inst('c', 0, 'exited', { exitCode: 1, reason: 'Error', finishedAt: T0 })]));
    assert.equal(bad.phase, 'Failed');
    assert.equal((bad.conditions as JsonObject[]).find((c) => c.type === 'ContainersReady')?.reason, 'PodFailed');
    assert.deepEqual(((bad.containerStatuses as JsonObject[])[0]?.state as JsonObject).terminated, {
      exitCode: 1, reason: 'Error', startedAt: '2026-01-01T00:00:00Z', finishedAt: '2026-01-01T00:00:00Z', containerID: 'process://100',
    });
    // A terminal phase never goes back.
    const later = generatePodStatus(inputs(pod({ ...one, restartPolicy: 'Never' }, bad), []));
    assert.equal(later.phase, 'Failed');
  });

  test('init containers: Pending with PodInitializing until they finish; a failed one with Never fails the pod', () => {
    const spec = { initContainers: [{ name: 'i1', image: 'x' }, { name: 'i2', image: 'x' }], containers: [{ name: 'c', image: 'x' }] };
    const s = generatePodStatus(inputs(pod(spec), [inst('i1', 0, 'exited', { exitCode: 0, reason: 'Completed', finishedAt: T0 }), inst('i2', 0, 'running')]));
    assert.equal(s.phase, 'Pending');
    assert.equal(((s.containerStatuses as JsonObject[])[0]?.state as JsonObject).waiting !== undefined, true);
    assert.deepEqual(((s.containerStatuses as JsonObject[])[0]?.state as JsonObject).waiting, { reason: 'PodInitializing' });
    assert.equal((s.initContainerStatuses as JsonObject[])[0]?.ready, true);
    assert.equal((s.initContainerStatuses as JsonObject[])[1]?.ready, false);
    const init = (s.conditions as JsonObject[]).find((c) => c.type === 'Initialized');
    assert.equal(init?.message, 'containers with incomplete status: [i2]');
    const failed = generatePodStatus(inputs(pod({ ...spec, restartPolicy: 'Never' }), [inst('i1', 0, 'exited', { exitCode: 2, finishedAt: T0 })]));
    assert.equal(failed.phase, 'Failed');
  });

  test('readiness gates: Ready waits for the gate condition', () => {
    const p = pod({ ...one, readinessGates: [{ conditionType: 'example.com/lb' }] }, { conditions: [{ type: 'example.com/lb', status: 'False' }] });
    const s = generatePodStatus(inputs(p, [inst('c', 0, 'running')]));
    const conds = s.conditions as JsonObject[];
    assert.equal(conds[0]?.type, 'example.com/lb', 'conditions of other components come first and are kept');
    const ready = conds.find((c) => c.type === 'Ready');
    assert.equal(ready?.reason, 'ReadinessGatesNotReady');
    assert.equal(ready?.message, 'the status of pod readiness gate "example.com/lb" is not "True", but False');
  });

  test('after a server restart, a container that was running is lost (137, ContainerStatusUnknown) and counts as a restart', () => {
    const before = pod(one, { phase: 'Running', containerStatuses: [{ name: 'c', image: 'img', restartCount: 4, containerID: 'process://77', state: { running: { startedAt: '2026-01-01T00:00:00Z' } } }] });
    const previous = previousInstances(before, T0 + 10_000);
    assert.equal(previous.length, 1);
    assert.deepEqual({ ...previous[0] }, {
      id: 'process://77', podUid: 'u1', name: 'c', attempt: 4, image: 'img', state: 'exited', createdAt: T0, startedAt: T0, finishedAt: T0 + 10_000,
      exitCode: 137, reason: 'ContainerStatusUnknown', message: LOST_CONTAINER_MESSAGE,
    });
    const s = generatePodStatus(inputs(before, [...previous, inst('c', 5, 'running')]));
    const cs = (s.containerStatuses as JsonObject[])[0] ?? {};
    assert.equal(cs.restartCount, 5);
    assert.equal(((cs.lastState as JsonObject).terminated as JsonObject).reason, 'ContainerStatusUnknown');
  });

  test('a clean node shutdown: the stopped instance is terminated NodeShutdown with its exit code, comes back as that, and is restarted', () => {
    const shutDown = (exitCode: number): ContainerInfo => inst('c', 2, 'exited', { finishedAt: T0 + 9000, exitCode, reason: NODE_SHUTDOWN_REASON, message: NODE_SHUTDOWN_MESSAGE });
    const written = generatePodStatus(inputs(pod(one), [shutDown(143)]));
    assert.equal(written.phase, 'Running', 'an Always pod stays Running: it starts again with the node');
    const cs = (written.containerStatuses as JsonObject[])[0] ?? {};
    assert.deepEqual((cs.state as JsonObject).terminated, {
      exitCode: 143, reason: NODE_SHUTDOWN_REASON, message: NODE_SHUTDOWN_MESSAGE, startedAt: '2026-01-01T00:00:02Z', finishedAt: '2026-01-01T00:00:09Z', containerID: 'process://102',
    });
    const previous = previousInstances(pod(one, written), T0 + 60_000);
    assert.equal(previous[0]?.reason, NODE_SHUTDOWN_REASON);
    assert.equal(previous[0]?.exitCode, 143);
    const after = generatePodStatus(inputs(pod(one, written), [...previous, inst('c', 3, 'running')]));
    const again = (after.containerStatuses as JsonObject[])[0] ?? {};
    assert.equal(again.restartCount, 3, 'a reboot counts as a restart, as on a node');
    assert.equal(((again.lastState as JsonObject).terminated as JsonObject).reason, NODE_SHUTDOWN_REASON);
    // A program may exit 0 on SIGTERM: it was interrupted all the same.
    assert.equal(shouldRestart(pod({ ...one, restartPolicy: 'OnFailure' }), shutDown(0)), true);
    assert.equal(generatePodStatus(inputs(pod({ ...one, restartPolicy: 'Never' }), [shutDown(0)])).phase, 'Failed');
    assert.equal(generatePodStatus(inputs(pod({ ...one, restartPolicy: 'OnFailure' }), [shutDown(0)])).phase, 'Running');
  });

  test('podPhase follows getPhase', () => {
    const p = pod({ ...one, restartPolicy: 'Always' });
    assert.equal(podPhase(p, [], [{ state: { waiting: {} } }], false), 'Pending');
    assert.equal(podPhase(p, [], [{ state: { waiting: {} }, lastState: { terminated: { exitCode: 1 } } }], false), 'Running');
    assert.equal(podPhase(p, [], [{ state: { terminated: { exitCode: 0 } } }], true), 'Succeeded');
    assert.equal(podPhase(p, [], [{ state: { terminated: { exitCode: 0 } } }, { state: { running: {} } }], false), 'Running');
  });
});
