/**
 * debug's objects as kubectl 1.32 builds them: the ephemeral container and the strategic merge patch
 * of `pods/NAME/ephemeralcontainers` (with `$setElementOrder` once the pod has ephemeral containers),
 * the profiles, the pod copy, the node pod, `--custom` and image references.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ephemeralContainersPatch, ephemeralDebugPod, isImageReference, nodeDebugPod, parseCustomProfile, podCopyForDebug, type DebugContainerOptions,
} from '../../../../src/sdk/debug/index.js';
import type { Node, Pod } from '../../../../src/sdk/types/core.js';

const KEEP = { labels: false, annotations: false, liveness: false, readiness: false, startup: false, initContainers: true };

function options(extra: Partial<DebugContainerOptions> = {}): DebugContainerOptions {
  return { image: 'busybox', args: [], argsOnly: false, env: [], stdin: false, tty: false, profile: 'legacy', keep: KEEP, random: () => 'abcde', ...extra };
}

function pod(): Pod {
  return {
    metadata: { name: 'web', namespace: 'ns', labels: { app: 'web' }, annotations: { note: 'x' }, resourceVersion: '7' },
    spec: {
      nodeName: 'local', initContainers: [{ name: 'init', image: 'busybox' }],
      containers: [{ name: 'app', image: 'nginx', readinessProbe: { exec: { command: ['true'] } } }, { name: 'side', image: 'envoy' }],
    },
  };
}

test('the ephemeral container and kubectl\'s patch for it', () => {
  const built = ephemeralDebugPod(pod(), { ...options({ stdin: true, tty: true, args: ['sh'], env: [{ name: 'A', value: '1' }], profile: 'general' }), targetContainer: 'app' });
  assert.deepEqual(built.name, { name: 'debugger-abcde', generated: true });
  const patch = ephemeralContainersPatch(pod(), built.pod);
  assert.deepEqual(patch, {
    spec: {
      ephemeralContainers: [{
        name: 'debugger-abcde', image: 'busybox', command: ['sh'], env: [{ name: 'A', value: '1' }], resources: {}, terminationMessagePolicy: 'File',
        stdin: true, tty: true, targetContainerName: 'app', securityContext: { capabilities: { add: ['SYS_PTRACE'] } },
      }],
    },
  });
  // A pod with ephemeral containers already: the list's order is set, the old ones are not resent.
  const withOne = built.pod;
  const second = ephemeralDebugPod(withOne, options({ container: 'two', argsOnly: true, args: ['-c', 'true'] }));
  assert.deepEqual(ephemeralContainersPatch(withOne, second.pod), {
    spec: {
      ephemeralContainers: [{ name: 'two', image: 'busybox', args: ['-c', 'true'], resources: {}, terminationMessagePolicy: 'File' }],
      '$setElementOrder/ephemeralContainers': [{ name: 'debugger-abcde' }, { name: 'two' }],
    },
  });
});

test('a generated name avoids every container name of the pod', () => {
  const names = ['app', 'app', 'fresh'];
  const built = ephemeralDebugPod({ ...pod(), spec: { containers: [{ name: 'debugger-app' }] } }, options({ random: () => names.shift() ?? 'zzzzz' }));
  assert.equal(built.container.name, 'debugger-fresh');
});

test('profiles change the debug container only', () => {
  const restricted = ephemeralDebugPod(pod(), options({ profile: 'restricted' })).container;
  assert.deepEqual(restricted.securityContext, { runAsNonRoot: true, capabilities: { drop: ['ALL'] }, allowPrivilegeEscalation: false, seccompProfile: { type: 'RuntimeDefault' } });
  assert.deepEqual(ephemeralDebugPod(pod(), options({ profile: 'netadmin' })).container.securityContext, { capabilities: { add: ['NET_ADMIN', 'NET_RAW'] } });
  assert.deepEqual(ephemeralDebugPod(pod(), options({ profile: 'sysadmin' })).container.securityContext, { privileged: true });
  assert.equal(ephemeralDebugPod(pod(), options({ profile: 'baseline' })).container.securityContext, undefined);
});

test('--copy-to: labels, probes and the node go, images change, the debug container is added', () => {
  const general = podCopyForDebug(pod(), { ...options({ profile: 'general', stdin: true }), copyTo: 'web-copy', sameNode: false, setImages: { '*': 'busybox:1', side: 'envoy:debug' } });
  assert.deepEqual(general.pod.metadata, { name: 'web-copy', namespace: 'ns' });
  assert.equal(general.pod.spec?.nodeName, undefined);
  assert.deepEqual(general.pod.spec?.containers.map((c) => [c.name, c.image, c.readinessProbe]), [['app', 'busybox:1', undefined], ['side', 'envoy:debug', undefined], ['debugger-abcde', 'busybox', undefined]]);
  assert.equal(general.pod.spec?.shareProcessNamespace, true);
  assert.deepEqual(general.pod.spec?.initContainers?.map((c) => c.name), ['init']);
  const legacy = podCopyForDebug(pod(), { ...options({ image: '', container: 'app', args: ['sh'] }), copyTo: 'c2', sameNode: true, setImages: {}, shareProcesses: false });
  assert.deepEqual(legacy.pod.metadata, { name: 'c2', namespace: 'ns', annotations: { note: 'x' } }, 'legacy drops only the labels');
  assert.equal(legacy.pod.spec?.nodeName, 'local');
  assert.equal(legacy.pod.spec?.shareProcessNamespace, false);
  assert.deepEqual(legacy.pod.spec?.containers[0]?.command, ['sh']);
  assert.equal(legacy.container, 'app');
  const imagesOnly = podCopyForDebug(pod(), { ...options({ image: '' }), copyTo: 'c3', sameNode: false, setImages: { app: 'nginx:debug' } });
  assert.equal(imagesOnly.container, '');
  assert.throws(() => podCopyForDebug(pod(), { ...options({ image: '' }), copyTo: 'c4', sameNode: false, setImages: {} }), /you must specify image when creating new container/);
});

test('node/NAME: a pod on the node with its namespaces and root file system', () => {
  const node: Node = { metadata: { name: 'local' } };
  const built = nodeDebugPod(node, options({ args: ['chroot', '/host'] }));
  assert.deepEqual(built.pod, {
    metadata: { name: 'node-debugger-local-abcde' },
    spec: {
      containers: [{ name: 'debugger', image: 'busybox', resources: {}, terminationMessagePolicy: 'File', command: ['chroot', '/host'], volumeMounts: [{ mountPath: '/host', name: 'host-root' }] }],
      nodeName: 'local', restartPolicy: 'Never', tolerations: [{ operator: 'Exists' }],
      volumes: [{ name: 'host-root', hostPath: { path: '/' } }], hostNetwork: true, hostPID: true, hostIPC: true,
    },
  });
});

test('--custom merges a partial container spec; what a profile may not change is refused', async () => {
  const custom = await parseCustomProfile('env:\n- name: A\n  value: override\n- name: B\n  value: "2"\nsecurityContext:\n  runAsUser: 1000\n', 'custom.yaml');
  const built = ephemeralDebugPod(pod(), options({ env: [{ name: 'A', value: '1' }], profile: 'general', custom }));
  assert.deepEqual(built.container.env, [{ name: 'A', value: 'override' }, { name: 'B', value: '2' }]);
  assert.deepEqual(built.container.securityContext, { capabilities: { add: ['SYS_PTRACE'] }, runAsUser: 1000 });
  await assert.rejects(parseCustomProfile('{"image":"x"}', 'c.json'), /name, command, image, lifecycle and volume devices are not modifiable via custom profile/);
  await assert.rejects(parseCustomProfile('[1]', 'c.json'), /c\.json does not contain a valid container spec: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal array into Go value of type v1\.Container/);
  const proto = await parseCustomProfile('{"__proto__": {"polluted": true}}', 'p.json');
  const merged = ephemeralDebugPod(pod(), options({ custom: proto }));
  assert.equal(({} as Record<string, unknown>).polluted, undefined, 'prototype keys are data');
  assert.ok(Object.prototype.hasOwnProperty.call(merged.container, '__proto__'));
});

test('image references as distribution/reference parses them', () => {
  for (const ok of ['busybox', 'busybox:1.36', 'docker.io/library/busybox:latest', 'localhost:5000/team/tool:v1', `busybox@sha256:${'a'.repeat(64)}`, 'a-b__c.d/e']) assert.ok(isImageReference(ok), ok);
  for (const bad of ['Bad:image:x', 'UPPER', '', 'busybox:', ':tag', 'a//b', `x:${'t'.repeat(200)}`]) assert.ok(!isImageReference(bad), bad);
});
