import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, arrayAt, at } from '../../support/api.js';
import { VALID_CSR_B64 } from './certificates/fixtures.js';

const TABLE = 'application/json;as=Table;g=meta.platform.io;v=v1';

describe('Table output', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: 't' } });
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  const columns = (body: unknown): string[] => arrayAt(body, 'columnDefinitions').map((c) => String(at(c, 'name')));
  const priorities = (body: unknown): number[] => arrayAt(body, 'columnDefinitions').map((c) => Number(at(c, 'priority') ?? 0));

  test('pods: NAME READY STATUS RESTARTS AGE, wide columns at priority 1', async () => {
    await api.post('/api/v1/namespaces/t/pods', { metadata: { name: 'web' }, spec: { nodeName: 'n1', containers: [{ name: 'a', image: 'x' }, { name: 'b', image: 'y' }] } });
    const r = await api.get('/api/v1/namespaces/t/pods', { accept: TABLE });
    assert.equal(r.status, 200);
    assert.equal(r.headers['content-type'], 'application/json;as=Table;v=v1;g=meta.platform.io');
    assert.equal(r.body.kind, 'Table');
    assert.equal(r.body.apiVersion, 'meta.platform.io/v1');
    assert.deepEqual(columns(r.body), ['Name', 'Ready', 'Status', 'Restarts', 'Age', 'IP', 'Node', 'Nominated Node', 'Readiness Gates']);
    assert.deepEqual(priorities(r.body), [0, 0, 0, 0, 0, 1, 1, 1, 1]);
    const cells = arrayAt(r.body, 'rows.0.cells');
    assert.deepEqual(cells.slice(0, 4), ['web', '0/2', 'Pending', '0']);
    assert.match(String(cells[4]), /^\d+s$/);
    assert.deepEqual(cells.slice(5), ['<none>', 'n1', '<none>', '<none>']);
    // Default includeObject=Metadata: PartialObjectMetadata rows.
    assert.equal(at(r.body, 'rows.0.object.kind'), 'PartialObjectMetadata');
    assert.equal(at(r.body, 'rows.0.object.apiVersion'), 'meta.platform.io/v1');
    assert.equal(at(r.body, 'rows.0.object.metadata.name'), 'web');
    assert.equal(at(r.body, 'rows.0.object.spec'), undefined);
    assert.match(String(at(r.body, 'metadata.resourceVersion')), /^\d+$/);
  });

  test('includeObject=None and Object', async () => {
    const none = await api.get('/api/v1/namespaces/t/pods?includeObject=None', { accept: TABLE });
    assert.equal(at(none.body, 'rows.0.object'), undefined);
    const full = await api.get('/api/v1/namespaces/t/pods?includeObject=Object', { accept: TABLE });
    assert.equal(at(full.body, 'rows.0.object.kind'), 'Pod');
    assert.equal(at(full.body, 'rows.0.object.spec.nodeName'), 'n1');
  });

  test('v1beta1 Tables and Table then JSON fallback', async () => {
    const r = await api.get('/api/v1/namespaces/t/pods', { accept: 'application/json;as=Table;g=meta.platform.io;v=v1beta1' });
    assert.equal(r.body.apiVersion, 'meta.platform.io/v1beta1');
    const fallback = await api.get('/api/v1/namespaces/t/pods', { accept: 'application/json;as=Table;g=meta.platform.io;v=v1, application/json' });
    assert.equal(fallback.body.kind, 'Table');
    const disc = await api.get('/api/v1', { accept: 'application/json;as=Table;g=meta.platform.io;v=v1, application/json' });
    assert.equal(disc.body.kind, 'APIResourceList');
  });

  test('one object as a Table', async () => {
    const r = await api.get('/api/v1/namespaces/t/pods/web', { accept: TABLE });
    assert.equal(arrayAt(r.body, 'rows').length, 1);
    assert.equal(at(r.body, 'rows.0.cells.0'), 'web');
  });

  test('deployments: NAME READY UP-TO-DATE AVAILABLE AGE + CONTAINERS IMAGES SELECTOR', async () => {
    await api.post('/apis/apps/v1/namespaces/t/deployments', {
      metadata: { name: 'd' },
      spec: { replicas: 3, selector: { matchLabels: { app: 'd' } }, template: { metadata: { labels: { app: 'd' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } } },
    });
    const r = await api.get('/apis/apps/v1/namespaces/t/deployments', { accept: TABLE });
    assert.deepEqual(columns(r.body), ['Name', 'Ready', 'Up-to-date', 'Available', 'Age', 'Containers', 'Images', 'Selector']);
    const cells = arrayAt(r.body, 'rows.0.cells');
    assert.deepEqual([cells[0], cells[1], cells[2], cells[3]], ['d', '0/3', 0, 0]);
    assert.deepEqual(cells.slice(5), ['nginx', 'nginx:1.25', 'app=d']);
  });

  test('services: NAME TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE + SELECTOR', async () => {
    await api.post('/api/v1/namespaces/t/services', { metadata: { name: 's' }, spec: { type: 'NodePort', selector: { app: 'd' }, ports: [{ port: 80, nodePort: 30080 }] } });
    const r = await api.get('/api/v1/namespaces/t/services/s', { accept: TABLE });
    assert.deepEqual(columns(r.body), ['Name', 'Type', 'Cluster-IP', 'External-IP', 'Port(s)', 'Age', 'Selector']);
    const cells = arrayAt(r.body, 'rows.0.cells');
    assert.equal(cells[1], 'NodePort');
    assert.match(String(cells[2]), /^10\.\d+\.\d+\.\d+$/);
    assert.deepEqual([cells[3], cells[4], cells[6]], ['<none>', '80:30080/TCP', 'app=d']);
  });

  test('configmaps, secrets, namespaces, nodes, events, jobs, cronjobs, csr, roles, bindings, leases, crds', async () => {
    await api.post('/api/v1/namespaces/t/configmaps', { metadata: { name: 'cm' }, data: { a: '1', b: '2' } });
    const cm = await api.get('/api/v1/namespaces/t/configmaps/cm', { accept: TABLE });
    assert.deepEqual(columns(cm.body), ['Name', 'Data', 'Age']);
    assert.deepEqual(arrayAt(cm.body, 'rows.0.cells').slice(0, 2), ['cm', 2]);
    await api.post('/api/v1/namespaces/t/secrets', { metadata: { name: 'sec' }, type: 'Opaque', data: { a: 'YQ==' } });
    const sec = await api.get('/api/v1/namespaces/t/secrets/sec', { accept: TABLE });
    assert.deepEqual(columns(sec.body), ['Name', 'Type', 'Data', 'Age']);
    assert.deepEqual(arrayAt(sec.body, 'rows.0.cells').slice(0, 3), ['sec', 'Opaque', 1]);
    const ns = await api.get('/api/v1/namespaces/t', { accept: TABLE });
    assert.deepEqual(columns(ns.body), ['Name', 'Status', 'Age']);
    assert.deepEqual(arrayAt(ns.body, 'rows.0.cells').slice(0, 2), ['t', 'Active']);
    await api.post('/api/v1/nodes', { metadata: { name: 'node-1', labels: { 'node-role.platform.io/control-plane': '' } }, status: { conditions: [{ type: 'Ready', status: 'True' }], nodeInfo: { kubeletVersion: 'v1.32.0' } } });
    const node = await api.get('/api/v1/nodes/node-1', { accept: TABLE });
    assert.deepEqual(columns(node.body), ['Name', 'Status', 'Roles', 'Age', 'Version', 'Internal-IP', 'External-IP', 'OS-Image', 'Kernel-Version', 'Container-Runtime']);
    const nodeCells = arrayAt(node.body, 'rows.0.cells');
    assert.deepEqual([nodeCells[0], nodeCells[1], nodeCells[2], nodeCells[4], nodeCells[5], nodeCells[7]], ['node-1', 'Ready', 'control-plane', 'v1.32.0', '<none>', '<unknown>']);
    await api.post('/api/v1/namespaces/t/events', { metadata: { name: 'ev' }, involvedObject: { kind: 'Pod', name: 'web', namespace: 't' }, reason: 'Pulled', message: ' pulled image ', type: 'Normal', source: { component: 'kubelet', host: 'n1' } });
    const ev = await api.get('/api/v1/namespaces/t/events/ev', { accept: TABLE });
    assert.deepEqual(columns(ev.body), ['Last Seen', 'Type', 'Reason', 'Object', 'Subobject', 'Source', 'Message', 'First Seen', 'Count', 'Name']);
    const evCells = arrayAt(ev.body, 'rows.0.cells');
    assert.deepEqual(evCells.slice(1), ['Normal', 'Pulled', 'pod/web', '', 'kubelet, n1', 'pulled image', '<unknown>', 1, 'ev']);
    await api.post('/apis/batch/v1/namespaces/t/jobs', { metadata: { name: 'j' }, spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } } } });
    const job = await api.get('/apis/batch/v1/namespaces/t/jobs/j', { accept: TABLE });
    assert.deepEqual(columns(job.body), ['Name', 'Status', 'Completions', 'Duration', 'Age', 'Containers', 'Images', 'Selector']);
    assert.deepEqual(arrayAt(job.body, 'rows.0.cells').slice(0, 4), ['j', 'Running', '0/1', '']);
    await api.post('/apis/batch/v1/namespaces/t/cronjobs', { metadata: { name: 'cj' }, spec: { schedule: '@hourly', jobTemplate: { spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } } } } } });
    const cj = await api.get('/apis/batch/v1/namespaces/t/cronjobs/cj', { accept: TABLE });
    assert.deepEqual(columns(cj.body), ['Name', 'Schedule', 'Timezone', 'Suspend', 'Active', 'Last Schedule', 'Age', 'Containers', 'Images', 'Selector']);
    assert.deepEqual(arrayAt(cj.body, 'rows.0.cells').slice(0, 6), ['cj', '@hourly', '<none>', 'False', 0, '<none>']);
    await api.post('/apis/certificates.platform.io/v1/certificatesigningrequests', { metadata: { name: 'csr1' }, spec: { request: VALID_CSR_B64, signerName: 'platform.io/apiserver-client', usages: ['client auth'], expirationSeconds: 3600 } });
    const csr = await api.get('/apis/certificates.platform.io/v1/certificatesigningrequests/csr1', { accept: TABLE });
    assert.deepEqual(columns(csr.body), ['Name', 'Age', 'SignerName', 'Requestor', 'RequestedDuration', 'Condition']);
    const csrCells = arrayAt(csr.body, 'rows.0.cells');
    assert.deepEqual([csrCells[0], csrCells[2], csrCells[3], csrCells[4], csrCells[5]], ['csr1', 'platform.io/apiserver-client', 'admin', '60m', 'Pending']);
    await api.post('/apis/rbac.authorization.platform.io/v1/namespaces/t/roles', { metadata: { name: 'r' }, rules: [] });
    const role = await api.get('/apis/rbac.authorization.platform.io/v1/namespaces/t/roles/r', { accept: TABLE });
    assert.deepEqual(columns(role.body), ['Name', 'Created At']);
    assert.match(String(at(role.body, 'rows.0.cells.1')), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    await api.post('/apis/rbac.authorization.platform.io/v1/namespaces/t/rolebindings', { metadata: { name: 'rb' }, roleRef: { apiGroup: 'rbac.authorization.platform.io', kind: 'Role', name: 'r' }, subjects: [{ kind: 'User', name: 'alice' }, { kind: 'ServiceAccount', name: 'sa', namespace: 't' }] });
    const rb = await api.get('/apis/rbac.authorization.platform.io/v1/namespaces/t/rolebindings/rb', { accept: TABLE });
    assert.deepEqual(columns(rb.body), ['Name', 'Role', 'Age', 'Users', 'Groups', 'ServiceAccounts']);
    const rbCells = arrayAt(rb.body, 'rows.0.cells');
    assert.deepEqual([rbCells[0], rbCells[1], rbCells[3], rbCells[4], rbCells[5]], ['rb', 'Role/r', 'alice', '', 't/sa']);
    await api.post('/apis/coordination.platform.io/v1/namespaces/t/leases', { metadata: { name: 'l' }, spec: { holderIdentity: 'me' } });
    const lease = await api.get('/apis/coordination.platform.io/v1/namespaces/t/leases/l', { accept: TABLE });
    assert.deepEqual(columns(lease.body), ['Name', 'Holder', 'Age']);
    const crds = await api.get('/apis/apiextensions.platform.io/v1/customresourcedefinitions', { accept: TABLE });
    assert.deepEqual(columns(crds.body), ['Name', 'Created At']);
  });

  test('406 when nothing acceptable can be served', async () => {
    for (const accept of ['text/html', 'application/json;as=Table;g=meta.example.com;v=v1']) {
      const r = await api.get('/api/v1/namespaces/t/pods', { accept });
      assert.equal(r.status, 406, accept);
      assert.equal(r.body.reason, 'NotAcceptable');
      assert.match(String(r.body.message), /^only the following media types are accepted: application\/json, application\/yaml/);
    }
    // Built-in kinds have a protobuf form: the first of a fallback list that can be served wins.
    const proto = await api.get('/api/v1/namespaces/t/pods', { accept: 'application/vnd.platform.protobuf, application/json' });
    assert.equal(proto.status, 200);
    assert.equal(proto.headers['content-type'], 'application/vnd.platform.protobuf');
    const json = await api.get('/api/v1/namespaces/t/pods', { accept: 'text/html, application/json' });
    assert.equal(json.headers['content-type'], 'application/json');
  });

  test('watches as Tables: column definitions with the first event only', async () => {
    const w = await api.watch('/api/v1/namespaces/t/configmaps?watch=1&fieldSelector=metadata.name%3Dcm', { accept: TABLE });
    assert.equal(w.headers['content-type'], 'application/json;as=Table;v=v1;g=meta.platform.io');
    await w.waitFor(1);
    await api.patch('/api/v1/namespaces/t/configmaps/cm', { data: { c: '3' } }, 'merge');
    const evs = await w.waitFor(2);
    assert.deepEqual(evs.map((e) => e.type), ['ADDED', 'MODIFIED']);
    assert.equal(at(evs[0]?.object, 'kind'), 'Table');
    assert.deepEqual(arrayAt(evs[0]?.object, 'columnDefinitions').map((c) => at(c, 'name')), ['Name', 'Data', 'Age']);
    assert.deepEqual(arrayAt(evs[1]?.object, 'columnDefinitions'), []);
    assert.equal(at(evs[1]?.object, 'rows.0.cells.1'), 3);
    w.close();
  });

  test('PartialObjectMetadata and PartialObjectMetadataList', async () => {
    const one = await api.get('/api/v1/namespaces/t/configmaps/cm', { accept: 'application/json;as=PartialObjectMetadata;g=meta.platform.io;v=v1' });
    assert.equal(one.body.kind, 'PartialObjectMetadata');
    assert.equal(at(one.body, 'metadata.name'), 'cm');
    assert.equal(one.body.data, undefined);
    const list = await api.get('/api/v1/namespaces/t/configmaps', { accept: 'application/json;as=PartialObjectMetadataList;g=meta.platform.io;v=v1' });
    assert.equal(list.body.kind, 'PartialObjectMetadataList');
    assert.ok(arrayAt(list.body, 'items').every((i) => at(i, 'kind') === 'PartialObjectMetadata'));
  });

  test('YAML answers', async () => {
    const r = await api.get('/api/v1/namespaces/t/configmaps/cm', { accept: 'application/yaml' });
    assert.equal(r.status, 200);
    assert.equal(r.headers['content-type'], 'application/yaml');
    assert.match(r.text, /^apiVersion: v1\ndata:\n/);
    assert.match(r.text, /\nkind: ConfigMap\nmetadata:\n/);
  });
});
