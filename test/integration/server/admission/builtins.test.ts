import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { ApiClient, at, type Body } from '../../../support/api.js';

const pod = (name: string, spec: Body = {}, labels: Record<string, string> = {}): Body => ({
  metadata: { name, labels }, spec: { containers: [{ name: 'c', image: 'x' }], ...spec },
});

async function auditEvents(path: string, match: (e: Body) => boolean): Promise<Body | undefined> {
  for (let i = 0; i < 100; i++) {
    const text = await readFile(path, 'utf8').catch(() => '');
    const found = text.trim().split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Body).find(match);
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

describe('built-in admission plugins', () => {
  let server: TestServer;
  let api: ApiClient;
  let dir: string;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'platformctl-admission-'));
    await writeFile(join(dir, 'admission.yaml'), [
      'apiVersion: apiserver.config.platform.io/v1',
      'kind: AdmissionConfiguration',
      'plugins:',
      '- name: PodNodeSelector',
      '  path: podnodeselector.yaml',
      '- name: PodTolerationRestriction',
      '  configuration:',
      '    apiVersion: podtolerationrestriction.admission.platform.io/v1alpha1',
      '    kind: Configuration',
      '    default:',
      '    - {key: cluster-default, operator: Exists, effect: NoSchedule}',
      '- name: PodSecurity',
      '  configuration:',
      '    apiVersion: pod-security.admission.config.platform.io/v1',
      '    kind: PodSecurityConfiguration',
      '    defaults: {warn: baseline}',
      '    exemptions: {namespaces: [tol]}',
      '',
    ].join('\n'));
    await writeFile(join(dir, 'podnodeselector.yaml'), [
      'podNodeSelectorPluginConfig:',
      '  clusterDefaultNodeSelector: "zone=default"',
      '  limited: "env=prod,zone=a"',
      '',
    ].join('\n'));
    server = await startTestServer({
      admission: {
        enablePlugins: ['PodNodeSelector', 'PodTolerationRestriction'],
        configFile: join(dir, 'admission.yaml'),
        auditLogPath: join(dir, 'audit.log'),
      },
    });
    api = new ApiClient(server);
    for (const [name, labels, annotations] of [
      ['prio', {}, {}], ['quota', {}, {}], ['nodesel', {}, { 'scheduler.alpha.platform.io/node-selector': 'env=dev' }],
      ['limited', {}, { 'scheduler.alpha.platform.io/node-selector': 'zone=a' }],
      ['tol', {}, {
        'scheduler.alpha.platform.io/defaultTolerations': '[{"key":"dedicated","operator":"Equal","value":"team","effect":"NoSchedule"}]',
        'scheduler.alpha.platform.io/tolerationsWhitelist': '[{"key":"dedicated","operator":"Equal","value":"team"},{"key":"ok","operator":"Exists"}]',
      }],
      ['psa', { 'pod-security.platform.io/enforce': 'baseline', 'pod-security.platform.io/warn': 'restricted', 'pod-security.platform.io/audit': 'restricted' }, {}],
      ['runtime', {}, {}],
    ] as const) {
      const r = await api.post('/api/v1/namespaces', { metadata: { name, labels, annotations } });
      assert.equal(r.status, 201, r.text);
    }
    await server.settle();
  });
  after(async () => {
    api.close();
    await server.stop();
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  });

  test('Priority: classes by name, the global default, unknown classes refused, one default only', async () => {
    let r = await api.post('/api/v1/namespaces/prio/pods', pod('none'));
    assert.equal(r.status, 201, r.text);
    assert.equal(at(r.body, 'spec.priority'), 0);
    r = await api.post('/api/v1/namespaces/prio/pods', pod('unknown', { priorityClassName: 'gold' }));
    assert.equal(r.status, 403, r.text);
    assert.equal(r.body.message, 'pods "unknown" is forbidden: no PriorityClass with name gold was found');
    r = await api.post('/apis/scheduling.platform.io/v1/priorityclasses', { metadata: { name: 'gold' }, value: 1000, globalDefault: true });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.preemptionPolicy, 'PreemptLowerPriority');
    r = await api.post('/apis/scheduling.platform.io/v1/priorityclasses', { metadata: { name: 'silver' }, value: 500, globalDefault: true });
    assert.equal(r.status, 403, r.text);
    assert.equal(r.body.message, 'priorityclasses.scheduling.platform.io "silver" is forbidden: PriorityClass gold is already marked as default. Only one default can exist');
    r = await api.post('/api/v1/namespaces/prio/pods', pod('defaulted'));
    assert.equal(r.status, 201, r.text);
    assert.equal(at(r.body, 'spec.priority'), 1000);
    assert.equal(at(r.body, 'spec.priorityClassName'), 'gold');
    assert.equal(at(r.body, 'spec.preemptionPolicy'), 'PreemptLowerPriority');
    r = await api.post('/api/v1/namespaces/prio/pods', pod('system', { priorityClassName: 'system-node-critical' }));
    assert.equal(r.status, 201, r.text);
    assert.equal(at(r.body, 'spec.priority'), 2000001000);
    r = await api.post('/api/v1/namespaces/prio/pods', pod('mismatch', { priorityClassName: 'gold', priority: 5 }));
    assert.equal(r.status, 403, r.text);
    assert.equal(r.body.message, 'pods "mismatch" is forbidden: the integer value of priority (5) must not be provided in pod spec; priority admission controller computed 1000 from the given PriorityClass name');
    assert.equal((await api.delete('/apis/scheduling.platform.io/v1/priorityclasses/gold')).status, 200);
  });

  test('ResourceQuota: counts and compute requests are enforced with the quota named, and status.used follows', async () => {
    let r = await api.post('/api/v1/namespaces/quota/resourcequotas', { metadata: { name: 'q' }, spec: { hard: { pods: '2', 'count/configmaps': '2', 'requests.cpu': '1', 'limits.memory': '1Gi' } } });
    assert.equal(r.status, 201, r.text);
    const compute = { resources: { requests: { cpu: '600m' }, limits: { memory: '512Mi' } } };
    const withCompute = (name: string): Body => pod(name, { containers: [{ name: 'c', image: 'x', ...compute }] });
    r = await api.post('/api/v1/namespaces/quota/pods', pod('bare'));
    assert.equal(r.status, 403, r.text);
    assert.equal(r.body.message, 'pods "bare" is forbidden: failed quota: q: must specify limits.memory for: c; requests.cpu for: c');
    r = await api.post('/api/v1/namespaces/quota/pods', withCompute('p1'));
    assert.equal(r.status, 201, r.text);
    r = await api.post('/api/v1/namespaces/quota/pods', withCompute('p2'));
    assert.equal(r.status, 403, r.text);
    assert.equal(r.body.message, 'pods "p2" is forbidden: exceeded quota: q, requested: requests.cpu=600m, used: requests.cpu=600m, limited: requests.cpu=1');
    // The namespace's root CA config map counts too.
    r = await api.post('/api/v1/namespaces/quota/configmaps', { metadata: { name: 'c1' } });
    assert.equal(r.status, 201, r.text);
    r = await api.post('/api/v1/namespaces/quota/configmaps', { metadata: { name: 'c2' } });
    assert.equal(r.status, 403, r.text);
    assert.equal(r.body.message, 'configmaps "c2" is forbidden: exceeded quota: q, requested: count/configmaps=1, used: count/configmaps=2, limited: count/configmaps=2');
    // Dry runs are checked but not counted.
    r = await api.post('/api/v1/namespaces/quota/configmaps?dryRun=All', { metadata: { name: 'c3' } });
    assert.equal(r.status, 403, r.text);
    await server.settle();
    const q = await api.get('/api/v1/namespaces/quota/resourcequotas/q');
    assert.deepEqual(at(q.body, 'status.used'), { 'count/configmaps': '2', 'limits.memory': '512Mi', pods: '1', 'requests.cpu': '600m' });
    assert.deepEqual(at(q.body, 'status.hard'), { pods: '2', 'count/configmaps': '2', 'requests.cpu': '1', 'limits.memory': '1Gi' });
    // Freeing usage lets the next one in.
    assert.equal((await api.delete('/api/v1/namespaces/quota/configmaps/c1')).status, 200);
    r = await api.post('/api/v1/namespaces/quota/configmaps', { metadata: { name: 'c2' } });
    assert.equal(r.status, 201, r.text);
    // Pods count.
    r = await api.put('/api/v1/namespaces/quota/resourcequotas/q', { metadata: { name: 'q' }, spec: { hard: { pods: '1' } } });
    assert.equal(r.status, 200, r.text);
    r = await api.post('/api/v1/namespaces/quota/pods', pod('p3'));
    assert.equal(r.status, 403, r.text);
    assert.equal(r.body.message, 'pods "p3" is forbidden: exceeded quota: q, requested: pods=1, used: pods=1, limited: pods=1');
    await server.settle();
    const q2 = await api.get('/api/v1/namespaces/quota/resourcequotas/q');
    assert.deepEqual(at(q2.body, 'status.used'), { pods: '1' });
  });

  test('ResourceQuota: scoped quotas count only the pods their scopes select', async () => {
    await api.post('/api/v1/namespaces', { metadata: { name: 'quota-scopes' } });
    await server.settle();
    let r = await api.post('/api/v1/namespaces/quota-scopes/resourcequotas', { metadata: { name: 'best-effort' }, spec: { hard: { pods: '1' }, scopes: ['BestEffort'] } });
    assert.equal(r.status, 201, r.text);
    const burstable = (name: string): Body => pod(name, { containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '100m' } } }] });
    assert.equal((await api.post('/api/v1/namespaces/quota-scopes/pods', pod('be1'))).status, 201);
    r = await api.post('/api/v1/namespaces/quota-scopes/pods', pod('be2'));
    assert.equal(r.status, 403, r.text);
    assert.equal(r.body.message, 'pods "be2" is forbidden: exceeded quota: best-effort, requested: pods=1, used: pods=1, limited: pods=1');
    assert.equal((await api.post('/api/v1/namespaces/quota-scopes/pods', burstable('b1'))).status, 201);
    assert.equal((await api.post('/api/v1/namespaces/quota-scopes/pods', burstable('b2'))).status, 201);
    assert.equal((await api.post('/api/v1/namespaces/quota-scopes/configmaps', { metadata: { name: 'free' } })).status, 201);
    await server.settle();
    const q = await api.get('/api/v1/namespaces/quota-scopes/resourcequotas/best-effort');
    assert.deepEqual(at(q.body, 'status.used'), { pods: '1' });
  });

  test('ResourceQuota: parallel creates cannot both take the last unit', async () => {
    await api.post('/api/v1/namespaces', { metadata: { name: 'quota-race' } });
    await server.settle();
    assert.equal((await api.post('/api/v1/namespaces/quota-race/resourcequotas', { metadata: { name: 'q' }, spec: { hard: { secrets: '3' } } })).status, 201);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => api.post('/api/v1/namespaces/quota-race/secrets', { metadata: { name: `s${i}` } })));
    assert.equal(results.filter((r) => r.status === 201).length, 3);
    assert.equal(results.filter((r) => r.status === 403).length, 5);
  });

  test('PodNodeSelector: namespace selector merged, conflicts and the whitelist refused, cluster default used', async () => {
    let r = await api.post('/api/v1/namespaces/nodesel/pods', pod('p1', { nodeSelector: { disk: 'ssd' } }));
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(at(r.body, 'spec.nodeSelector'), { env: 'dev', disk: 'ssd' });
    r = await api.post('/api/v1/namespaces/nodesel/pods', pod('p2', { nodeSelector: { env: 'prod' } }));
    assert.equal(r.status, 403, r.text);
    assert.equal(r.body.message, 'pods "p2" is forbidden: pod node label selector conflicts with its namespace node label selector');
    r = await api.post('/api/v1/namespaces/limited/pods', pod('p3', { nodeSelector: { env: 'prod' } }));
    assert.equal(r.status, 201, r.text);
    r = await api.post('/api/v1/namespaces/limited/pods', pod('p4', { nodeSelector: { disk: 'ssd' } }));
    assert.equal(r.status, 403, r.text);
    assert.equal(r.body.message, 'pods "p4" is forbidden: pod node label selector labels conflict with its namespace whitelist');
    r = await api.post('/api/v1/namespaces/prio/pods', pod('p5'));
    assert.deepEqual(at(r.body, 'spec.nodeSelector'), { zone: 'default' });
  });

  test('PodTolerationRestriction: defaults merged, conflicts and tolerations outside the whitelist refused', async () => {
    let r = await api.post('/api/v1/namespaces/tol/pods', pod('p1', { tolerations: [{ key: 'ok', operator: 'Exists' }] }));
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(at(r.body, 'spec.tolerations'), [
      { key: 'ok', operator: 'Exists' }, { key: 'dedicated', operator: 'Equal', value: 'team', effect: 'NoSchedule' },
    ]);
    r = await api.post('/api/v1/namespaces/tol/pods', pod('p2', { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'other', effect: 'NoSchedule' }] }));
    assert.equal(r.status, 403, r.text);
    assert.equal(r.body.message, 'pods "p2" is forbidden: namespace tolerations and pod tolerations conflict');
    r = await api.post('/api/v1/namespaces/tol/pods', pod('p3', { tolerations: [{ key: 'gpu', operator: 'Exists' }] }));
    assert.equal(r.status, 403, r.text);
    assert.equal(r.body.message, 'pods "p3" is forbidden: pod tolerations (possibly merged with namespace default tolerations) conflict with its namespace whitelist');
    // The cluster default applies where the namespace names none; non-BestEffort pods also tolerate memory pressure.
    r = await api.post('/api/v1/namespaces/runtime/pods', pod('p4', { containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '1' } } }] }));
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(at(r.body, 'spec.tolerations'), [
      { key: 'cluster-default', operator: 'Exists', effect: 'NoSchedule' }, { key: 'node.platform.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
    ]);
  });

  test('PodSecurity: enforce refuses, warn returns a Warning header, audit records an annotation', async () => {
    let r = await api.post('/api/v1/namespaces/psa/pods', pod('priv', { hostNetwork: true, containers: [{ name: 'c', image: 'x', securityContext: { privileged: true } }] }));
    assert.equal(r.status, 403, r.text);
    assert.equal(r.body.message, 'pods "priv" is forbidden: violates PodSecurity "baseline:latest": host namespaces (hostNetwork=true), privileged (container "c" must not set securityContext.privileged=true)');
    r = await api.post('/api/v1/namespaces/psa/pods', pod('loose'));
    assert.equal(r.status, 201, r.text);
    assert.equal(r.headers.warning, '299 - "would violate PodSecurity \\"restricted:latest\\": allowPrivilegeEscalation != false (container \\"c\\" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container \\"c\\" must set securityContext.capabilities.drop=[\\"ALL\\"]), runAsNonRoot != true (pod or container \\"c\\" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container \\"c\\" must set securityContext.seccompProfile.type to \\"RuntimeDefault\\" or \\"Localhost\\")"');
    const event = await auditEvents(join(dir, 'audit.log'), (e) => at(e, 'objectRef.name') === 'loose' && e.verb === 'create');
    assert.equal(at(event, ['annotations', 'pod-security.platform.io/audit-violations']),
      'would violate PodSecurity "restricted:latest": allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")');
    assert.equal(at(event, ['annotations', 'pod-security.platform.io/enforce-policy']), 'baseline:latest');
    r = await api.post('/api/v1/namespaces/psa/pods', pod('strict', {
      securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
      containers: [{ name: 'c', image: 'x', securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } } }],
    }));
    assert.equal(r.status, 201, r.text);
    assert.equal(r.headers.warning, undefined);
    // Workloads are warned about, not refused.
    r = await api.post('/apis/apps/v1/namespaces/psa/deployments', {
      metadata: { name: 'd' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { hostPID: true, containers: [{ name: 'c', image: 'x' }] } } },
    });
    assert.equal(r.status, 201, r.text);
    assert.match(String(r.headers.warning), /^299 - "would violate PodSecurity \\"restricted:latest\\": allowPrivilegeEscalation != false .*host namespaces \(hostPID=true\)/);
  });

  test('PodSecurity: configured defaults apply to unlabelled namespaces; exempt namespaces are not checked', async () => {
    let r = await api.post('/api/v1/namespaces/runtime/pods', pod('hostnet', { hostNetwork: true }));
    assert.equal(r.status, 201, r.text);
    assert.equal(r.headers.warning, '299 - "would violate PodSecurity \\"baseline:latest\\": host namespaces (hostNetwork=true)"');
    r = await api.post('/api/v1/namespaces/tol/pods', pod('hostnet', { hostNetwork: true }));
    assert.equal(r.status, 201, r.text);
    assert.equal(r.headers.warning, undefined);
  });

  test('PodSecurity: a stricter enforce level on a namespace warns about the pods already there', async () => {
    await api.post('/api/v1/namespaces', { metadata: { name: 'psa-later' } });
    await server.settle();
    for (const name of ['a', 'b', 'c']) assert.equal((await api.post('/api/v1/namespaces/psa-later/pods', pod(name, { hostPID: true }))).status, 201);
    assert.equal((await api.post('/api/v1/namespaces/psa-later/pods', pod('d'))).status, 201);
    const r = await api.patch('/api/v1/namespaces/psa-later', { metadata: { labels: { 'pod-security.platform.io/enforce': 'baseline' } } }, 'merge');
    assert.equal(r.status, 200, r.text);
    assert.equal(r.headers.warning, '299 - "existing pods in namespace \\"psa-later\\" violate the new PodSecurity enforce level \\"baseline:latest\\"", 299 - "a (and 2 other pods): host namespaces"');
  });

  test('RuntimeClass: unknown classes refused, overhead and scheduling copied, a set overhead must match', async () => {
    let r = await api.post('/api/v1/namespaces/runtime/pods', pod('none', { runtimeClassName: 'kata' }));
    assert.equal(r.status, 403, r.text);
    assert.equal(r.body.message, 'pods "none" is forbidden: pod rejected: RuntimeClass "kata" not found');
    r = await api.post('/apis/node.platform.io/v1/runtimeclasses', {
      metadata: { name: 'kata' }, handler: 'kata', overhead: { podFixed: { cpu: '250m', memory: '64Mi' } },
      scheduling: { nodeSelector: { runtime: 'kata' }, tolerations: [{ key: 'kata', operator: 'Exists' }] },
    });
    assert.equal(r.status, 201, r.text);
    r = await api.post('/api/v1/namespaces/runtime/pods', pod('p1', { runtimeClassName: 'kata' }));
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(at(r.body, 'spec.overhead'), { cpu: '250m', memory: '64Mi' });
    assert.equal(at(r.body, 'spec.nodeSelector.runtime'), 'kata');
    assert.ok(JSON.stringify(at(r.body, 'spec.tolerations')).includes('"key":"kata"'));
    r = await api.post('/api/v1/namespaces/runtime/pods', pod('p2', { runtimeClassName: 'kata', overhead: { cpu: '1' } }));
    assert.equal(r.status, 403, r.text);
    assert.equal(r.body.message, "pods \"p2\" is forbidden: pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead");
    r = await api.post('/api/v1/namespaces/runtime/pods', pod('p3', { overhead: { cpu: '1' } }));
    assert.equal(r.status, 403, r.text);
    assert.equal(r.body.message, 'pods "p3" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead');
  });
});

describe('DefaultStorageClass and DefaultIngressClass', () => {
  test('a new claim or Ingress without a class gets the newest default class; named classes, updates and other setups are left alone', async () => {
    const server = await startTestServer();
    const api = new ApiClient(server);
    try {
      const claim = (name: string, extra: Body = {}): Body => ({ metadata: { name }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...extra } });
      const ingress = (name: string, extra: Body = {}): Body => ({ metadata: { name }, spec: { defaultBackend: { service: { name: 'web', port: { number: 80 } } }, ...extra } });
      const PVC = '/api/v1/namespaces/default/persistentvolumeclaims';
      const ING = '/apis/networking.platform.io/v1/namespaces/default/ingresses';
      let r = await api.post(PVC, claim('before'));
      assert.equal(at(r.body, 'spec.storageClassName'), undefined, 'no default class yet');
      r = await api.post(ING, ingress('before'));
      assert.equal(at(r.body, 'spec.ingressClassName'), undefined);
      await api.post('/apis/storage.platform.io/v1/storageclasses', { metadata: { name: 'slow', annotations: { 'storageclass.platform.io/is-default-class': 'true' } }, provisioner: 'example.com/slow' });
      await new Promise((res) => setTimeout(res, 1100));
      await api.post('/apis/storage.platform.io/v1/storageclasses', { metadata: { name: 'fast', annotations: { 'storageclass.beta.platform.io/is-default-class': 'true' } }, provisioner: 'example.com/fast' });
      await api.post('/apis/storage.platform.io/v1/storageclasses', { metadata: { name: 'other' }, provisioner: 'example.com/other' });
      await api.post('/apis/networking.platform.io/v1/ingressclasses', { metadata: { name: 'nginx', annotations: { 'ingressclass.platform.io/is-default-class': 'true' } }, spec: { controller: 'example.com/nginx' } });
      r = await api.post(PVC, claim('defaulted'));
      assert.equal(at(r.body, 'spec.storageClassName'), 'fast', 'the newest default');
      r = await api.post(PVC, claim('named', { storageClassName: 'other' }));
      assert.equal(at(r.body, 'spec.storageClassName'), 'other');
      r = await api.post(PVC, claim('empty', { storageClassName: '' }));
      assert.equal(at(r.body, 'spec.storageClassName'), '', 'an empty class asks for no class');
      r = await api.post(PVC, { ...claim('beta'), metadata: { name: 'beta', annotations: { 'volume.beta.platform.io/storage-class': 'other' } } });
      assert.equal(at(r.body, 'spec.storageClassName'), undefined);
      r = await api.patch(`${PVC}/before`, { metadata: { labels: { x: 'y' } } }, 'merge');
      assert.equal(at(r.body, 'spec.storageClassName'), undefined, 'updates are not defaulted');
      r = await api.post(ING, ingress('defaulted'));
      assert.equal(at(r.body, 'spec.ingressClassName'), 'nginx');
      r = await api.post(ING, { ...ingress('annotated'), metadata: { name: 'annotated', annotations: { 'platform.io/ingress.class': 'traefik' } } });
      assert.equal(at(r.body, 'spec.ingressClassName'), undefined);
    } finally {
      api.close();
      await server.stop();
    }
    const off = await startTestServer({ admission: { disablePlugins: ['DefaultStorageClass'] } });
    const offApi = new ApiClient(off);
    try {
      await offApi.post('/apis/storage.platform.io/v1/storageclasses', { metadata: { name: 'std', annotations: { 'storageclass.platform.io/is-default-class': 'true' } }, provisioner: 'example.com/std' });
      const r = await offApi.post('/api/v1/namespaces/default/persistentvolumeclaims', { metadata: { name: 'c' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } });
      assert.equal(at(r.body, 'spec.storageClassName'), undefined, 'disabled, as test-cmd runs the server');
    } finally {
      offApi.close();
      await off.stop();
    }
  });
});

describe('admission plugin selection', () => {
  test('SecurityContextDeny and AlwaysDeny when enabled; disabled plugins do nothing; unknown names fail start-up', async () => {
    const server = await startTestServer({ admission: { enablePlugins: ['SecurityContextDeny'], disablePlugins: ['Priority', 'ResourceQuota'] } });
    const api = new ApiClient(server);
    try {
      let r = await api.post('/api/v1/namespaces/default/pods', pod('p1', { securityContext: { runAsUser: 1000 } }));
      assert.equal(r.status, 403, r.text);
      assert.equal(r.body.message, 'pods "p1" is forbidden: pod.Spec.SecurityContext.RunAsUser is forbidden');
      r = await api.post('/api/v1/namespaces/default/pods', pod('p2', { containers: [{ name: 'c', image: 'x', securityContext: { seLinuxOptions: { level: 's0' } } }] }));
      assert.equal(r.status, 403, r.text);
      assert.equal(r.body.message, 'pods "p2" is forbidden: SecurityContext.SELinuxOptions is forbidden');
      r = await api.post('/api/v1/namespaces/default/pods', pod('p3', { priorityClassName: 'missing' }));
      assert.equal(r.status, 201, r.text);
      assert.equal(at(r.body, 'spec.priority'), undefined);
    } finally {
      api.close();
      await server.stop();
    }
    const deny = await startTestServer({ admission: { enablePlugins: ['AlwaysDeny'] } });
    const api2 = new ApiClient(deny);
    try {
      const r = await api2.post('/api/v1/namespaces/default/configmaps', { metadata: { name: 'x' } });
      assert.equal(r.status, 403, r.text);
      assert.equal(r.body.message, 'configmaps "x" is forbidden: admission control is denying all modifications');
    } finally {
      api2.close();
      await deny.stop();
    }
    await assert.rejects(startTestServer({ admission: { enablePlugins: ['Nope'] } }), /enable-admission-plugins plugin "Nope" is unknown/);
  });
});

describe('LimitRanger', () => {
  test('container defaults are applied, min/max and ratios enforced for containers, pods and claims', async () => {
    const server = await startTestServer();
    const api = new ApiClient(server);
    try {
      await api.post('/api/v1/namespaces', { metadata: { name: 'lr' } });
      await server.settle();
      let r = await api.post('/api/v1/namespaces/lr/limitranges', { metadata: { name: 'l' }, spec: { limits: [
        { type: 'Container', max: { cpu: '1' }, min: { cpu: '100m' }, defaultRequest: { cpu: '250m' }, maxLimitRequestRatio: { cpu: '4' } },
        { type: 'PersistentVolumeClaim', max: { storage: '1Gi' } },
      ] } });
      assert.equal(r.status, 201, r.text);
      assert.deepEqual(at(r.body, 'spec.limits.0.default'), { cpu: '1' });
      r = await api.post('/api/v1/namespaces/lr/pods', pod('p1'));
      assert.equal(r.status, 201, r.text);
      assert.deepEqual(at(r.body, 'spec.containers.0.resources'), { requests: { cpu: '250m' }, limits: { cpu: '1' } });
      assert.equal(at(r.body, ['metadata', 'annotations', 'platform.io/limit-ranger']), 'LimitRanger plugin set: cpu request for container c; cpu limit for container c');
      r = await api.post('/api/v1/namespaces/lr/pods', pod('big', { containers: [{ name: 'c', image: 'x', resources: { limits: { cpu: '2' }, requests: { cpu: '1' } } }] }));
      assert.equal(r.status, 403, r.text);
      assert.equal(r.body.message, 'pods "big" is forbidden: maximum cpu usage per Container is 1, but limit is 2');
      r = await api.post('/api/v1/namespaces/lr/pods', pod('ratio', { containers: [{ name: 'c', image: 'x', resources: { limits: { cpu: '1' }, requests: { cpu: '100m' } } }] }));
      assert.equal(r.status, 403, r.text);
      assert.equal(r.body.message, 'pods "ratio" is forbidden: cpu max limit to request ratio per Container is 4, but provided ratio is 10.000000');
      r = await api.post('/api/v1/namespaces/lr/pods', pod('small', { containers: [{ name: 'c', image: 'x', resources: { limits: { cpu: '50m' }, requests: { cpu: '50m' } } }] }));
      assert.equal(r.status, 403, r.text);
      assert.equal(r.body.message, 'pods "small" is forbidden: [minimum cpu usage per Container is 100m, but request is 50m, minimum cpu usage per Container is 100m, but limit is 50m]');
      r = await api.post('/api/v1/namespaces/lr/persistentvolumeclaims', { metadata: { name: 'claim' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '2Gi' } } } });
      assert.equal(r.status, 403, r.text);
      assert.equal(r.body.message, 'persistentvolumeclaims "claim" is forbidden: maximum storage usage per PersistentVolumeClaim is 1Gi, but request is 2Gi');
    } finally {
      api.close();
      await server.stop();
    }
  });
});
