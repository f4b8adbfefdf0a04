/**
 * The objects of the describe suite (test/e2e/describe-kinds.test.ts): one or more live objects of
 * every built-in kind the local server serves, with their status set through the status
 * subresource where `describe` shows it (a Deployment with conditions and ReplicaSets, pods with
 * container statuses, a Node with capacity and a Lease, a bound volume and claim...), the pods
 * the workload describers count, and core/v1 Events about them.
 *
 * Every timestamp is relative to `base`, which is also the server's clock: run with `base` an hour
 * and a few seconds before the describing client's "now", ages are stable (`60m`, `80m`) while the
 * absolute times differ from run to run.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createCertificateRequest } from '../../src/sdk/certificates/request.js';
import type { ApiClient, Body } from '../support/api.js';

/** One `describe` invocation of the suite. */
export interface DescribeCase {
  /** Name of the golden section and of the differential failure. */
  name: string;
  args: string[];
  /**
   * kubectl prints these lines in Go map order, which changes from run to run: the differential
   * compares them as a set.
   */
  unordered?: boolean;
  /**
   * A table column holds group names, longer under our names than under kubectl's: the
   * differential compares the cells, not the padding.
   */
  renameWidens?: boolean;
}

/** The invocations, in the golden file's order. */
export const DESCRIBE_CASES: DescribeCase[] = [
  { name: 'role', args: ['role', 'reader'] },
  { name: 'clusterrole admin', args: ['clusterrole', 'admin'], renameWidens: true },
  { name: 'clusterrole', args: ['clusterrole', 'ops'], renameWidens: true },
  { name: 'rolebinding', args: ['rolebinding', 'read-pods'] },
  { name: 'clusterrolebinding', args: ['clusterrolebinding', 'ops-binding'] },
  { name: 'serviceaccount', args: ['serviceaccount', 'builder'] },
  { name: 'deployment', args: ['deployment', 'web'] },
  { name: 'replicaset', args: ['replicaset', 'web-5d8f7c6b9'] },
  { name: 'replicaset old', args: ['rs', 'web-7f9b8d6c4'] },
  { name: 'pod running', args: ['pod', 'web-5d8f7c6b9-abcde'] },
  { name: 'pod crashing', args: ['pod', 'crash'] },
  { name: 'pod pending', args: ['pod', 'web-5d8f7c6b9-fghij'] },
  { name: 'pod terminating', args: ['pod', 'leaving'] },
  { name: 'pod probes and ephemeral volume', args: ['pod', 'probes'] },
  { name: 'statefulset', args: ['statefulset', 'db'] },
  { name: 'daemonset', args: ['daemonset', 'agent'] },
  { name: 'job', args: ['job', 'migrate'] },
  { name: 'job indexed', args: ['job', 'shards'] },
  { name: 'cronjob', args: ['cronjob', 'nightly'] },
  { name: 'cronjob suspended', args: ['cronjob', 'paused'] },
  { name: 'node', args: ['node', 'worker-1'] },
  { name: 'node without lease', args: ['node', 'worker-2'] },
  { name: 'deployment recreate', args: ['deployment', 'batch-api'] },
  { name: 'persistentvolume', args: ['pv', 'pv-data'] },
  { name: 'persistentvolumeclaim', args: ['pvc', 'data'] },
  { name: 'persistentvolumeclaim pending', args: ['pvc', 'scratch'] },
  { name: 'persistentvolume csi', args: ['pv', 'pv-csi'] },
  { name: 'every claim', args: ['pvc'] },
  { name: 'endpoints', args: ['endpoints', 'web'] },
  { name: 'service', args: ['service', 'web'] },
  { name: 'service nodeport', args: ['service', 'web-public'] },
  { name: 'service loadbalancer', args: ['service', 'edge'] },
  { name: 'poddisruptionbudget', args: ['pdb', 'web-pdb'] },
  { name: 'resourcequota', args: ['resourcequota', 'compute', '-n', 'shop'] },
  { name: 'resourcequota scoped', args: ['quota', 'best-effort', '-n', 'shop'] },
  { name: 'limitrange', args: ['limitrange', 'limits', '-n', 'shop'] },
  { name: 'namespace', args: ['namespace', 'shop'] },
  { name: 'namespace without quotas', args: ['namespace', 'default'] },
  { name: 'priorityclass', args: ['priorityclass', 'high'] },
  { name: 'runtimeclass', args: ['runtimeclass', 'sandbox'] },
  { name: 'customresourcedefinition', args: ['crd', 'widgets.example.com'] },
  { name: 'validatingwebhookconfiguration', args: ['validatingwebhookconfiguration', 'policy-check'] },
  { name: 'mutatingwebhookconfiguration', args: ['mutatingwebhookconfiguration', 'defaults'] },
  { name: 'lease', args: ['lease', 'leader'] },
  { name: 'event', args: ['event', 'crash.1'] },
  { name: 'configmap', args: ['configmap', 'settings'], unordered: true },
  { name: 'secret', args: ['secret', 'builder-token'], unordered: true },
  { name: 'certificatesigningrequest', args: ['csr', 'jane'] },
  { name: 'certificatesigningrequest full subject', args: ['csr', 'robot'] },
  { name: 'replicationcontroller', args: ['rc', 'frontend'] },
  { name: 'replicationcontroller without events', args: ['replicationcontroller', 'frontend', '--show-events=false'] },
  { name: 'podtemplate', args: ['podtemplate', 'nginx'] },
  { name: 'networkpolicy', args: ['netpol', 'db'] },
  { name: 'networkpolicy of every pod', args: ['networkpolicy', 'deny-all'] },
  { name: 'csinode', args: ['csinode', 'worker-1'] },
  { name: 'csidriver', args: ['csidriver', 'hostpath.csi.example.com'] },
  { name: 'volumeattachment', args: ['volumeattachment', 'attach-1'] },
  { name: 'csistoragecapacity', args: ['csistoragecapacity', 'fast-zone-a'] },
];

const iso = (t: number): string => new Date(Math.floor(t / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/** Creates every object of the suite; `base` is the server's clock. */
export async function seedDescribeObjects(api: ApiClient, base: Date): Promise<void> {
  const at = (minutes: number): string => iso(base.getTime() + minutes * 60_000);
  const post = async (path: string, body: Body): Promise<Body> => {
    const res = await api.request('POST', path, { body });
    assert.equal(res.status, 201, `POST ${path}: ${res.status} ${res.text}`);
    return res.body;
  };
  const setStatus = async (path: string, status: Body): Promise<void> => {
    const res = await api.request('PATCH', `${path}/status`, { body: { status }, contentType: 'application/merge-patch+json' });
    assert.equal(res.status, 200, `PATCH ${path}/status: ${res.status} ${res.text}`);
  };
  const uidOf = (o: Body): string => String((o['metadata'] as Body)['uid']);
  const owner = (kind: string, apiVersion: string, o: Body): Body => ({
    apiVersion, kind, name: String((o['metadata'] as Body)['name']), uid: uidOf(o), controller: true, blockOwnerDeletion: true,
  });
  const event = async (ns: string, name: string, involved: Body, fields: Body): Promise<void> => {
    await post(`/api/v1/namespaces/${ns}/events`, {
      apiVersion: 'v1', kind: 'Event', metadata: { name, namespace: ns },
      involvedObject: { namespace: ns, ...involved },
      type: 'Normal', count: 1, firstTimestamp: at(-20), lastTimestamp: at(-20), source: { component: 'tester' },
      ...fields,
    });
  };

  // A priority class (the pods below use it)
  await post('/apis/scheduling.platform.io/v1/priorityclasses', {
    apiVersion: 'scheduling.platform.io/v1', kind: 'PriorityClass', metadata: { name: 'high', annotations: { owner: 'platform' } },
    value: 1000000, description: 'Pods that must run before batch work.',
  });

  // RBAC
  await post('/apis/rbac.authorization.platform.io/v1/namespaces/default/roles', {
    apiVersion: 'rbac.authorization.platform.io/v1', kind: 'Role',
    metadata: { name: 'reader', labels: { team: 'a' }, annotations: { note: 'read only' } },
    rules: [
      { apiGroups: [''], resources: ['pods', 'pods/log'], verbs: ['get', 'list', 'watch'] },
      { apiGroups: ['apps'], resources: ['deployments', 'deployments/scale'], resourceNames: ['web', 'api'], verbs: ['get', 'update'] },
      { apiGroups: [''], resources: ['configmaps'], verbs: ['get'] },
      { apiGroups: [''], resources: ['configmaps'], verbs: ['list', 'get'] },
      { apiGroups: ['batch', 'apps'], resources: ['jobs'], verbs: ['*'] },
    ],
  });
  await post('/apis/rbac.authorization.platform.io/v1/clusterroles', {
    apiVersion: 'rbac.authorization.platform.io/v1', kind: 'ClusterRole', metadata: { name: 'ops' },
    rules: [
      { nonResourceURLs: ['/healthz', '/metrics'], verbs: ['get'] },
      { apiGroups: ['*'], resources: ['*'], verbs: ['list', 'watch'] },
      { apiGroups: ['storage.platform.io'], resources: ['storageclasses'], verbs: ['get'] },
    ],
  });
  await post('/apis/rbac.authorization.platform.io/v1/namespaces/default/rolebindings', {
    apiVersion: 'rbac.authorization.platform.io/v1', kind: 'RoleBinding', metadata: { name: 'read-pods' },
    roleRef: { apiGroup: 'rbac.authorization.platform.io', kind: 'Role', name: 'reader' },
    subjects: [
      { kind: 'User', apiGroup: 'rbac.authorization.platform.io', name: 'jane' },
      { kind: 'Group', apiGroup: 'rbac.authorization.platform.io', name: 'developers' },
      { kind: 'ServiceAccount', name: 'builder', namespace: 'default' },
    ],
  });
  await post('/apis/rbac.authorization.platform.io/v1/clusterrolebindings', {
    apiVersion: 'rbac.authorization.platform.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'ops-binding', labels: { team: 'ops' } },
    roleRef: { apiGroup: 'rbac.authorization.platform.io', kind: 'ClusterRole', name: 'ops' },
    subjects: [{ kind: 'ServiceAccount', name: 'monitor', namespace: 'platform-system' }, { kind: 'User', apiGroup: 'rbac.authorization.platform.io', name: 'ops@example.com' }],
  });

  // A service account with a token secret, a missing mountable secret and a missing pull secret
  const sa = await post('/api/v1/namespaces/default/serviceaccounts', {
    apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'builder' },
    secrets: [{ name: 'builder-token' }, { name: 'gone' }], imagePullSecrets: [{ name: 'regcred' }],
  });
  await post('/api/v1/namespaces/default/secrets', {
    apiVersion: 'v1', kind: 'Secret', type: 'platform.io/service-account-token',
    metadata: { name: 'builder-token', annotations: { 'platform.io/service-account.name': 'builder', 'platform.io/service-account.uid': uidOf(sa) } },
    data: { 'ca.crt': Buffer.from('not a real ca').toString('base64'), namespace: Buffer.from('default').toString('base64'), token: Buffer.from('header.payload.signature').toString('base64') },
  });
  await post('/api/v1/namespaces/default/configmaps', {
    apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' }, data: { 'app.properties': 'mode=fast\nlevel=3\n', greeting: 'hello' },
  });

  // A node with its lease
  const node = await post('/api/v1/nodes', {
    apiVersion: 'v1', kind: 'Node',
    // Label keys whose order is the same under kubectl's names (kubernetes.io sorts before node-role.kubernetes.io).
    metadata: { name: 'worker-1', labels: { 'example.com/rack': 'r1', 'node-role.platform.io/worker': '', 'topology.platform.io/zone': 'zone-a' }, annotations: { 'node.alpha.platform.io/ttl': '0' } },
    spec: { podCIDR: '10.244.1.0/24', podCIDRs: ['10.244.1.0/24'], taints: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }, { key: 'gpu', effect: 'PreferNoSchedule' }] },
    status: {
      capacity: { cpu: '4', memory: '8148008Ki', pods: '110', 'ephemeral-storage': '61255492Ki', 'hugepages-2Mi': '0', 'example.com/dongle': '2' },
      allocatable: { cpu: '3800m', memory: '7945256Ki', pods: '110', 'ephemeral-storage': '56453061334', 'hugepages-2Mi': '0', 'example.com/dongle': '2' },
      conditions: [
        { type: 'MemoryPressure', status: 'False', lastHeartbeatTime: at(-1), lastTransitionTime: at(-50), reason: 'NodeAgentHasSufficientMemory', message: 'node agent has sufficient memory available' },
        { type: 'Ready', status: 'True', lastHeartbeatTime: at(-1), lastTransitionTime: at(-49), reason: 'NodeAgentReady', message: 'node agent is posting ready status' },
      ],
      addresses: [{ type: 'InternalIP', address: '192.168.1.21' }, { type: 'Hostname', address: 'worker-1' }],
      nodeInfo: {
        machineID: 'a1b2c3', systemUUID: 'ec2-1234', bootID: 'boot-1', kernelVersion: '6.1.0', osImage: 'Debian GNU/Linux 12 (bookworm)',
        containerRuntimeVersion: 'process://1.0', kubeletVersion: 'v1.32.0', kubeProxyVersion: '', operatingSystem: 'linux', architecture: 'amd64',
      },
    },
  });
  await post('/apis/coordination.platform.io/v1/namespaces/platform-node-lease/leases', {
    apiVersion: 'coordination.platform.io/v1', kind: 'Lease', metadata: { name: 'worker-1' },
    spec: { holderIdentity: 'worker-1', leaseDurationSeconds: 40, renewTime: `${at(-1).replace('Z', '')}.000000Z` },
  });
  await event('default', 'worker-1.1', { kind: 'Node', name: 'worker-1', uid: uidOf(node), namespace: '' }, { reason: 'RegisteredNode', message: 'Node worker-1 event: Registered Node worker-1 in Controller', source: { component: 'node-controller' } });
  await event('default', 'worker-1.2', { kind: 'Node', name: 'worker-1', uid: 'worker-1', namespace: '' }, { reason: 'Starting', message: 'Starting node agent.', source: { component: 'nodeagent', host: 'worker-1' }, firstTimestamp: at(-50), lastTimestamp: at(-50) });

  // A deployment with a new and an old ReplicaSet, and pods of the new one
  const template = (image: string, extraLabels: Body = {}): Body => ({
    metadata: { labels: { app: 'web', ...extraLabels }, annotations: { 'prometheus.io/scrape': 'true' } },
    spec: {
      serviceAccountName: 'builder',
      containers: [{
        name: 'web', image, ports: [{ containerPort: 8080, name: 'http' }, { containerPort: 9090, name: 'metrics' }],
        command: ['node', 'server.js'], args: ['--port', '8080'],
        env: [
          { name: 'MODE', value: 'fast' },
          { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
          { name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } },
          { name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
          { name: 'LEVEL', valueFrom: { configMapKeyRef: { name: 'settings', key: 'level', optional: true } } },
          { name: 'CPU_LIMIT', valueFrom: { resourceFieldRef: { resource: 'limits.cpu' } } },
        ],
        envFrom: [{ configMapRef: { name: 'settings' } }, { secretRef: { name: 'db' }, prefix: 'DB_' }],
        resources: { requests: { cpu: '250m', memory: '64Mi' }, limits: { cpu: '500m', memory: '128Mi' } },
        readinessProbe: { httpGet: { path: '/ready', port: 8080 }, periodSeconds: 5 },
        livenessProbe: { tcpSocket: { port: 8080 }, initialDelaySeconds: 10 },
        volumeMounts: [{ name: 'config', mountPath: '/etc/web', readOnly: true }, { name: 'cache', mountPath: '/cache' }, { name: 'data', mountPath: '/data', subPath: 'web' }],
      }],
      volumes: [
        { name: 'config', configMap: { name: 'settings' } },
        { name: 'cache', emptyDir: { sizeLimit: '1Gi' } },
        { name: 'data', persistentVolumeClaim: { claimName: 'data' } },
      ],
      nodeSelector: { 'platform.io/os': 'linux' },
      topologySpreadConstraints: [
        { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } },
        { maxSkew: 2, topologyKey: 'host', whenUnsatisfiable: 'ScheduleAnyway' },
      ],
      tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'db', effect: 'NoSchedule' }, { key: 'node.platform.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }],
    },
  });
  const deployment = await post('/apis/apps/v1/namespaces/default/deployments', {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { name: 'web', labels: { app: 'web' }, annotations: { 'deployment.platform.io/revision': '2' } },
    spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, template: template('registry.example/web:2.0'), minReadySeconds: 5 },
  });
  await setStatus('/apis/apps/v1/namespaces/default/deployments/web', {
    observedGeneration: 1, replicas: 3, updatedReplicas: 2, readyReplicas: 2, availableReplicas: 2, unavailableReplicas: 1,
    conditions: [
      { type: 'Available', status: 'True', lastUpdateTime: at(-30), lastTransitionTime: at(-30), reason: 'MinimumReplicasAvailable', message: 'Deployment has minimum availability.' },
      { type: 'Progressing', status: 'True', lastUpdateTime: at(-10), lastTransitionTime: at(-40), reason: 'ReplicaSetUpdated', message: 'ReplicaSet "web-5d8f7c6b9" is progressing.' },
    ],
  });
  const replicaSet = async (name: string, hash: string, image: string, replicas: number, status: Body): Promise<Body> => {
    const rs = await post('/apis/apps/v1/namespaces/default/replicasets', {
      apiVersion: 'apps/v1', kind: 'ReplicaSet',
      metadata: { name, labels: { app: 'web', 'pod-template-hash': hash }, annotations: { 'deployment.platform.io/revision': hash === '5d8f7c6b9' ? '2' : '1' }, ownerReferences: [owner('Deployment', 'apps/v1', deployment)] },
      spec: { replicas, selector: { matchLabels: { app: 'web', 'pod-template-hash': hash } }, template: template(image, { 'pod-template-hash': hash }) },
    });
    await setStatus(`/apis/apps/v1/namespaces/default/replicasets/${name}`, status);
    return rs;
  };
  const newRs = await replicaSet('web-5d8f7c6b9', '5d8f7c6b9', 'registry.example/web:2.0', 2, { replicas: 2, readyReplicas: 1, availableReplicas: 1, fullyLabeledReplicas: 2, observedGeneration: 1 });
  await replicaSet('web-7f9b8d6c4', '7f9b8d6c4', 'registry.example/web:1.0', 1, {
    replicas: 1, readyReplicas: 1, availableReplicas: 1, observedGeneration: 1,
    conditions: [{ type: 'ReplicaFailure', status: 'True', lastTransitionTime: at(-15), reason: 'FailedCreate', message: 'pods "web-7f9b8d6c4-" is forbidden: exceeded quota' }],
  });
  await event('default', 'web.1', { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: uidOf(deployment) }, { reason: 'ScalingReplicaSet', message: 'Scaled up replica set web-7f9b8d6c4 from 0 to 3', source: { component: 'deployment-controller' }, firstTimestamp: at(-45), lastTimestamp: at(-45) });
  await event('default', 'web.2', { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: uidOf(deployment) }, { reason: 'ScalingReplicaSet', message: 'Scaled up replica set web-5d8f7c6b9 from 0 to 2', source: { component: 'deployment-controller' }, count: 2, firstTimestamp: at(-12), lastTimestamp: at(-11) });
  await event('default', 'web-5d8f7c6b9.1', { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-5d8f7c6b9', uid: uidOf(newRs) }, { reason: 'SuccessfulCreate', message: 'Created pod: web-5d8f7c6b9-abcde', source: { component: 'replicaset-controller' } });

  // Pods: one running (restarted once), one pending, one crashing
  const podTemplate = template('registry.example/web:2.0', { 'pod-template-hash': '5d8f7c6b9' });
  const running = await post('/api/v1/namespaces/default/pods', {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name: 'web-5d8f7c6b9-abcde', ...(podTemplate['metadata'] as Body), ownerReferences: [owner('ReplicaSet', 'apps/v1', newRs)] },
    spec: { ...(podTemplate['spec'] as Body), nodeName: 'worker-1', priorityClassName: 'high' },
  });
  await setStatus('/api/v1/namespaces/default/pods/web-5d8f7c6b9-abcde', {
    phase: 'Running', hostIP: '192.168.1.21', hostIPs: [{ ip: '192.168.1.21' }], podIP: '10.244.1.7', podIPs: [{ ip: '10.244.1.7' }], startTime: at(-30), qosClass: 'Burstable',
    conditions: [
      { type: 'PodReadyToStartContainers', status: 'True', lastProbeTime: null, lastTransitionTime: at(-29) },
      { type: 'Initialized', status: 'True', lastProbeTime: null, lastTransitionTime: at(-30) },
      { type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: at(-20) },
      { type: 'ContainersReady', status: 'True', lastProbeTime: null, lastTransitionTime: at(-20) },
      { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: at(-30) },
    ],
    containerStatuses: [{
      name: 'web', image: 'registry.example/web:2.0', imageID: 'process://registry.example/web@sha256:abc', containerID: 'process://4f2a', ready: true, restartCount: 1, started: true,
      state: { running: { startedAt: at(-21) } },
      lastState: { terminated: { exitCode: 137, reason: 'OOMKilled', startedAt: at(-29), finishedAt: at(-22), containerID: 'process://1e9d' } },
    }],
  });
  await post('/api/v1/namespaces/default/pods', {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name: 'web-5d8f7c6b9-fghij', ...(podTemplate['metadata'] as Body), ownerReferences: [owner('ReplicaSet', 'apps/v1', newRs)] },
    spec: podTemplate['spec'] as Body,
  });
  await setStatus('/api/v1/namespaces/default/pods/web-5d8f7c6b9-fghij', {
    phase: 'Pending', qosClass: 'Burstable',
    conditions: [{ type: 'PodScheduled', status: 'False', lastProbeTime: null, lastTransitionTime: at(-12), reason: 'Unschedulable', message: '0/1 nodes are available: 1 Insufficient cpu.' }],
  });
  const crash = await post('/api/v1/namespaces/default/pods', {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'crash', labels: { app: 'crash' } },
    spec: {
      nodeName: 'worker-1', restartPolicy: 'Always',
      initContainers: [{ name: 'setup', image: 'busybox', command: ['sh', '-c', 'echo ready'] }],
      containers: [
        { name: 'main', image: 'registry.example/crash:1', command: ['node', '-e', 'process.exit(1)'], resources: { requests: { cpu: '100m', memory: '32Mi' }, limits: { cpu: '100m', memory: '32Mi' } } },
        { name: 'sidecar', image: 'registry.example/proxy:3', ports: [{ containerPort: 15000, hostPort: 15000 }], resources: { requests: { cpu: '100m', memory: '32Mi' }, limits: { cpu: '100m', memory: '32Mi' } } },
      ],
      volumes: [
        { name: 'token', projected: { sources: [{ serviceAccountToken: { expirationSeconds: 3607, path: 'token' } }, { configMap: { name: 'platform-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } }, { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } }] } },
        { name: 'host', hostPath: { path: '/var/log', type: 'Directory' } },
        { name: 'secret', secret: { secretName: 'db', optional: true } },
        { name: 'info', downwardAPI: { items: [{ path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } }, { path: 'cpu', resourceFieldRef: { containerName: 'main', resource: 'limits.cpu' } }] } },
      ],
    },
  });
  await setStatus('/api/v1/namespaces/default/pods/crash', {
    phase: 'Running', hostIP: '192.168.1.21', podIP: '10.244.1.9', podIPs: [{ ip: '10.244.1.9' }], startTime: at(-40), qosClass: 'Guaranteed',
    conditions: [
      { type: 'Initialized', status: 'True', lastProbeTime: null, lastTransitionTime: at(-39) },
      { type: 'Ready', status: 'False', lastProbeTime: null, lastTransitionTime: at(-39), reason: 'ContainersNotReady', message: 'containers with unready status: [main]' },
      { type: 'ContainersReady', status: 'False', lastProbeTime: null, lastTransitionTime: at(-39), reason: 'ContainersNotReady', message: 'containers with unready status: [main]' },
      { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: at(-40) },
    ],
    initContainerStatuses: [{
      name: 'setup', image: 'busybox', imageID: '', containerID: 'process://aa11', ready: true, restartCount: 0,
      state: { terminated: { exitCode: 0, reason: 'Completed', startedAt: at(-40), finishedAt: at(-40), containerID: 'process://aa11' } },
    }],
    containerStatuses: [
      {
        name: 'main', image: 'registry.example/crash:1', imageID: '', containerID: 'process://bb22', ready: false, restartCount: 5, started: false,
        state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 2m40s restarting failed container=main pod=crash_default' } },
        lastState: { terminated: { exitCode: 1, reason: 'Error', message: 'exited with 1', startedAt: at(-3), finishedAt: at(-3), containerID: 'process://bb22' } },
      },
      { name: 'sidecar', image: 'registry.example/proxy:3', imageID: '', containerID: 'process://cc33', ready: true, restartCount: 0, started: true, state: { running: { startedAt: at(-39) } }, lastState: {} },
    ],
  });
  await event('default', 'crash.1', { apiVersion: 'v1', kind: 'Pod', name: 'crash', uid: uidOf(crash), fieldPath: 'spec.containers{main}' }, { type: 'Warning', reason: 'BackOff', message: 'Back-off restarting failed container main in pod crash_default(uid)', source: { component: 'nodeagent', host: 'worker-1' }, count: 12, firstTimestamp: at(-38), lastTimestamp: at(-2) });
  await event('default', 'crash.2', { apiVersion: 'v1', kind: 'Pod', name: 'crash', uid: uidOf(crash) }, { reason: 'Scheduled', message: 'Successfully assigned default/crash to worker-1', source: { component: 'default-scheduler' }, firstTimestamp: at(-40), lastTimestamp: at(-40) });
  await event('default', 'web-5d8f7c6b9-abcde.1', { apiVersion: 'v1', kind: 'Pod', name: 'web-5d8f7c6b9-abcde', uid: uidOf(running) }, { reason: 'Started', message: 'Started container web', source: { component: 'nodeagent', host: 'worker-1' }, firstTimestamp: at(-29), lastTimestamp: at(-21), count: 2 });

  // A StatefulSet with claim templates and two pods
  const sts = await post('/apis/apps/v1/namespaces/default/statefulsets', {
    apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', labels: { app: 'db' } },
    spec: {
      replicas: 2, serviceName: 'db', selector: { matchLabels: { app: 'db' } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1 } },
      template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image: 'registry.example/db:15', ports: [{ containerPort: 5432 }], volumeMounts: [{ name: 'data', mountPath: '/var/lib/db' }] }] } },
      volumeClaimTemplates: [{ metadata: { name: 'data', labels: { app: 'db' } }, spec: { accessModes: ['ReadWriteOnce'], storageClassName: 'standard', resources: { requests: { storage: '1Gi' } } } }],
    },
  });
  await setStatus('/apis/apps/v1/namespaces/default/statefulsets/db', { replicas: 2, readyReplicas: 1, currentReplicas: 2, updatedReplicas: 1, availableReplicas: 1, observedGeneration: 1 });
  for (const [name, phase] of [['db-0', 'Running'], ['db-1', 'Pending']] as const) {
    await post('/api/v1/namespaces/default/pods', {
      apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { app: 'db' }, ownerReferences: [owner('StatefulSet', 'apps/v1', sts)] },
      spec: { containers: [{ name: 'db', image: 'registry.example/db:15' }] },
    });
    await setStatus(`/api/v1/namespaces/default/pods/${name}`, { phase });
  }
  await event('default', 'db.1', { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db', uid: uidOf(sts) }, { reason: 'SuccessfulCreate', message: 'create Pod db-1 in StatefulSet db successful', source: { component: 'statefulset-controller' } });

  // A DaemonSet and its pod
  const ds = await post('/apis/apps/v1/namespaces/default/daemonsets', {
    apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent', labels: { app: 'agent' } },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      template: { metadata: { labels: { app: 'agent' } }, spec: { nodeSelector: { 'platform.io/os': 'linux' }, containers: [{ name: 'agent', image: 'registry.example/agent:1', resources: { limits: { memory: '200Mi' }, requests: { cpu: '100m', memory: '200Mi' } } }], tolerations: [{ operator: 'Exists' }] } },
    },
  });
  await setStatus('/apis/apps/v1/namespaces/default/daemonsets/agent', { desiredNumberScheduled: 1, currentNumberScheduled: 1, updatedNumberScheduled: 1, numberAvailable: 1, numberReady: 1, numberMisscheduled: 0, observedGeneration: 1 });
  await post('/api/v1/namespaces/default/pods', {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'agent-x7k2p', labels: { app: 'agent' }, ownerReferences: [owner('DaemonSet', 'apps/v1', ds)] },
    spec: { nodeName: 'worker-1', containers: [{ name: 'agent', image: 'registry.example/agent:1', resources: { limits: { memory: '200Mi' }, requests: { cpu: '100m', memory: '200Mi' } } }] },
  });
  await setStatus('/api/v1/namespaces/default/pods/agent-x7k2p', { phase: 'Running' });

  // Jobs and a CronJob
  const job = await post('/apis/batch/v1/namespaces/default/jobs', {
    apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'migrate' },
    spec: { completions: 3, parallelism: 2, backoffLimit: 4, activeDeadlineSeconds: 600, ttlSecondsAfterFinished: 3600, template: { spec: { restartPolicy: 'Never', containers: [{ name: 'migrate', image: 'registry.example/migrate:1', command: ['migrate', 'up'] }] } } },
  });
  await setStatus('/apis/batch/v1/namespaces/default/jobs/migrate', {
    startTime: at(-25), completionTime: at(-17), succeeded: 3, failed: 1, active: 0, ready: 0, terminating: 0,
    conditions: [{ type: 'Complete', status: 'True', lastProbeTime: at(-17), lastTransitionTime: at(-17) }],
  });
  await event('default', 'migrate.1', { apiVersion: 'batch/v1', kind: 'Job', name: 'migrate', uid: uidOf(job) }, { reason: 'Completed', message: 'Job completed', source: { component: 'job-controller' } });
  await post('/apis/batch/v1/namespaces/default/jobs', {
    apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'shards', labels: { kind: 'batch' } },
    spec: { completions: 60, parallelism: 4, completionMode: 'Indexed', suspend: false, template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'work', image: 'registry.example/work:1' }] } } },
  });
  await setStatus('/apis/batch/v1/namespaces/default/jobs/shards', {
    startTime: at(-5), active: 4, ready: 3, succeeded: 55,
    completedIndexes: '0-10,12,14,16,18,20,22,24,26,28,30,32,34,36,38,40,42,44,46,48,50,52,54,56,58',
  });
  await post('/apis/batch/v1/namespaces/default/cronjobs', {
    apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'nightly', labels: { app: 'report' } },
    spec: {
      schedule: '0 2 * * *', startingDeadlineSeconds: 200,
      jobTemplate: { spec: { completions: 1, activeDeadlineSeconds: 300, template: { metadata: { labels: { app: 'report' } }, spec: { restartPolicy: 'OnFailure', containers: [{ name: 'report', image: 'registry.example/report:1', args: ['--since', '24h'] }] } } } },
    },
  });
  await setStatus('/apis/batch/v1/namespaces/default/cronjobs/nightly', {
    lastScheduleTime: at(-30), active: [{ kind: 'Job', namespace: 'default', name: 'nightly-29430120', apiVersion: 'batch/v1' }, { kind: 'Job', namespace: 'default', name: 'nightly-29430121', apiVersion: 'batch/v1' }],
  });

  // Storage: a bound volume and claim, a pending claim
  await post('/api/v1/persistentvolumes', {
    apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv-data', labels: { type: 'local' }, finalizers: ['platform.io/pv-protection'] },
    spec: {
      capacity: { storage: '5Gi' }, accessModes: ['ReadWriteOnce', 'ReadOnlyMany'], storageClassName: 'standard', hostPath: { path: '/srv/data', type: 'DirectoryOrCreate' },
      claimRef: { kind: 'PersistentVolumeClaim', namespace: 'default', name: 'data', apiVersion: 'v1' },
      nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'platform.io/hostname', operator: 'In', values: ['worker-1', 'worker-2'] }, { key: 'disk', operator: 'Exists' }] }] } },
    },
  });
  await setStatus('/api/v1/persistentvolumes/pv-data', { phase: 'Bound' });
  await post('/api/v1/namespaces/default/persistentvolumeclaims', {
    apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', finalizers: ['platform.io/pvc-protection'] },
    spec: { accessModes: ['ReadWriteOnce'], storageClassName: 'standard', volumeName: 'pv-data', resources: { requests: { storage: '5Gi' } } },
  });
  await setStatus('/api/v1/namespaces/default/persistentvolumeclaims/data', { phase: 'Bound', accessModes: ['ReadWriteOnce', 'ReadOnlyMany'], capacity: { storage: '5Gi' } });
  await post('/api/v1/namespaces/default/persistentvolumeclaims', {
    apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'scratch' },
    spec: { accessModes: ['ReadWriteMany'], resources: { requests: { storage: '100Mi' } }, dataSource: { kind: 'PersistentVolumeClaim', name: 'data' } },
  });

  // Service, Endpoints, PodDisruptionBudget
  await post('/api/v1/namespaces/default/services', {
    apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', labels: { app: 'web' } },
    spec: { clusterIP: '10.96.100.10', selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }, { name: 'metrics', port: 9090, targetPort: 9090 }] },
  });
  await post('/api/v1/namespaces/default/services', {
    apiVersion: 'v1', kind: 'Service', metadata: { name: 'web-public' },
    spec: { type: 'NodePort', clusterIP: '10.96.100.11', selector: { app: 'web' }, externalTrafficPolicy: 'Local', sessionAffinity: 'ClientIP', externalIPs: ['203.0.113.7'], ports: [{ port: 443, targetPort: 8443, nodePort: 30443 }] },
  });
  await post('/api/v1/namespaces/default/endpoints', {
    apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'web', labels: { app: 'web' } },
    subsets: [
      { addresses: [{ ip: '10.244.1.7' }, { ip: '10.244.1.8' }], notReadyAddresses: [{ ip: '10.244.1.10' }], ports: [{ name: 'http', port: 8080 }, { name: 'metrics', port: 9090 }] },
      { addresses: [{ ip: '10.244.2.3' }], ports: [{ port: 53, protocol: 'UDP' }] },
    ],
  });
  await post('/apis/policy/v1/namespaces/default/poddisruptionbudgets', {
    apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'web-pdb' },
    spec: { minAvailable: 2, selector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['cache', 'batch'] }] } },
  });
  await setStatus('/apis/policy/v1/namespaces/default/poddisruptionbudgets/web-pdb', { disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 2, expectedPods: 3, observedGeneration: 1 });

  // A namespace with quotas and limits
  await post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop', labels: { team: 'a' }, annotations: { owner: 'shop-team' } } });
  await post('/api/v1/namespaces/shop/resourcequotas', {
    apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'compute' },
    spec: { hard: { 'requests.cpu': '4', 'requests.memory': '8Gi', pods: '10', 'limits.memory': '16Gi' } },
  });
  await setStatus('/api/v1/namespaces/shop/resourcequotas/compute', {
    hard: { 'requests.cpu': '4', 'requests.memory': '8Gi', pods: '10', 'limits.memory': '16Gi' },
    used: { 'requests.cpu': '1500m', 'requests.memory': '1536Mi', pods: '3', 'limits.memory': '0' },
  });
  await post('/api/v1/namespaces/shop/resourcequotas', {
    apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'best-effort' },
    spec: { hard: { pods: '5' }, scopes: ['NotTerminating', 'BestEffort'] },
  });
  await post('/api/v1/namespaces/shop/limitranges', {
    apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'limits' },
    spec: {
      limits: [
        { type: 'Container', default: { cpu: '500m' }, defaultRequest: { cpu: '250m' }, max: { cpu: '2' }, min: { cpu: '100m' }, maxLimitRequestRatio: { cpu: '4' } },
        { type: 'Pod', max: { memory: '2Gi' } },
        { type: 'PersistentVolumeClaim', min: { storage: '1Gi' } },
      ],
    },
  });

  // Cluster kinds the generic describer shows
  await post('/apis/node.platform.io/v1/runtimeclasses', {
    apiVersion: 'node.platform.io/v1', kind: 'RuntimeClass', metadata: { name: 'sandbox' },
    handler: 'runsc', overhead: { podFixed: { cpu: '250m', memory: '120Mi' } },
    scheduling: { nodeSelector: { 'sandbox.example/enabled': 'true' }, tolerations: [{ key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' }] },
  });
  await post('/apis/apiextensions.platform.io/v1/customresourcedefinitions', {
    apiVersion: 'apiextensions.platform.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com', scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList', shortNames: ['wg'], categories: ['all'] },
      versions: [{
        name: 'v1', served: true, storage: true,
        additionalPrinterColumns: [{ name: 'Size', type: 'integer', jsonPath: '.spec.size' }],
        schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer', minimum: 1 }, color: { type: 'string', enum: ['red', 'blue'] } } } } } },
      }],
    },
  });
  await post('/apis/admissionregistration.platform.io/v1/validatingwebhookconfigurations', {
    apiVersion: 'admissionregistration.platform.io/v1', kind: 'ValidatingWebhookConfiguration', metadata: { name: 'policy-check' },
    webhooks: [{
      name: 'check.example.com', admissionReviewVersions: ['v1'], sideEffects: 'None', failurePolicy: 'Ignore', timeoutSeconds: 5,
      clientConfig: { url: 'https://policy.example.com/validate' },
      rules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'], scope: 'Namespaced' }],
      namespaceSelector: { matchExpressions: [{ key: 'policy', operator: 'NotIn', values: ['off'] }] },
      // Matches nothing the suite creates: the webhooks are only described, never called.
      objectSelector: { matchLabels: { 'webhook.example.com/opt-in': 'true' } },
    }],
  });
  await post('/apis/admissionregistration.platform.io/v1/mutatingwebhookconfigurations', {
    apiVersion: 'admissionregistration.platform.io/v1', kind: 'MutatingWebhookConfiguration', metadata: { name: 'defaults' },
    webhooks: [{
      name: 'defaults.example.com', admissionReviewVersions: ['v1', 'v1beta1'], sideEffects: 'NoneOnDryRun', reinvocationPolicy: 'IfNeeded',
      clientConfig: { service: { namespace: 'platform-system', name: 'defaulter', path: '/mutate', port: 8443 }, caBundle: Buffer.from('ca').toString('base64') },
      rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] }],
      objectSelector: { matchLabels: { 'webhook.example.com/opt-in': 'true' } },
    }],
  });
  const { csrPem } = await createCertificateRequest({ commonName: 'jane', organizations: ['dev', 'ops'], dnsNames: ['jane.example.com', 'jane.internal'], ipAddresses: ['10.0.0.7'] });
  await post('/apis/certificates.platform.io/v1/certificatesigningrequests', {
    apiVersion: 'certificates.platform.io/v1', kind: 'CertificateSigningRequest', metadata: { name: 'jane', labels: { team: 'dev' } },
    spec: { request: Buffer.from(csrPem).toString('base64'), signerName: 'platform.io/apiserver-client', expirationSeconds: 86400, usages: ['client auth'] },
  });
  // Every subject attribute and kind of alternative name (test/fixtures/describe/full-subject.csr, made with openssl).
  const fullSubject = await readFile(new URL('../../../test/fixtures/describe/full-subject.csr', import.meta.url));
  await post('/apis/certificates.platform.io/v1/certificatesigningrequests', {
    apiVersion: 'certificates.platform.io/v1', kind: 'CertificateSigningRequest', metadata: { name: 'robot' },
    spec: { request: fullSubject.toString('base64'), signerName: 'example.com/robots', usages: ['digital signature', 'client auth'] },
  });
  await post('/apis/coordination.platform.io/v1/namespaces/default/leases', {
    apiVersion: 'coordination.platform.io/v1', kind: 'Lease', metadata: { name: 'leader' },
    spec: { holderIdentity: 'controller-7c9d', leaseDurationSeconds: 15, leaseTransitions: 3, acquireTime: `${at(-30).replace('Z', '')}.123456Z`, renewTime: `${at(-1).replace('Z', '')}.654321Z` },
  });

  // A second node: no lease, no pods, events in the events.platform.io form (event time, series)
  const node2 = await post('/api/v1/nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'worker-2' }, spec: { unschedulable: true } });
  await post('/api/v1/namespaces/default/events', {
    apiVersion: 'v1', kind: 'Event', metadata: { name: 'worker-2.1', namespace: 'default' },
    involvedObject: { kind: 'Node', name: 'worker-2', uid: uidOf(node2) }, type: 'Warning', reason: 'NodeNotReady', message: '  Node worker-2 status is now: NodeNotReady\n',
    eventTime: `${at(-30).replace('Z', '')}.000000Z`, series: { count: 4, lastObservedTime: `${at(-5).replace('Z', '')}.000000Z` },
    reportingComponent: 'node-controller', reportingInstance: 'controller-1', action: 'NodeStatusUpdate',
  });

  // A Deployment with the Recreate strategy and no ReplicaSets yet
  await post('/apis/apps/v1/namespaces/default/deployments', {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'batch-api' },
    spec: {
      replicas: 1, strategy: { type: 'Recreate' }, selector: { matchLabels: { app: 'batch-api' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['backend', 'api'] }] },
      template: { metadata: { labels: { app: 'batch-api', tier: 'api' } }, spec: { initContainers: [{ name: 'migrate', image: 'registry.example/migrate:1' }], containers: [{ name: 'api', image: 'registry.example/api:3', env: [{ name: 'BANNER', value: 'line one\nline two' }] }] } },
    },
  });

  // A pod being deleted (a finalizer keeps it)
  await post('/api/v1/namespaces/default/pods', {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'leaving', finalizers: ['example.com/hold'] },
    spec: { terminationGracePeriodSeconds: 45, containers: [{ name: 'main', image: 'registry.example/main:1' }] },
  });
  await setStatus('/api/v1/namespaces/default/pods/leaving', { phase: 'Running', podIP: '10.244.1.30', podIPs: [{ ip: '10.244.1.30' }] });
  const deleted = await api.request('DELETE', '/api/v1/namespaces/default/pods/leaving');
  assert.equal(deleted.status, 200, `DELETE pod leaving: ${deleted.status} ${deleted.text}`);

  // A pod with every kind of probe, security profiles, readiness gates and an ephemeral volume
  await post('/api/v1/namespaces/default/pods', {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'probes' },
    spec: {
      securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
      readinessGates: [{ conditionType: 'example.com/feature-1' }, { conditionType: 'example.com/feature-2' }],
      containers: [{
        name: 'main', image: 'registry.example/main:1',
        securityContext: { seccompProfile: { type: 'Localhost', localhostProfile: 'profiles/audit.json' } },
        livenessProbe: { exec: { command: ['cat', '/tmp/healthy'] }, failureThreshold: 5 },
        readinessProbe: { httpGet: { scheme: 'HTTPS', host: 'example.com', path: '/ready', port: 'https' }, timeoutSeconds: 3 },
        startupProbe: { grpc: { port: 9000, service: 'health' }, periodSeconds: 2 },
        volumeMounts: [{ name: 'scratch', mountPath: '/scratch' }],
        volumeDevices: [{ name: 'raw', devicePath: '/dev/xvda' }],
      }],
      volumes: [
        { name: 'scratch', ephemeral: { volumeClaimTemplate: { metadata: { labels: { type: 'scratch' } }, spec: { accessModes: ['ReadWriteOnce'], storageClassName: 'fast', resources: { requests: { storage: '1Gi' } } } } } },
        { name: 'raw', csi: { driver: 'csi.example.com', volumeAttributes: { size: '10Gi', fsType: 'xfs' } } },
        { name: 'repo', nfs: { server: 'nfs.example.com', path: '/exports', readOnly: true } },
      ],
    },
  });
  await setStatus('/api/v1/namespaces/default/pods/probes', {
    phase: 'Pending', nominatedNodeName: 'worker-1',
    conditions: [{ type: 'example.com/feature-1', status: 'True', lastProbeTime: null, lastTransitionTime: at(-5) }],
  });

  // A CSI volume, a load balancer, a suspended cron job
  await post('/api/v1/persistentvolumes', {
    apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv-csi', annotations: { 'pv.platform.io/provisioned-by': 'csi.example.com' } },
    spec: {
      capacity: { storage: '20Gi' }, accessModes: ['ReadWriteOncePod'], persistentVolumeReclaimPolicy: 'Delete', volumeMode: 'Block',
      csi: { driver: 'csi.example.com', volumeHandle: 'vol-0123', fsType: 'ext4', volumeAttributes: { 'storage.example.com/tier': 'gold', pool: 'a' } },
    },
  });
  await setStatus('/api/v1/persistentvolumes/pv-csi', { phase: 'Available', message: 'waiting for a claim' });
  await post('/api/v1/namespaces/default/services', {
    apiVersion: 'v1', kind: 'Service', metadata: { name: 'edge', annotations: { 'lb.example.com/class': 'internet' } },
    spec: { type: 'LoadBalancer', clusterIP: '10.96.100.12', loadBalancerIP: '203.0.113.20', loadBalancerSourceRanges: ['10.0.0.0/8', '192.168.0.0/16'], externalTrafficPolicy: 'Local', selector: { app: 'edge' }, ports: [{ name: 'https', port: 443, targetPort: 8443, nodePort: 31443 }] },
  });
  await setStatus('/api/v1/namespaces/default/services/edge', { loadBalancer: { ingress: [{ ip: '203.0.113.20', ipMode: 'VIP' }, { hostname: 'edge.example.com' }] } });
  await post('/apis/batch/v1/namespaces/default/cronjobs', {
    apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'paused' },
    spec: { schedule: '*/5 * * * *', suspend: true, concurrencyPolicy: 'Forbid', timeZone: 'Europe/Paris', jobTemplate: { spec: { selector: { matchLabels: { job: 'paused' } }, parallelism: 2, template: { metadata: { labels: { job: 'paused' } }, spec: { restartPolicy: 'Never', containers: [{ name: 'tick', image: 'busybox' }] } } } } },
  });

  // A replication controller with one pod of its own and one it does not control, a pod template
  const rc = await post('/api/v1/namespaces/default/replicationcontrollers', {
    apiVersion: 'v1', kind: 'ReplicationController', metadata: { name: 'frontend', annotations: { owner: 'shop' } },
    spec: {
      replicas: 3,
      template: {
        metadata: { labels: { app: 'guestbook', tier: 'frontend' } },
        spec: { containers: [{ name: 'php-redis', image: 'gb-frontend:v4', ports: [{ containerPort: 80 }], env: [{ name: 'GET_HOSTS_FROM', value: 'dns' }], resources: { requests: { cpu: '100m', memory: '100Mi' } } }] },
      },
    },
  });
  await setStatus('/api/v1/namespaces/default/replicationcontrollers/frontend', {
    replicas: 2, fullyLabeledReplicas: 2, readyReplicas: 1, availableReplicas: 1, observedGeneration: 1,
    conditions: [{ type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate', message: 'pods "frontend-x" is forbidden: exceeded quota', lastTransitionTime: at(-3) }],
  });
  for (const [name, phase, controlled] of [['frontend-abcde', 'Running', true], ['frontend-fghij', 'Pending', true], ['frontend-stray', 'Running', false]] as const) {
    await post('/api/v1/namespaces/default/pods', {
      apiVersion: 'v1', kind: 'Pod',
      metadata: { name, labels: { app: 'guestbook', tier: 'frontend' }, ...(controlled ? { ownerReferences: [owner('ReplicationController', 'v1', rc)] } : {}) },
      spec: { containers: [{ name: 'php-redis', image: 'gb-frontend:v4' }] },
    });
    await setStatus(`/api/v1/namespaces/default/pods/${name}`, { phase });
  }
  await event('default', 'frontend.1', { kind: 'ReplicationController', name: 'frontend', uid: uidOf(rc) }, { reason: 'SuccessfulCreate', message: 'Created pod: frontend-abcde', source: { component: 'replication-controller' } });
  await post('/api/v1/namespaces/default/podtemplates', {
    apiVersion: 'v1', kind: 'PodTemplate', metadata: { name: 'nginx', labels: { name: 'nginx' } },
    template: { metadata: { labels: { name: 'nginx' }, annotations: { 'example.com/rev': '2' } }, spec: { serviceAccountName: 'builder', containers: [{ name: 'nginx', image: 'nginx:1.25', ports: [{ containerPort: 80, name: 'http' }] }] } },
  });

  // Network policies, the CSI objects of a node
  await post('/apis/networking.platform.io/v1/namespaces/default/networkpolicies', {
    apiVersion: 'networking.platform.io/v1', kind: 'NetworkPolicy', metadata: { name: 'db', labels: { tier: 'db' } },
    spec: {
      podSelector: { matchLabels: { role: 'db' } }, policyTypes: ['Ingress', 'Egress'],
      ingress: [
        { from: [{ ipBlock: { cidr: '172.17.0.0/16', except: ['172.17.1.0/24', '172.17.2.0/24'] } }, { namespaceSelector: { matchLabels: { project: 'shop' } } }, { podSelector: { matchLabels: { role: 'frontend' } }, namespaceSelector: { matchExpressions: [{ key: 'env', operator: 'In', values: ['prod', 'dev'] }] } }], ports: [{ protocol: 'TCP', port: 6379 }] },
        { ports: [{ port: 'metrics' }, { protocol: 'UDP', port: 32000, endPort: 32768 }] },
      ],
      egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/24' } }], ports: [{ protocol: 'TCP', port: 5978 }] }],
    },
  });
  await post('/apis/networking.platform.io/v1/namespaces/default/networkpolicies', {
    apiVersion: 'networking.platform.io/v1', kind: 'NetworkPolicy', metadata: { name: 'deny-all' }, spec: { podSelector: {}, ingress: [{}] },
  });
  await post('/apis/storage.platform.io/v1/csinodes', {
    apiVersion: 'storage.platform.io/v1', kind: 'CSINode', metadata: { name: 'worker-1' },
    spec: { drivers: [{ name: 'hostpath.csi.example.com', nodeID: 'worker-1', topologyKeys: ['topology.example.com/zone'], allocatable: { count: 16 } }, { name: 'nfs.csi.example.com', nodeID: 'w1', topologyKeys: null }] },
  });
  await post('/apis/storage.platform.io/v1/csidrivers', {
    apiVersion: 'storage.platform.io/v1', kind: 'CSIDriver', metadata: { name: 'hostpath.csi.example.com' },
    spec: { attachRequired: false, podInfoOnMount: true, volumeLifecycleModes: ['Persistent', 'Ephemeral'], tokenRequests: [{ audience: 'vault', expirationSeconds: 3600 }] },
  });
  await post('/apis/storage.platform.io/v1/volumeattachments', {
    apiVersion: 'storage.platform.io/v1', kind: 'VolumeAttachment', metadata: { name: 'attach-1' },
    spec: { attacher: 'hostpath.csi.example.com', source: { persistentVolumeName: 'pv-csi' }, nodeName: 'worker-1' },
  });
  await post('/apis/storage.platform.io/v1/namespaces/default/csistoragecapacities', {
    apiVersion: 'storage.platform.io/v1', kind: 'CSIStorageCapacity', metadata: { name: 'fast-zone-a' },
    storageClassName: 'fast', capacity: '100Gi', maximumVolumeSize: '10Gi', nodeTopology: { matchLabels: { 'topology.example.com/zone': 'a' } },
  });
}

/**
 * Waits for what the server's controllers add to the seeded objects (the aggregated `admin` role,
 * the custom resource definition's conditions), so that every reader sees the same objects.
 */
export async function settleDescribeObjects(api: ApiClient): Promise<void> {
  const deadline = Date.now() + 30_000;
  let lastAdmin = '';
  for (;;) {
    const admin = await api.request('GET', '/apis/rbac.authorization.platform.io/v1/clusterroles/admin');
    const crd = await api.request('GET', '/apis/apiextensions.platform.io/v1/customresourcedefinitions/widgets.example.com');
    const rules = JSON.stringify(admin.body['rules'] ?? []);
    const conditions = ((crd.body['status'] as Body | undefined)?.['conditions'] ?? []) as Body[];
    const established = conditions.some((c) => c['type'] === 'Established' && c['status'] === 'True');
    if (admin.status === 200 && rules.length > 2 && rules === lastAdmin && established) return;
    lastAdmin = rules;
    if (Date.now() > deadline) assert.fail(`the server's controllers did not settle: admin ${admin.status}, CRD established ${String(established)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Kinds the local server may serve (another part of the project adds them): compared with kubectl when it does. */
export interface OptionalDescribeCase extends DescribeCase {
  /** The API group version path that serves the kind. */
  served: string;
}

/** The invocations of {@link seedOptionalDescribeObjects}. */
export const OPTIONAL_DESCRIBE_CASES: OptionalDescribeCase[] = [
  { name: 'horizontalpodautoscaler', args: ['hpa', 'web'], served: '/apis/autoscaling/v2' },
  { name: 'endpointslice', args: ['endpointslice', 'web-manual'], served: '/apis/discovery.platform.io/v1' },
  { name: 'service with endpointslices', args: ['service', 'web'], served: '/apis/discovery.platform.io/v1' },
  { name: 'ingressclass', args: ['ingressclass', 'nginx'], served: '/apis/networking.platform.io/v1' },
  { name: 'ingress', args: ['ingress', 'web'], served: '/apis/networking.platform.io/v1' },
  { name: 'storageclass', args: ['storageclass', 'standard'], served: '/apis/storage.platform.io/v1' },
];

/**
 * Creates the objects of {@link OPTIONAL_DESCRIBE_CASES} whose kinds the server serves and returns
 * the group versions it serves.
 */
export async function seedOptionalDescribeObjects(api: ApiClient, base: Date): Promise<Set<string>> {
  const served = new Set<string>();
  for (const path of new Set(OPTIONAL_DESCRIBE_CASES.map((c) => c.served))) if ((await api.request('GET', path)).status === 200) served.add(path);
  const at = (minutes: number): string => iso(base.getTime() + minutes * 60_000);
  const post = async (path: string, body: Body): Promise<void> => {
    const res = await api.request('POST', path, { body });
    assert.equal(res.status, 201, `POST ${path}: ${res.status} ${res.text}`);
  };
  if (served.has('/apis/autoscaling/v2')) {
    await post('/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers', {
      apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web' },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 2, maxReplicas: 10,
        metrics: [
          { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } },
          { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '500Mi' } } },
        ],
        behavior: { scaleDown: { stabilizationWindowSeconds: 300, policies: [{ type: 'Percent', value: 50, periodSeconds: 60 }] } },
      },
    });
    const res = await api.request('PATCH', '/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers/web/status', {
      contentType: 'application/merge-patch+json',
      body: { status: {
        currentReplicas: 3, desiredReplicas: 3,
        currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 42, averageValue: '105m' } } }],
        conditions: [{ type: 'AbleToScale', status: 'True', lastTransitionTime: at(-10), reason: 'ReadyForNewScale', message: 'recommended size matches current size' }],
      } },
    });
    assert.equal(res.status, 200, `HPA status: ${res.status} ${res.text}`);
  }
  if (served.has('/apis/discovery.platform.io/v1')) {
    await post('/apis/discovery.platform.io/v1/namespaces/default/endpointslices', {
      apiVersion: 'discovery.platform.io/v1', kind: 'EndpointSlice',
      metadata: { name: 'web-manual', labels: { 'platform.io/service-name': 'web' } },
      addressType: 'IPv4', ports: [{ name: 'http', port: 8080, protocol: 'TCP' }, { name: 'metrics', port: 9090, protocol: 'TCP' }],
      endpoints: [
        { addresses: ['10.244.1.7'], conditions: { ready: true }, nodeName: 'worker-1', targetRef: { kind: 'Pod', namespace: 'default', name: 'web-5d8f7c6b9-abcde' } },
        { addresses: ['10.244.1.8'], conditions: { ready: false } },
        { addresses: ['10.244.1.11'] },
      ],
    });
  }
  if (served.has('/apis/networking.platform.io/v1')) {
    await post('/apis/networking.platform.io/v1/ingressclasses', {
      apiVersion: 'networking.platform.io/v1', kind: 'IngressClass', metadata: { name: 'nginx' }, spec: { controller: 'example.com/ingress-nginx' },
    });
    await post('/apis/networking.platform.io/v1/namespaces/default/ingresses', {
      apiVersion: 'networking.platform.io/v1', kind: 'Ingress', metadata: { name: 'web' },
      spec: {
        ingressClassName: 'nginx', tls: [{ hosts: ['shop.example.com'], secretName: 'shop-tls' }],
        rules: [{ host: 'shop.example.com', http: { paths: [
          { path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { name: 'http' } } } },
          { path: '/api', pathType: 'Prefix', backend: { service: { name: 'missing', port: { number: 8080 } } } },
        ] } }],
      },
    });
  }
  if (served.has('/apis/storage.platform.io/v1')) {
    await post('/apis/storage.platform.io/v1/storageclasses', {
      apiVersion: 'storage.platform.io/v1', kind: 'StorageClass', metadata: { name: 'standard', annotations: { 'storageclass.platform.io/is-default-class': 'true' } },
      provisioner: 'example.com/local', reclaimPolicy: 'Delete', volumeBindingMode: 'WaitForFirstConsumer', allowVolumeExpansion: true,
    });
  }
  return served;
}
