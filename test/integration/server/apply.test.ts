import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, arrayAt, at } from '../../support/api.js';

const CM = '/api/v1/namespaces/ssa/configmaps';
const DEPLOY = '/apis/apps/v1/namespaces/ssa/deployments';

function cm(name: string, data: Record<string, string>, labels?: Record<string, string>): Record<string, unknown> {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...(labels === undefined ? {} : { labels }) }, data };
}

function deploy(name: string, spec: Record<string, unknown>): Record<string, unknown> {
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name }, spec };
}

const template = (name: string): Record<string, unknown> => ({ metadata: { labels: { app: name } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } });

function managers(body: unknown): string[] {
  return arrayAt(body, 'metadata.managedFields').map((e) => `${String(at(e, 'manager'))}/${String(at(e, 'operation'))}`);
}

describe('server-side apply', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: 'ssa' } });
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('rule 1: apply needs a fieldManager', async () => {
    const r = await api.request('PATCH', `${CM}/r1`, { body: cm('r1', { a: '1' }), contentType: 'application/apply-patch+yaml' });
    assert.equal(r.status, 422);
    assert.equal(r.body.message, 'PatchOptions.meta.platform.io "" is invalid: fieldManager: Required value: is required for apply patch');
  });

  test('rule 1: YAML and JSON bodies; force only for apply', async () => {
    const yaml = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: r1y\ndata:\n  a: "1"\n';
    const r = await api.apply(`${CM}/r1y`, yaml, 'yaml-applier');
    assert.equal(r.status, 201, r.text);
    assert.equal(at(r.body, 'data.a'), '1');
    const forced = await api.patch(`${CM}/r1y?force=true`, { data: { b: '2' } }, 'merge');
    assert.equal(forced.status, 422);
  });

  test('rule 2: managedFields in the applied object are refused', async () => {
    const r = await api.apply(`${CM}/r2`, { ...cm('r2', { a: '1' }), metadata: { name: 'r2', managedFields: [{ manager: 'x' }] } }, 'm');
    assert.equal(r.status, 400);
    assert.equal(r.body.message, 'metadata.managedFields must be nil');
  });

  test('rule 3: apply creates; entries carry manager, operation, apiVersion, time, FieldsV1', async () => {
    const r = await api.apply(`${CM}/r3`, cm('r3', { a: '1' }, { team: 'x' }), 'creator');
    assert.equal(r.status, 201, r.text);
    const entries = arrayAt(r.body, 'metadata.managedFields');
    assert.equal(entries.length, 1);
    const e = entries[0];
    assert.equal(at(e, 'manager'), 'creator');
    assert.equal(at(e, 'operation'), 'Apply');
    assert.equal(at(e, 'apiVersion'), 'v1');
    assert.equal(at(e, 'fieldsType'), 'FieldsV1');
    assert.match(String(at(e, 'time')), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.deepEqual(at(e, 'fieldsV1'), { 'f:data': { 'f:a': {} }, 'f:metadata': { 'f:labels': { 'f:team': {} } } });
    const again = await api.apply(`${CM}/r3`, cm('r3', { a: '1' }, { team: 'x' }), 'creator');
    assert.equal(again.status, 200);
    assert.equal(at(again.body, 'metadata.resourceVersion'), at(r.body, 'metadata.resourceVersion'), 'an unchanged apply is not a write');
  });

  test('rules 4 and 5: updates take ownership without conflict; apply then conflicts; force takes it', async () => {
    await api.apply(`${CM}/r5`, cm('r5', { a: '1', b: '1' }), 'alice');
    const upd = await api.patch(`${CM}/r5?fieldManager=editor`, { data: { a: '2' } }, 'merge');
    assert.equal(upd.status, 200);
    assert.deepEqual(managers(upd.body).sort(), ['alice/Apply', 'editor/Update']);
    const conflict = await api.apply(`${CM}/r5`, cm('r5', { a: '3', b: '1' }), 'alice');
    assert.equal(conflict.status, 409);
    assert.equal(conflict.body.reason, 'Conflict');
    assert.match(String(conflict.body.message), /^Apply failed with 1 conflict: conflict with "editor"/);
    assert.match(String(conflict.body.message), /: \.data\.a$/);
    const causes = arrayAt(conflict.body, 'details.causes');
    assert.equal(causes.length, 1);
    assert.equal(at(causes[0], 'reason'), 'FieldManagerConflict');
    assert.equal(at(causes[0], 'field'), '.data.a');
    assert.match(String(at(causes[0], 'message')), /^conflict with "editor"/);
    const forced = await api.apply(`${CM}/r5`, cm('r5', { a: '3', b: '1' }), 'alice', { force: true });
    assert.equal(forced.status, 200, forced.text);
    assert.equal(at(forced.body, 'data.a'), '3');
    assert.deepEqual(managers(forced.body), ['alice/Apply'], 'editor lost its only field and disappeared (rule 8)');
  });

  test('rule 5: several conflicts name each field and manager', async () => {
    await api.apply(`${CM}/r5b`, cm('r5b', { a: '1', b: '1' }), 'owner');
    const r = await api.apply(`${CM}/r5b`, cm('r5b', { a: '2', b: '2' }), 'other');
    assert.equal(r.status, 409);
    assert.deepEqual(arrayAt(r.body, 'details.causes').map((c) => at(c, 'field')), ['.data.a', '.data.b']);
    assert.match(String(r.body.message), /^Apply failed with 2 conflicts: conflicts with "owner":\n- \.data\.a\n- \.data\.b$/);
  });

  test('rules 5 and 7: the same value is shared; a later change by either conflicts', async () => {
    await api.apply(`${CM}/r7`, cm('r7', { a: '1' }), 'one');
    const shared = await api.apply(`${CM}/r7`, cm('r7', { a: '1' }), 'two');
    assert.equal(shared.status, 200);
    assert.deepEqual(managers(shared.body).sort(), ['one/Apply', 'two/Apply']);
    const change = await api.apply(`${CM}/r7`, cm('r7', { a: '2' }), 'two');
    assert.equal(change.status, 409);
    assert.match(String(change.body.message), /conflict with "one"/);
  });

  test('rule 6: omitting an owned field removes it unless another manager owns it (also map and list items)', async () => {
    await api.apply(`${CM}/r6`, cm('r6', { a: '1', b: '1' }, { l1: 'x', l2: 'y' }), 'solo');
    const dropped = await api.apply(`${CM}/r6`, cm('r6', { a: '1' }, { l1: 'x' }), 'solo');
    assert.deepEqual(at(dropped.body, 'data'), { a: '1' });
    assert.deepEqual(at(dropped.body, 'metadata.labels'), { l1: 'x' });
    await api.apply(`${CM}/r6`, cm('r6', { a: '1', c: '1' }), 'helper');
    const kept = await api.apply(`${CM}/r6`, cm('r6', {}), 'solo');
    assert.deepEqual(at(kept.body, 'data'), { a: '1', c: '1' }, 'a is still owned by helper');
    // List items keyed by name in a Deployment's containers.
    await api.apply(`${DEPLOY}/r6`, deploy('r6', { selector: { matchLabels: { app: 'r6' } }, template: { metadata: { labels: { app: 'r6' } }, spec: { containers: [{ name: 'a', image: 'a:1' }, { name: 'b', image: 'b:1' }] } } }), 'solo');
    const one = await api.apply(`${DEPLOY}/r6`, deploy('r6', { selector: { matchLabels: { app: 'r6' } }, template: { metadata: { labels: { app: 'r6' } }, spec: { containers: [{ name: 'a', image: 'a:1' }] } } }), 'solo');
    assert.equal(one.status, 200, one.text);
    assert.deepEqual(arrayAt(one.body, 'spec.template.spec.containers').map((c) => at(c, 'name')), ['a']);
  });

  test('container conflicts are reported by merge key', async () => {
    await api.apply(`${DEPLOY}/keys`, deploy('keys', { selector: { matchLabels: { app: 'keys' } }, template: template('keys') }), 'team');
    const r = await api.apply(`${DEPLOY}/keys`, deploy('keys', { selector: { matchLabels: { app: 'keys' } }, template: { ...template('keys'), spec: { containers: [{ name: 'nginx', image: 'nginx:2' }] } } }), 'intruder');
    assert.equal(r.status, 409);
    assert.deepEqual(arrayAt(r.body, 'details.causes').map((c) => at(c, 'field')), ['.spec.template.spec.containers[name="nginx"].image']);
  });

  test('rule 9: [{}] clears managedFields; an empty list does not; combined with changes the caller owns them', async () => {
    await api.apply(`${CM}/r9`, cm('r9', { a: '1' }), 'alice');
    const empty = await api.patch(`${CM}/r9`, { metadata: { managedFields: [] } }, 'merge');
    assert.deepEqual(managers(empty.body), ['alice/Apply']);
    const cleared = await api.patch(`${CM}/r9`, { metadata: { managedFields: [{}] } }, 'merge');
    assert.equal(cleared.status, 200);
    assert.equal(arrayAt(cleared.body, 'metadata.managedFields').length, 0);
    await api.apply(`${CM}/r9`, cm('r9', { a: '1' }), 'alice');
    const jp = await api.patch(`${CM}/r9?fieldManager=janitor`, [{ op: 'replace', path: '/metadata/managedFields', value: [{}] }, { op: 'add', path: '/data/b', value: '2' }], 'json');
    assert.equal(jp.status, 200, jp.text);
    assert.deepEqual(managers(jp.body), ['janitor/Update']);
    assert.deepEqual(at(jp.body, 'metadata.managedFields.0.fieldsV1'), { 'f:data': { 'f:b': {} } });
  });

  test('rule 11: controllers apply with force and need no resourceVersion', async () => {
    await api.apply(`${CM}/r11`, cm('r11', { a: '1' }), 'user');
    const r = await api.apply(`${CM}/r11`, cm('r11', { a: 'controller' }), 'controller', { force: true });
    assert.equal(r.status, 200);
    assert.equal(at(r.body, 'data.a'), 'controller');
  });

  test('the ownership transfer example of the spec, end to end', async () => {
    const spec = { replicas: 3, selector: { matchLabels: { app: 'xfer' } }, template: template('xfer') };
    const created = await api.apply(`${DEPLOY}/xfer`, deploy('xfer', spec), 'user');
    assert.equal(created.status, 201, created.text);
    // Hand replicas over: apply only that field with a dedicated manager (same value: shared, no conflict).
    const handover = await api.apply(`${DEPLOY}/xfer`, deploy('xfer', { replicas: 3 }), 'handover-to-hpa');
    assert.equal(handover.status, 200, handover.text);
    assert.deepEqual(managers(handover.body).sort(), ['handover-to-hpa/Apply', 'user/Apply']);
    // The user drops replicas from its config: the field stays, owned by the handover manager.
    const { replicas: _replicas, ...withoutReplicas } = spec;
    const dropped = await api.apply(`${DEPLOY}/xfer`, deploy('xfer', withoutReplicas), 'user');
    assert.equal(dropped.status, 200, dropped.text);
    assert.equal(at(dropped.body, 'spec.replicas'), 3);
    // The controller writes the field (an update through the scale sub-resource): the temporary manager disappears.
    const scaled = await api.patch(`${DEPLOY}/xfer/scale?fieldManager=hpa-controller`, { spec: { replicas: 5 } }, 'merge');
    assert.equal(scaled.status, 200, scaled.text);
    const final = await api.get(`${DEPLOY}/xfer`);
    assert.equal(at(final.body, 'spec.replicas'), 5);
    const names = managers(final.body);
    assert.ok(!names.some((m) => m.startsWith('handover-to-hpa/')), names.join(','));
    assert.ok(names.includes('user/Apply'));
    assert.ok(arrayAt(final.body, 'metadata.managedFields').some((e) => at(e, 'manager') === 'hpa-controller' && at(e, 'subresource') === 'scale'));
    // The user can apply again without touching replicas: no conflict.
    const again = await api.apply(`${DEPLOY}/xfer`, deploy('xfer', withoutReplicas), 'user');
    assert.equal(again.status, 200);
    assert.equal(at(again.body, 'spec.replicas'), 5);
  });
});
