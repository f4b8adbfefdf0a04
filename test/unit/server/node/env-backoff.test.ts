import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Container, Pod } from '../../../../src/sdk/types/generated/core-v1.js';
import { Backoff } from '../../../../src/server/node/agent/backoff.js';
import { formatGoDuration } from '../../../../src/machinery/go-duration.js';
import { buildEnv, commandLine, EnvError, expand, type EnvSources } from '../../../../src/server/node/agent/env.js';

const sources: EnvSources = {
  configMap: async (_ns, name) => (name === 'cm' ? { data: { a: '1', b: '2' } } : undefined),
  secret: async (_ns, name) => (name === 's' ? { data: { token: Buffer.from('t0k').toString('base64') } } : undefined),
};
const facts = { podIP: '127.1.0.9', hostIP: '127.0.0.1', allocatable: { cpu: 2000n, memory: 1024n * 1024n * 1024n * 1000n } };
const pod: Pod = { metadata: { name: 'p', namespace: 'ns', uid: 'u', labels: { b: '2', a: '1' }, annotations: { note: 'x' } }, spec: { nodeName: 'local', containers: [] } };

describe('container environment', () => {
  test('$(VAR) expansion: defined references replaced, unknown ones kept, $$ escapes', () => {
    const lookup = (n: string): string | undefined => ({ A: 'x', B: 'y' } as Record<string, string>)[n];
    assert.equal(expand('$(A)-$(B)-$(C)-$$(A)-$$-$', lookup), 'x-y-$(C)-$(A)-$-$');
    assert.equal(expand('$(A', lookup), '$(A');
  });

  test('envFrom, then env in order; later definitions win and may refer to earlier ones', async () => {
    const container: Container = {
      name: 'c',
      envFrom: [{ configMapRef: { name: 'cm' } }, { secretRef: { name: 's' }, prefix: 'S_' }],
      env: [
        { name: 'a', value: 'override' },
        { name: 'JOINED', value: '$(a)+$(b)+$(S_token)' },
        { name: 'LABEL', valueFrom: { fieldRef: { fieldPath: "metadata.labels['b']" } } },
        { name: 'NOTE', valueFrom: { fieldRef: { fieldPath: "metadata.annotations['note']" } } },
        { name: 'IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } },
        { name: 'CPU_LIMIT', valueFrom: { resourceFieldRef: { resource: 'limits.cpu' } } },
      ],
    };
    const { env } = await buildEnv(pod, container, facts, [['PATH', '/bin']], sources);
    const m = new Map(env);
    assert.equal(m.get('PATH'), '/bin');
    assert.equal(m.get('a'), 'override');
    assert.equal(m.get('JOINED'), 'override+2+t0k');
    assert.equal(m.get('LABEL'), '2');
    assert.equal(m.get('NOTE'), 'x');
    assert.equal(m.get('IP'), '127.1.0.9');
    assert.equal(m.get('CPU_LIMIT'), '2', 'without a limit, the node allocatable, rounded up to the divisor');
  });

  test('missing sources: errors with the kubelet wording unless optional', async () => {
    await assert.rejects(buildEnv(pod, { name: 'c', env: [{ name: 'X', valueFrom: { configMapKeyRef: { name: 'nope', key: 'k' } } }] }, facts, [], sources), (e: unknown) => e instanceof EnvError && e.message === 'configmap "nope" not found');
    await assert.rejects(buildEnv(pod, { name: 'c', env: [{ name: 'X', valueFrom: { configMapKeyRef: { name: 'cm', key: 'k' } } }] }, facts, [], sources), /^EnvError: couldn't find key k in ConfigMap ns\/cm$/);
    await assert.rejects(buildEnv(pod, { name: 'c', envFrom: [{ secretRef: { name: 'nope' } }] }, facts, [], sources), /secret "nope" not found/);
    const { env } = await buildEnv(pod, { name: 'c', env: [{ name: 'X', valueFrom: { secretKeyRef: { name: 'nope', key: 'k', optional: true } } }] }, facts, [], sources);
    assert.deepEqual(env, []);
  });

  test('command and args are joined and expanded; no command is undefined', () => {
    assert.deepEqual(commandLine({ name: 'c', command: ['sh', '-c'], args: ['echo $(MSG) $(NOPE)'] }, [['MSG', 'hi']]), ['sh', '-c', 'echo hi $(NOPE)']);
    assert.deepEqual(commandLine({ name: 'c', args: ['sleep', '$(T)'] }, [['T', '5']]), ['sleep', '5'], 'args alone, as for an image without an entrypoint');
    assert.equal(commandLine({ name: 'c', args: [] }, []), undefined);
  });
});

describe('crash-loop back-off', () => {
  test('doubles from the initial delay to the maximum; resets after twice the maximum', () => {
    let now = 0;
    const b = new Backoff({ initialMs: 10_000, maxMs: 300_000, resetMs: 600_000 }, () => now);
    assert.equal(b.inBackoffSince('c', 0), false);
    b.next('c', 0);
    assert.equal(b.get('c'), 10_000);
    now = 5_000;
    assert.equal(b.inBackoffSince('c', 0), true);
    now = 10_000;
    assert.equal(b.inBackoffSince('c', 0), false);
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      b.next('c', now);
      delays.push(b.get('c'));
    }
    assert.deepEqual(delays, [20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000]);
    now += 700_000;
    b.next('c', now);
    assert.equal(b.get('c'), 10_000, 'a container that ran for ten minutes starts over');
  });

  test('durations as Go prints them', () => {
    assert.deepEqual([300, 1200, 10_000, 80_000, 160_000, 300_000].map(formatGoDuration), ['300ms', '1.2s', '10s', '1m20s', '2m40s', '5m0s']);
  });
});
