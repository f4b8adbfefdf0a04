// storage.platform.io/v1 and networking.platform.io/v1 as a real API server serves them:
// discovery (scopes, short names, sub-resources), defaults, validation, immutable fields and tables.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at } from '../../support/api.js';

const STORAGE = '/apis/storage.platform.io/v1';
const NETWORKING = '/apis/networking.platform.io/v1';
const NS = 'net';
const TABLE = 'application/json;as=Table;g=meta.platform.io;v=v1';

function objects(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
}

function summary(list: unknown): string[] {
  return objects(at(list, 'resources')).map((r) => {
    const extra = [r.namespaced === true ? 'namespaced' : 'cluster', ...(Array.isArray(r.shortNames) ? r.shortNames.map((n) => `short=${String(n)}`) : [])];
    return `${String(r.name)} ${String(r.kind)} ${extra.join(' ')}`;
  });
}

describe('storage and networking kinds', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: NS } });
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('discovery lists the v1 resources of both groups with their scopes, short names and sub-resources', async () => {
    assert.deepEqual(summary((await api.get(STORAGE)).body), [
      'csidrivers CSIDriver cluster', 'csinodes CSINode cluster', 'csistoragecapacities CSIStorageCapacity namespaced',
      'storageclasses StorageClass cluster short=sc', 'volumeattachments VolumeAttachment cluster', 'volumeattachments/status VolumeAttachment cluster',
    ]);
    assert.deepEqual(summary((await api.get(NETWORKING)).body), [
      'ingressclasses IngressClass cluster', 'ingresses Ingress namespaced short=ing', 'ingresses/status Ingress namespaced',
      'networkpolicies NetworkPolicy namespaced short=netpol',
    ]);
    const groups = objects(at((await api.get('/apis')).body, 'groups')).map((g) => String(g.name));
    assert.ok(groups.indexOf('networking.platform.io') < groups.indexOf('policy'), groups.join(' '));
    assert.ok(groups.indexOf('storage.platform.io') > groups.indexOf('rbac.authorization.platform.io'), groups.join(' '));
  });

  test('StorageClass: Delete and Immediate by default; provisioner, parameters and policies cannot change; the default class is marked', async () => {
    const created = await api.post(`${STORAGE}/storageclasses`, {
      metadata: { name: 'storage-class-name', annotations: { 'storageclass.platform.io/is-default-class': 'true' } },
      provisioner: 'platform.io/fake-provisioner-type', parameters: { zone: 'us-east-1b', type: 'ssd' },
    });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual([created.body.reclaimPolicy, created.body.volumeBindingMode], ['Delete', 'Immediate']);
    const change = await api.patch(`${STORAGE}/storageclasses/storage-class-name`, { provisioner: 'other.io/x', parameters: { zone: 'b' }, reclaimPolicy: 'Retain' }, 'merge');
    assert.equal(change.status, 422);
    assert.equal(change.body.message, 'StorageClass.storage.platform.io "storage-class-name" is invalid: [parameters: Forbidden: updates to parameters are forbidden., provisioner: Forbidden: updates to provisioner are forbidden., reclaimPolicy: Forbidden: updates to reclaimPolicy are forbidden.]');
    const bad = await api.post(`${STORAGE}/storageclasses`, { metadata: { name: 'bad' }, provisioner: '', reclaimPolicy: 'Recycle', volumeBindingMode: 'Later' });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.message, 'StorageClass.storage.platform.io "bad" is invalid: [provisioner: Required value, reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain", volumeBindingMode: Unsupported value: "Later": supported values: "Immediate", "WaitForFirstConsumer"]');
    const table = await api.get(`${STORAGE}/storageclasses`, { accept: TABLE });
    assert.deepEqual(objects(at(table.body, 'columnDefinitions')).map((c) => c.name), ['Name', 'Provisioner', 'ReclaimPolicy', 'VolumeBindingMode', 'AllowVolumeExpansion', 'Age']);
    assert.deepEqual((at(table.body, 'rows.0.cells') as unknown[]).slice(0, 5), ['storage-class-name (default)', 'platform.io/fake-provisioner-type', 'Delete', 'Immediate', false]);
  });

  test('CSIDriver defaults, VolumeAttachment status and immutable spec, CSINode drivers, CSIStorageCapacity', async () => {
    const driver = await api.post(`${STORAGE}/csidrivers`, { metadata: { name: 'hostpath.csi.example.com' }, spec: {} });
    assert.equal(driver.status, 201, driver.text);
    assert.deepEqual(driver.body.spec, {
      attachRequired: true, podInfoOnMount: false, volumeLifecycleModes: ['Persistent'], storageCapacity: false,
      fsGroupPolicy: 'ReadWriteOnceWithFSType', requiresRepublish: false, seLinuxMount: false,
    });
    const flip = await api.patch(`${STORAGE}/csidrivers/hostpath.csi.example.com`, { spec: { attachRequired: false } }, 'merge');
    assert.equal(flip.status, 422);
    assert.match(String(flip.body.message), /spec\.attachRequired: Invalid value: false: field is immutable/);
    const driverTable = await api.get(`${STORAGE}/csidrivers`, { accept: TABLE });
    assert.deepEqual((at(driverTable.body, 'rows.0.cells') as unknown[]).slice(0, 7), ['hostpath.csi.example.com', true, false, false, '<unset>', false, 'Persistent']);

    const va = await api.post(`${STORAGE}/volumeattachments`, {
      metadata: { name: 'va' }, spec: { attacher: 'hostpath.csi.example.com', source: { persistentVolumeName: 'pv1' }, nodeName: 'node1' }, status: { attached: true },
    });
    assert.equal(va.status, 201, va.text);
    assert.deepEqual(va.body.status, { attached: false }, 'status is cleared on create');
    const moved = await api.patch(`${STORAGE}/volumeattachments/va`, { spec: { nodeName: 'node2' } }, 'merge');
    assert.equal(moved.status, 422);
    assert.match(String(moved.body.message), /spec: Invalid value: .*: field is immutable/);
    const attached = await api.patch(`${STORAGE}/volumeattachments/va/status`, { status: { attached: true } }, 'merge');
    assert.equal(attached.status, 200, attached.text);
    const vaTable = await api.get(`${STORAGE}/volumeattachments`, { accept: TABLE });
    assert.deepEqual((at(vaTable.body, 'rows.0.cells') as unknown[]).slice(0, 5), ['va', 'hostpath.csi.example.com', 'pv1', 'node1', true]);
    const noSource = await api.post(`${STORAGE}/volumeattachments`, { metadata: { name: 'va2' }, spec: { attacher: 'x', source: {}, nodeName: 'n' } });
    assert.equal(noSource.status, 422);
    assert.match(String(noSource.body.message), /spec\.source: Required value: must specify exactly one of inlineVolumeSpec and persistentVolumeName/);

    const node = await api.post(`${STORAGE}/csinodes`, { metadata: { name: 'node1' }, spec: { drivers: [{ name: 'hostpath.csi.example.com', nodeID: 'node1', topologyKeys: ['zone'] }] } });
    assert.equal(node.status, 201, node.text);
    const nodeTable = await api.get(`${STORAGE}/csinodes/node1`, { accept: TABLE });
    assert.deepEqual((at(nodeTable.body, 'rows.0.cells') as unknown[]).slice(0, 2), ['node1', 1]);
    const renamed = await api.patch(`${STORAGE}/csinodes/node1`, { spec: { drivers: [{ name: 'hostpath.csi.example.com', nodeID: 'other' }] } }, 'strategic');
    assert.equal(renamed.status, 422);

    const cap = await api.post(`${STORAGE}/namespaces/${NS}/csistoragecapacities`, { metadata: { name: 'cap' }, storageClassName: 'fast', capacity: '1024Mi' });
    assert.equal(cap.status, 201, cap.text);
    assert.equal(cap.body.capacity, '1Gi');
    const capTable = await api.get(`${STORAGE}/namespaces/${NS}/csistoragecapacities`, { accept: TABLE });
    assert.deepEqual(at(capTable.body, 'rows.0.cells'), ['cap', 'fast', '1Gi']);
    const reclass = await api.patch(`${STORAGE}/namespaces/${NS}/csistoragecapacities/cap`, { storageClassName: 'slow' }, 'merge');
    assert.equal(reclass.status, 422);
  });

  test('Ingress: validation of rules and backends, the status sub-resource, the table', async () => {
    const ing = await api.post(`${NETWORKING}/namespaces/${NS}/ingresses`, {
      metadata: { name: 'web' },
      spec: {
        ingressClassName: 'nginx', tls: [{ hosts: ['a.example.com'], secretName: 's' }],
        rules: [
          { host: 'a.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } }] } },
          { host: '*.example.com', http: { paths: [{ path: '/api', pathType: 'Exact', backend: { service: { name: 'api', port: { name: 'http' } } } }] } },
        ],
      },
    });
    assert.equal(ing.status, 201, ing.text);
    assert.equal(at(ing.body, 'metadata.generation'), 1);
    assert.deepEqual(ing.body.status, { loadBalancer: {} }, 'a struct Go always writes');
    const status = await api.patch(`${NETWORKING}/namespaces/${NS}/ingresses/web/status`, { status: { loadBalancer: { ingress: [{ ip: '10.0.0.9' }, { hostname: 'lb.example.com' }] } } }, 'merge');
    assert.equal(status.status, 200, status.text);
    const table = await api.get(`${NETWORKING}/namespaces/${NS}/ingresses`, { accept: TABLE });
    assert.deepEqual(objects(at(table.body, 'columnDefinitions')).map((c) => c.name), ['Name', 'Class', 'Hosts', 'Address', 'Ports', 'Age']);
    assert.deepEqual((at(table.body, 'rows.0.cells') as unknown[]).slice(0, 5), ['web', 'nginx', 'a.example.com,*.example.com', '10.0.0.9,lb.example.com', '80, 443']);
    const empty = await api.post(`${NETWORKING}/namespaces/${NS}/ingresses`, { metadata: { name: 'empty' }, spec: {} });
    assert.equal(empty.status, 422);
    assert.equal(empty.body.message, 'Ingress.networking.platform.io "empty" is invalid: spec: Invalid value: []networking.IngressRule(nil): either `defaultBackend` or `rules` must be specified');
    const bad = await api.post(`${NETWORKING}/namespaces/${NS}/ingresses`, {
      metadata: { name: 'bad' },
      spec: { rules: [{ host: '10.0.0.1', http: { paths: [{ path: 'api', pathType: 'Prefix', backend: { service: { name: 'web', port: {} } } }, { path: '/', backend: { service: { name: 'w', port: { number: 80 } } } }] } }] },
    });
    assert.equal(bad.status, 422);
    assert.match(String(bad.body.message), /spec\.rules\[0\]\.host: Invalid value: "10\.0\.0\.1": must be a DNS name, not an IP address/);
    assert.match(String(bad.body.message), /spec\.rules\[0\]\.http\.paths\[0\]\.path: Invalid value: "api": must be an absolute path/);
    assert.match(String(bad.body.message), /spec\.rules\[0\]\.http\.paths\[0\]\.backend: Required value: port name or number is required/);
    assert.match(String(bad.body.message), /spec\.rules\[0\]\.http\.paths\[1\]\.pathType: Required value: pathType must be specified/);
  });

  test('IngressClass and NetworkPolicy: defaults, validation and tables', async () => {
    const ic = await api.post(`${NETWORKING}/ingressclasses`, { metadata: { name: 'nginx' }, spec: { controller: 'example.com/ingress-nginx', parameters: { apiGroup: 'k8s.example.com', kind: 'IngressParameters', name: 'external-lb' } } });
    assert.equal(ic.status, 201, ic.text);
    assert.equal(at(ic.body, 'spec.parameters.scope'), 'Cluster');
    const bare = await api.post(`${NETWORKING}/ingressclasses`, { metadata: { name: 'bare' } });
    assert.equal(bare.status, 422);
    assert.equal(bare.body.message, 'IngressClass.networking.platform.io "bare" is invalid: spec.controller: Required value');
    const icTable = await api.get(`${NETWORKING}/ingressclasses/nginx`, { accept: TABLE });
    assert.deepEqual((at(icTable.body, 'rows.0.cells') as unknown[]).slice(0, 3), ['nginx', 'example.com/ingress-nginx', 'IngressParameters.k8s.example.com/external-lb']);
    const other = await api.patch(`${NETWORKING}/ingressclasses/nginx`, { spec: { controller: 'example.com/other' } }, 'merge');
    assert.equal(other.status, 422);
    assert.match(String(other.body.message), /spec\.controller: Invalid value: "example\.com\/other": field is immutable/);

    const np = await api.post(`${NETWORKING}/namespaces/${NS}/networkpolicies`, {
      metadata: { name: 'db' }, spec: { podSelector: { matchLabels: { role: 'db' } }, ingress: [{ from: [{ ipBlock: { cidr: '172.17.0.0/16' } }], ports: [{ port: 6379 }] }], egress: [{}] },
    });
    assert.equal(np.status, 201, np.text);
    assert.deepEqual(at(np.body, 'spec.policyTypes'), ['Ingress', 'Egress']);
    assert.equal(at(np.body, 'spec.ingress.0.ports.0.protocol'), 'TCP');
    const all = await api.post(`${NETWORKING}/namespaces/${NS}/networkpolicies`, { metadata: { name: 'all' }, spec: {} });
    assert.equal(all.status, 201, all.text);
    assert.deepEqual([at(all.body, 'spec.podSelector'), at(all.body, 'spec.policyTypes')], [{}, ['Ingress']]);
    const npTable = await api.get(`${NETWORKING}/namespaces/${NS}/networkpolicies`, { accept: TABLE });
    assert.deepEqual(objects(at(npTable.body, 'rows')).map((r) => (r.cells as unknown[]).slice(0, 2)), [['all', '<none>'], ['db', 'role=db']]);
    const bad = await api.post(`${NETWORKING}/namespaces/${NS}/networkpolicies`, {
      metadata: { name: 'bad' }, spec: { podSelector: {}, ingress: [{ from: [{}], ports: [{ protocol: 'ICMP', port: 80, endPort: 70 }] }], policyTypes: ['Sideways'] },
    });
    assert.equal(bad.status, 422);
    assert.match(String(bad.body.message), /spec\.ingress\[0\]\.ports\[0\]\.protocol: Unsupported value: "ICMP"/);
    assert.match(String(bad.body.message), /spec\.ingress\[0\]\.ports\[0\]\.endPort: Invalid value: 70: must be greater than or equal to `port`/);
    assert.match(String(bad.body.message), /spec\.ingress\[0\]\.from\[0\]: Required value: must specify a peer/);
    assert.match(String(bad.body.message), /spec\.policyTypes\[0\]: Unsupported value: "Sideways"/);
  });
});
