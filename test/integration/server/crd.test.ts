import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, arrayAt, at, namesOf } from '../../support/api.js';

const CRDS = '/apis/apiextensions.platform.io/v1/customresourcedefinitions';
const WIDGETS = '/apis/example.com/v1/namespaces/crd/widgets';

const WIDGET_SCHEMA = {
  openAPIV3Schema: {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        properties: {
          size: { type: 'integer', minimum: 1, default: 3 },
          color: { type: 'string', enum: ['red', 'blue'] },
          replicas: { type: 'integer' },
          selector: { type: 'string' },
          ports: {
            type: 'array',
            'x-platform-list-type': 'map',
            'x-platform-list-map-keys': ['name'],
            items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, port: { type: 'integer' } } },
          },
        },
      },
      status: { type: 'object', properties: { replicas: { type: 'integer' }, phase: { type: 'string' } } },
    },
  },
};

/** A CRD of group example.com; `schema: null` leaves the schema out. */
function makeCRD(o: { name?: string; plural: string; kind: string; scope?: string; schema?: unknown; printer?: boolean; shortNames?: string[] }): Record<string, unknown> {
  const version: Record<string, unknown> = {
    name: 'v1',
    served: true,
    storage: true,
    subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.spec.selector' } },
  };
  if (o.schema !== null) version.schema = o.schema ?? WIDGET_SCHEMA;
  if (o.printer === true) {
    version.additionalPrinterColumns = [
      { name: 'Color', type: 'string', jsonPath: '.spec.color' },
      { name: 'Size', type: 'integer', jsonPath: '.spec.size' },
      { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
    ];
  }
  return {
    apiVersion: 'apiextensions.platform.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: o.name ?? `${o.plural}.example.com` },
    spec: {
      group: 'example.com',
      scope: o.scope ?? 'Namespaced',
      names: { plural: o.plural, singular: o.kind.toLowerCase(), kind: o.kind, ...(o.shortNames === undefined ? {} : { shortNames: o.shortNames, categories: ['all'] }) },
      versions: [version],
    },
  };
}

const widgetCRD = makeCRD({ plural: 'widgets', kind: 'Widget', printer: true, shortNames: ['wd'] });

describe('custom resource definitions', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: 'crd' } });
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('a created CRD is established and served within a second', async () => {
    const started = Date.now();
    const r = await api.post(CRDS, widgetCRD);
    assert.equal(r.status, 201, r.text);
    let served = false;
    while (Date.now() - started < 1000) {
      if ((await api.get('/apis/example.com/v1')).status === 200) {
        served = true;
        break;
      }
      await sleep(10);
    }
    assert.ok(served, 'served within a second');
    const list = await api.get('/apis/example.com/v1');
    const widgets = arrayAt(list.body, 'resources').find((x) => at(x, 'name') === 'widgets');
    assert.deepEqual(at(widgets, 'shortNames'), ['wd']);
    assert.deepEqual(at(widgets, 'categories'), ['all']);
    assert.ok(arrayAt(list.body, 'resources').some((x) => at(x, 'name') === 'widgets/scale'));
    assert.ok(arrayAt((await api.get('/apis')).body, 'groups').some((g) => at(g, 'name') === 'example.com'));
    await server.settle();
    const crd = await api.get(`${CRDS}/widgets.example.com`);
    const conditions = arrayAt(crd.body, 'status.conditions').map((c) => [at(c, 'type'), at(c, 'status')]);
    assert.deepEqual(conditions, [['NamesAccepted', 'True'], ['Established', 'True']]);
    assert.equal(at(crd.body, 'status.acceptedNames.kind'), 'Widget');
    assert.deepEqual(at(crd.body, 'status.storedVersions'), ['v1']);
  });

  test('custom resources are validated, pruned and defaulted against the schema', async () => {
    const ok = await api.post(WIDGETS, { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w1' }, spec: { color: 'red', unknown: 'x' } });
    assert.equal(ok.status, 201, ok.text);
    assert.equal(at(ok.body, 'spec.size'), 3);
    assert.equal(at(ok.body, 'spec.unknown'), undefined);
    assert.equal(at(ok.body, 'metadata.generation'), 1);
    const bad = await api.post(WIDGETS, { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w2' }, spec: { color: 'green', size: 0 } });
    assert.equal(bad.status, 422);
    assert.match(String(bad.body.message), /^Widget\.example\.com "w2" is invalid: \[/);
    const fields = arrayAt(bad.body, 'details.causes').map((c) => at(c, 'field'));
    assert.ok(fields.includes('spec.color'));
    assert.ok(fields.includes('spec.size'));
    assert.equal((await api.get(`${WIDGETS}/w1`)).status, 200);
  });

  test('tables use additionalPrinterColumns', async () => {
    const r = await api.get(WIDGETS, { accept: 'application/json;as=Table;g=meta.platform.io;v=v1' });
    assert.deepEqual(arrayAt(r.body, 'columnDefinitions').map((c) => at(c, 'name')), ['Name', 'Color', 'Size', 'Age']);
    const cells = arrayAt(r.body, 'rows.0.cells');
    assert.deepEqual(cells.slice(0, 3), ['w1', 'red', 3]);
    assert.match(String(cells[3]), /^\d+s$/);
  });

  test('printer columns and selectable fields are evaluated as client-go evaluates them: filters, escaped dots, missing keys, JSON of objects', async () => {
    const crd = makeCRD({ plural: 'gadgets', kind: 'Gadget' });
    const version = (crd.spec as { versions: Record<string, unknown>[] }).versions[0] as Record<string, unknown>;
    version.additionalPrinterColumns = [
      { name: 'HTTP', type: 'integer', jsonPath: '.spec.ports[?(@.name=="http")].port' },
      { name: 'Last', type: 'string', jsonPath: '.spec.ports[-1].name' },
      { name: 'Ports', type: 'string', jsonPath: '.spec.ports' },
      { name: 'Tier', type: 'string', jsonPath: '.metadata.labels.example\\.com/tier' },
      { name: 'Phase', type: 'string', jsonPath: '.status.phase' },
      { name: 'Size', type: 'number', jsonPath: '.spec.size' },
    ];
    version.selectableFields = [{ jsonPath: '.spec.color' }];
    assert.equal((await api.post(CRDS, crd)).status, 201);
    const gadgets = '/apis/example.com/v1/namespaces/crd/gadgets';
    const gadget = { apiVersion: 'example.com/v1', kind: 'Gadget', metadata: { name: 'g1', labels: { 'example.com/tier': 'gold' } },
      spec: { color: 'red', ports: [{ name: 'http', port: 80 }, { name: 'https', port: 443 }] } };
    let created = await api.post(gadgets, gadget);
    for (const started = Date.now(); created.status === 404 && Date.now() - started < 2000; created = await api.post(gadgets, gadget)) await sleep(10);
    assert.equal(created.status, 201, created.text);
    const r = await api.get(gadgets, { accept: 'application/json;as=Table;g=meta.platform.io;v=v1' });
    assert.deepEqual(arrayAt(r.body, 'rows.0.cells'), ['g1', 80, 'https', '[{"name":"http","port":80},{"name":"https","port":443}]', 'gold', null, 3]);
    // Selectable fields are read by the same engine.
    assert.deepEqual(namesOf((await api.get(`${gadgets}?fieldSelector=spec.color%3Dred`)).body), ['g1']);
    assert.deepEqual(namesOf((await api.get(`${gadgets}?fieldSelector=spec.color%3Dblue`)).body), []);
  });

  test('strategic merge patch is refused with 415 for custom resources; merge patch works', async () => {
    const r = await api.patch(`${WIDGETS}/w1`, { spec: { color: 'blue' } }, 'strategic');
    assert.equal(r.status, 415);
    assert.equal(r.body.message, 'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml');
    const m = await api.patch(`${WIDGETS}/w1`, { spec: { color: 'blue' } }, 'merge');
    assert.equal(m.status, 200);
    assert.equal(at(m.body, 'metadata.generation'), 2);
  });

  test('status and scale sub-resources: writes to one part never change another', async () => {
    const status = await api.patch(`${WIDGETS}/w1/status`, { status: { replicas: 2, phase: 'Ready' }, spec: { color: 'red' } }, 'merge');
    assert.equal(status.status, 200, status.text);
    assert.equal(at(status.body, 'status.phase'), 'Ready');
    assert.equal(at(status.body, 'spec.color'), 'blue');
    assert.equal(at(status.body, 'metadata.generation'), 2);
    const main = await api.patch(`${WIDGETS}/w1`, { status: { phase: 'Broken' }, spec: { replicas: 1, selector: 'app=w1' } }, 'merge');
    assert.equal(at(main.body, 'status.phase'), 'Ready');
    assert.equal(at(main.body, 'spec.replicas'), 1);
    const scale = await api.get(`${WIDGETS}/w1/scale`);
    assert.equal(scale.status, 200);
    assert.deepEqual({ kind: scale.body.kind, apiVersion: scale.body.apiVersion, spec: scale.body.spec, status: scale.body.status },
      { kind: 'Scale', apiVersion: 'autoscaling/v1', spec: { replicas: 1 }, status: { replicas: 2, selector: 'app=w1' } });
    const put = await api.put(`${WIDGETS}/w1/scale`, { ...scale.body, spec: { replicas: 5 } });
    assert.equal(put.status, 200, put.text);
    assert.equal(at(put.body, 'spec.replicas'), 5);
    const after = await api.get(`${WIDGETS}/w1`);
    assert.equal(at(after.body, 'spec.replicas'), 5);
    assert.equal(at(after.body, 'status.phase'), 'Ready');
    const neg = await api.patch(`${WIDGETS}/w1/scale`, { spec: { replicas: -1 } }, 'merge');
    assert.equal(neg.status, 422);
    // The decoder lets a custom resource's Scale of another kind through: the scale write refuses it.
    const other = await api.put(`${WIDGETS}/w1/scale`, { ...scale.body, kind: 'Widget', spec: { replicas: 5 } });
    assert.equal(other.status, 400, other.text);
    assert.equal(other.body.message, 'the kind in the data (Widget) does not match the expected kind (Scale)');
  });

  test('apply honours x-platform-list-type map: two managers own different items', async () => {
    const base = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w-apply' } };
    const a = await api.apply(`${WIDGETS}/w-apply`, { ...base, spec: { ports: [{ name: 'http', port: 80 }] } }, 'alice');
    assert.equal(a.status, 201, a.text);
    const b = await api.apply(`${WIDGETS}/w-apply`, { ...base, spec: { ports: [{ name: 'metrics', port: 9090 }] } }, 'bob');
    assert.equal(b.status, 200, b.text);
    assert.deepEqual(arrayAt(b.body, 'spec.ports').map((p) => at(p, 'name')), ['http', 'metrics']);
    const a2 = await api.apply(`${WIDGETS}/w-apply`, { ...base, spec: {} }, 'alice');
    assert.deepEqual(arrayAt(a2.body, 'spec.ports').map((p) => at(p, 'name')), ['metrics']);
  });

  test('invalid CRDs are refused with 422', async () => {
    const r = await api.post(CRDS, makeCRD({ plural: 'gadgets', kind: 'Gadget', schema: null }));
    assert.equal(r.status, 422);
    assert.ok(arrayAt(r.body, 'details.causes').some((c) => at(c, 'field') === 'spec.versions[0].schema.openAPIV3Schema'));
    const notStructural = makeCRD({ plural: 'gizmos', kind: 'Gizmo', schema: { openAPIV3Schema: { type: 'object', properties: { spec: { properties: { a: { type: 'string' } } } } } } });
    const ns = await api.post(CRDS, notStructural);
    assert.equal(ns.status, 422, ns.text);
    const wn = await api.post(CRDS, makeCRD({ name: 'wrong.example.com', plural: 'widgets', kind: 'Widget' }));
    assert.equal(wn.status, 422);
    assert.match(String(wn.body.message), /metadata\.name: Invalid value: "wrong\.example\.com": must be spec\.names\.plural\+"\."\+spec\.group/);
  });

  test('schema patterns run on RE2: a value that defeats a backtracking engine is refused at once and the server goes on answering; patterns Go cannot compile refuse the CRD', async () => {
    const patterned = makeCRD({ plural: 'sprockets', kind: 'Sprocket', schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { name: { type: 'string', pattern: '^(a+)+$' } } } } } } });
    assert.equal((await api.post(CRDS, patterned)).status, 201);
    const path = '/apis/example.com/v1/namespaces/crd/sprockets';
    let created = await api.post(path, { apiVersion: 'example.com/v1', kind: 'Sprocket', metadata: { name: 's0' }, spec: { name: 'aaa' } });
    for (let i = 0; created.status === 404 && i < 100; i++) {
      await sleep(10);
      created = await api.post(path, { apiVersion: 'example.com/v1', kind: 'Sprocket', metadata: { name: 's0' }, spec: { name: 'aaa' } });
    }
    assert.equal(created.status, 201, created.text);
    const hostile = `${'a'.repeat(40)}!`;
    const started = Date.now();
    const [bad, other] = await Promise.all([
      api.post(path, { apiVersion: 'example.com/v1', kind: 'Sprocket', metadata: { name: 's1' }, spec: { name: hostile } }),
      api.get('/api/v1/namespaces/crd'),
    ]);
    assert.ok(Date.now() - started < 5000, `answered in ${Date.now() - started} ms`);
    assert.equal(bad.status, 422, bad.text);
    assert.equal(at(bad.body, 'message'), `Sprocket.example.com "s1" is invalid: spec.name: Invalid value: "${hostile}": spec.name in body should match '^(a+)+$'`);
    assert.equal(other.status, 200);
    const refused = await api.post(CRDS, makeCRD({ plural: 'cogs', kind: 'Cog', schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { name: { type: 'string', pattern: 'x(?=y)' } } } } } } }));
    assert.equal(refused.status, 422, refused.text);
    assert.deepEqual(arrayAt(refused.body, 'details.causes').map((c) => at(c, 'message')), [
      "Invalid value: \"x(?=y)\": must be a valid regular expression, but isn't: error parsing regexp: invalid or unsupported Perl syntax: `(?=`",
    ]);
  });

  test('cluster-scoped custom resources', async () => {
    assert.equal((await api.post(CRDS, makeCRD({ plural: 'clusterwidgets', kind: 'ClusterWidget', scope: 'Cluster' }))).status, 201);
    await server.settle();
    const r = await api.post('/apis/example.com/v1/clusterwidgets', { apiVersion: 'example.com/v1', kind: 'ClusterWidget', metadata: { name: 'cw' }, spec: {} });
    assert.equal(r.status, 201, r.text);
    const t = await api.get('/apis/example.com/v1/clusterwidgets', { accept: 'application/json;as=Table;g=meta.platform.io;v=v1' });
    assert.deepEqual(arrayAt(t.body, 'columnDefinitions').map((c) => at(c, 'name')), ['Name', 'Age']);
  });

  test('deleting a CRD deletes its objects, then the CRD, then stops serving it', async () => {
    const r = await api.delete(`${CRDS}/widgets.example.com`);
    assert.equal(r.status, 200);
    assert.ok(typeof at(r.body, 'metadata.deletionTimestamp') === 'string');
    await server.settle();
    for (let i = 0; i < 100 && (await api.get(`${CRDS}/widgets.example.com`)).status !== 404; i++) await sleep(20);
    assert.equal((await api.get(`${CRDS}/widgets.example.com`)).status, 404);
    assert.equal((await api.get('/apis/example.com/v1/namespaces/crd/widgets')).status, 404);
    assert.ok(!arrayAt((await api.get('/apis/example.com/v1')).body, 'resources').some((x) => at(x, 'name') === 'widgets'));
    assert.deepEqual(namesOf((await api.get('/apis/example.com/v1/clusterwidgets')).body), ['cw']);
  });
});
