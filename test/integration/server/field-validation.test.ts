// Field validation (fieldValidation=Strict|Warn|Ignore) and typed decoding of write bodies, for
// built-in kinds and custom resources, against test/golden/server/field-validation.txt: status,
// message and Warning headers of each request, in the real API server's words.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at, type ApiResponse, type RequestOptions } from '../../support/api.js';
import { assertGoldenFile } from '../../support/golden.js';
import { createClient } from '../../../src/sdk/client.js';

const CM = '/api/v1/namespaces/fv/configmaps';
const DEPLOY = '/apis/apps/v1/namespaces/fv/deployments';
const WIDGETS = '/apis/example.com/v1/namespaces/fv/widgets';

function deployment(name: string, spec: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name },
    spec: {
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } },
      ...spec,
    },
  };
}

const WIDGET_CRD = {
  apiVersion: 'apiextensions.platform.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com', scope: 'Namespaced', names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
    versions: [{
      name: 'v1', served: true, storage: true,
      schema: {
        openAPIV3Schema: {
          type: 'object',
          properties: {
            spec: {
              type: 'object',
              properties: {
                size: { type: 'integer' },
                extra: { type: 'object', 'x-platform-preserve-unknown-fields': true },
              },
            },
          },
        },
      },
    }],
  },
};

describe('field validation', () => {
  let server: TestServer;
  let api: ApiClient;
  let transcript = '';

  async function call(title: string, method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse> {
    const r = await api.request(method, path, opts);
    const warnings = r.headers.warning === undefined ? [] : String(r.headers.warning).split(/,(?=\s*299 )/).map((w) => w.trim());
    const status = r.status >= 300 ? ` ${String(at(r.body, 'reason'))}: ${String(at(r.body, 'message'))}` : '';
    const entry = `### ${title}\n${method} ${path}\n${r.status}${status}\n${warnings.map((w) => `Warning: ${w}\n`).join('')}\n`;
    // Times, uids and resource versions change from run to run.
    transcript += entry
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/g, '<time>')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uid>')
      .replace(/(resourceVersion\\":\\")\d+/g, '$1<rv>');
    return r;
  }

  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: 'fv' } });
    const crd = await api.post('/apis/apiextensions.platform.io/v1/customresourcedefinitions', WIDGET_CRD);
    assert.equal(crd.status, 201, crd.text);
    for (let i = 0; i < 100; i++) {
      if ((await api.get(`${WIDGETS}`)).status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('unknown fields: Strict refuses, Warn warns and drops, Ignore drops, by default Warn (built-in kinds)', async () => {
    const typo = { metadata: { name: 'typo', labelz: { a: 'b' } }, dataa: { x: 'y' } };
    await call('ConfigMap typo, Strict', 'POST', `${CM}?fieldValidation=Strict`, { body: typo });
    const warn = await call('ConfigMap typo, Warn', 'POST', `${CM}?fieldValidation=Warn`, { body: typo });
    assert.equal(at(warn.body, 'dataa'), undefined);
    assert.equal(at(warn.body, 'metadata.labelz'), undefined);
    await call('ConfigMap typo, Ignore', 'POST', `${CM}?fieldValidation=Ignore`, { body: { ...typo, metadata: { name: 'typo2', labelz: {} } } });
    await call('ConfigMap typo, no directive (Warn)', 'POST', CM, { body: { ...typo, metadata: { name: 'typo3' } } });
    await call('invalid directive', 'POST', `${CM}?fieldValidation=Loud`, { body: { metadata: { name: 'loud' } } });

    await call('Deployment spec.replica, Strict', 'POST', `${DEPLOY}?fieldValidation=Strict`, { body: deployment('typo', { replica: 3 }) });
    const created = await call('Deployment spec.replica, Warn', 'POST', DEPLOY, { body: deployment('typo', { replica: 3 }) });
    assert.equal(at(created.body, 'spec.replica'), undefined);
    assert.equal(at(created.body, 'spec.replicas'), 1);
    await call('unknown field deep in a list item, Strict', 'POST', `${DEPLOY}?fieldValidation=Strict`, {
      body: deployment('deep', { template: { metadata: { labels: { app: 'deep' } }, spec: { containers: [{ name: 'a', image: 'x', imagePullPolicyy: 'Always' }] } } }),
    });
  });

  test('a warning that quotes a client-sent field name with control and non-Latin-1 characters is sent, not a 500 (fuzz seed 1793883015)', async () => {
    const field = 'é✓\u0001\u007fx"y\\z';
    const r = await api.post(CM, { metadata: { name: 'odd-field' }, [field]: 'v' });
    assert.equal(r.status, 201, r.text);
    const seen: string[] = [];
    const client = createClient({ server: server.url, caData: server.caPem, bearerToken: server.adminToken, namespace: 'fv' }, { env: {}, onWarning: (text) => seen.push(text) });
    const configMaps = client.resource({ group: '', version: 'v1', resource: 'configmaps', namespaced: true, kind: 'ConfigMap' }, 'fv');
    await configMaps.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'odd-field-sdk' }, [field]: 'v' });
    // The path is quoted as JSON (\u0001); DEL became a space; é arrives as UTF-8 and ✓, which
    // a Node header cannot carry, as a Go escape.
    assert.deepEqual(seen, ['unknown field "é\\u2713\\u0001 x\\"y\\\\z"']);
  });

  test('values of the wrong type never reach the store, whatever the directive; null map values become empty strings', async () => {
    await call('data with a number', 'POST', `${CM}?fieldValidation=Ignore`, { body: { metadata: { name: 'n' }, data: { a: 1 } } });
    await call('data with an array', 'POST', CM, { body: { metadata: { name: 'n' }, data: { a: [1] } } });
    await call('data with an object', 'POST', CM, { body: { metadata: { name: 'n' }, data: { a: { b: 'c' } } } });
    await call('data that is a list', 'POST', CM, { body: { metadata: { name: 'n' }, data: ['a'] } });
    const nulls = await call('data with null', 'POST', CM, { body: { metadata: { name: 'nulls' }, data: { a: null } } });
    assert.deepEqual(at(nulls.body, 'data'), { a: '' });
    await call('binaryData that is not base64', 'POST', CM, { body: { metadata: { name: 'n' }, binaryData: { a: 'not base64!' } } });
    assert.equal((await api.get(`${CM}/n`)).status, 404, 'nothing malformed was stored');
    await call('binaryData without padding', 'POST', CM, { body: { metadata: { name: 'n' }, binaryData: { a: 'YWJj' + 'ZA' } } });
    await call('replicas as a string', 'POST', DEPLOY, { body: deployment('t1', { replicas: '3' }) });
    await call('replicas as a fraction', 'POST', DEPLOY, { body: deployment('t2', { replicas: 1.5 }) });
    await call('containerPort as a string', 'POST', DEPLOY, {
      body: deployment('t3', { template: { metadata: { labels: { app: 't3' } }, spec: { containers: [{ name: 'a', image: 'x', ports: [{ containerPort: '80' }] }] } } }),
    });
    await call('a label value that is a number', 'POST', CM, { body: { metadata: { name: 'n', labels: { a: 1 } } } });
    await call('a quantity that is not one', 'POST', DEPLOY, {
      body: deployment('t4', { template: { metadata: { labels: { app: 't4' } }, spec: { containers: [{ name: 'a', image: 'x', resources: { limits: { cpu: 'lots' } } }] } } }),
    });
    await call('a timestamp that is not one', 'POST', '/api/v1/namespaces/fv/events', {
      body: { metadata: { name: 'ev' }, involvedObject: { kind: 'Pod', name: 'p' }, firstTimestamp: 'yesterday' },
    });
    const zero = await call('omitempty zero values are not stored', 'POST', DEPLOY, { body: deployment('zero', { paused: false, minReadySeconds: 0, replicas: 0 }) });
    assert.equal(at(zero.body, 'spec.paused'), undefined);
    assert.equal(at(zero.body, 'spec.minReadySeconds'), undefined);
    assert.equal(at(zero.body, 'spec.replicas'), 0);
  });

  test('duplicate fields (JSON and YAML bodies); a YAML body with several documents takes the first', async () => {
    const dup = '{"metadata":{"name":"dup"},"data":{"a":"1","a":"2"}}';
    await call('duplicate map key, Strict', 'POST', `${CM}?fieldValidation=Strict`, { rawBody: dup });
    const warned = await call('duplicate map key, Warn', 'POST', CM, { rawBody: dup });
    assert.deepEqual(at(warned.body, 'data'), { a: '2' });
    const yaml = 'metadata:\n  name: ydup\ndata:\n  a: "1"\n  a: "2"\n';
    await call('duplicate YAML key, Strict', 'POST', `${CM}?fieldValidation=Strict`, { rawBody: yaml, contentType: 'application/yaml' });
    await call('duplicate YAML key, Warn', 'POST', CM, { rawBody: yaml, contentType: 'application/yaml' });
    const multi = 'metadata:\n  name: first\ndata:\n  a: "1"\n---\nmetadata:\n  name: second\n';
    const first = await call('several YAML documents', 'POST', CM, { rawBody: multi, contentType: 'application/yaml' });
    assert.equal(at(first.body, 'metadata.name'), 'first');
  });

  test('a duplicate key on a line of a megabyte is named at once', async () => {
    // The line is scanned once; the pattern it replaced backtracked over white space in cubic time.
    const yaml = `metadata:\n  name: longline\ndata: {${' '.repeat(1 << 20)}a: "1", a: "2"}\n`;
    const started = Date.now();
    const r = await api.request('POST', `${CM}?fieldValidation=Strict`, { rawBody: yaml, contentType: 'application/yaml' });
    assert.ok(Date.now() - started < 10_000, `answered in ${Date.now() - started} ms`);
    assert.equal(r.status, 400, r.text);
    assert.match(String(at(r.body, 'message')), /strict decoding error: yaml: unmarshal errors:\n {2}line 3: key "/);
  });

  test('updates and patches: unknown fields of the result, type errors as 422 on the patch', async () => {
    const base = await api.post(CM, { metadata: { name: 'base' }, data: { a: '1' } });
    assert.equal(base.status, 201, base.text);
    await call('PUT with an unknown field, Strict', 'PUT', `${CM}/base?fieldValidation=Strict`, { body: { ...base.body, extra: true } });
    await call('merge patch with an unknown field, Strict', 'PATCH', `${CM}/base?fieldValidation=Strict`, { body: { dataa: { b: '2' } }, contentType: 'application/merge-patch+json' });
    await call('merge patch with an unknown field, Warn', 'PATCH', `${CM}/base`, { body: { dataa: { b: '2' } }, contentType: 'application/merge-patch+json' });
    await call('strategic merge patch with an unknown field, Strict', 'PATCH', `${CM}/base?fieldValidation=Strict`, { body: { dataa: { b: '2' } }, contentType: 'application/strategic-merge-patch+json' });
    await call('JSON patch adding an unknown field, Strict', 'PATCH', `${CM}/base?fieldValidation=Strict`, {
      body: [{ op: 'add', path: '/dataa', value: 'x', valu: 1 }], contentType: 'application/json-patch+json',
    });
    await call('merge patch with a duplicate key, Strict', 'PATCH', `${CM}/base?fieldValidation=Strict`, { rawBody: '{"data":{"b":"1","b":"2"}}', contentType: 'application/merge-patch+json' });
    await call('merge patch with a wrong type', 'PATCH', `${CM}/base`, { body: { data: { b: 2 } }, contentType: 'application/merge-patch+json' });
    // The API server turns a strategic merge patch's result into its type with the unstructured converter, whose words these are.
    await call('strategic merge patch giving a map a string', 'PATCH', `${CM}/base`, { body: { metadata: { labels: 'invalid' } }, contentType: 'application/strategic-merge-patch+json' });
    await call('strategic merge patch giving a list a map', 'PATCH', `${CM}/base`, { body: { metadata: { finalizers: { a: 1 } } }, contentType: 'application/strategic-merge-patch+json' });
    const stored = await api.get(`${CM}/base`);
    assert.deepEqual(at(stored.body, 'data'), { a: '1' });
  });

  test('server-side apply: unknown fields fail the typed conversion (400); repeated keys follow the directive', async () => {
    await call('apply with an unknown field', 'PATCH', `${CM}/applied?fieldManager=t`, {
      body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'applied' }, dataa: { a: 'b' } }, contentType: 'application/apply-patch+yaml',
    });
    await call('apply with a value of the wrong type', 'PATCH', `${DEPLOY}/applied?fieldManager=t`, {
      body: { ...deployment('applied'), spec: { ...(deployment('applied').spec as object), replicas: 'three' } }, contentType: 'application/apply-patch+yaml',
    });
    const yaml = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: applied\ndata:\n  a: "1"\n  a: "2"\n';
    await call('apply with a repeated key, Strict', 'PATCH', `${CM}/applied?fieldManager=t&fieldValidation=Strict`, { rawBody: yaml, contentType: 'application/apply-patch+yaml' });
    await call('apply with a repeated key, Warn', 'PATCH', `${CM}/applied?fieldManager=t`, { rawBody: yaml, contentType: 'application/apply-patch+yaml' });
  });

  test('custom resources: unknown fields follow the directive and are pruned; preserved fields are kept', async () => {
    const widget = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', labelz: {} }, spec: { size: 1, colour: 'red', extra: { anything: 1 } } };
    await call('Widget with unknown fields, Strict', 'POST', `${WIDGETS}?fieldValidation=Strict`, { body: widget });
    const warned = await call('Widget with unknown fields, Warn', 'POST', WIDGETS, { body: widget });
    assert.equal(at(warned.body, 'spec.colour'), undefined);
    assert.deepEqual(at(warned.body, 'spec.extra'), { anything: 1 });
    await call('Widget merge patch with an unknown field, Strict', 'PATCH', `${WIDGETS}/w?fieldValidation=Strict`, { body: { spec: { shape: 'round' } }, contentType: 'application/merge-patch+json' });
    await call('Widget with a value of the wrong type', 'POST', WIDGETS, { body: { ...widget, metadata: { name: 'w2' }, spec: { size: 'big' } } });
  });

  test('the kinds answered rather than stored (reviews, token requests, bindings, evictions) decode their bodies alike', async () => {
    const SAR = '/apis/authorization.platform.io/v1/subjectaccessreviews';
    const SSAR = '/apis/authorization.platform.io/v1/selfsubjectaccessreviews';
    const attrs = { resourceAttributes: { verb: 'get', resource: 'pods', namespace: 'fv' } };
    await call('SubjectAccessReview spec.user a number', 'POST', SAR, { body: { spec: { user: 5, ...attrs } } });
    await call('SelfSubjectAccessReview unknown field, Strict', 'POST', `${SSAR}?fieldValidation=Strict`, { body: { spec: { ...attrs, verbz: 'x' } } });
    const warned = await call('SelfSubjectAccessReview unknown field, no directive (Warn)', 'POST', SSAR, { body: { spec: { ...attrs, verbz: 'x' } } });
    assert.equal(at(warned.body, 'spec.verbz'), undefined, 'dropped from the answer');
    assert.equal(at(warned.body, 'status.allowed'), true);
    await call('TokenReview spec.token a number', 'POST', '/apis/authentication.platform.io/v1/tokenreviews', { body: { spec: { token: 7 } } });
    await call('TokenRequest spec.expirationSeconds a string', 'POST', '/api/v1/namespaces/fv/serviceaccounts/default/token', { body: { spec: { expirationSeconds: 'long' } } });
    await call('Binding target.name a number', 'POST', '/api/v1/namespaces/fv/pods/p/binding', { body: { metadata: { name: 'p' }, target: { name: 5 } } });
    await call('Eviction deleteOptions.gracePeriodSeconds a string', 'POST', '/api/v1/namespaces/fv/pods/p/eviction', {
      body: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'p' }, deleteOptions: { gracePeriodSeconds: 'soon' } },
    });
  });

  test('a delete body is DeleteOptions: a precondition or grace period of the wrong type refuses the delete', async () => {
    assert.equal((await api.post(CM, { metadata: { name: 'keep' } })).status, 201);
    await call('DELETE, preconditions.uid a number', 'DELETE', `${CM}/keep`, { body: { preconditions: { uid: 123 } } });
    await call('DELETE, gracePeriodSeconds a string', 'DELETE', `${CM}/keep`, { body: { gracePeriodSeconds: 'soon' } });
    assert.equal((await api.get(`${CM}/keep`)).status, 200, 'not deleted');
    const gone = await call('DELETE, DeleteOptions that decode', 'DELETE', `${CM}/keep`, { body: { kind: 'DeleteOptions', apiVersion: 'v1', gracePeriodSeconds: 0 } });
    assert.equal(gone.status, 200);
  });

  test('transcript', async () => {
    await assertGoldenFile('server/field-validation.txt', transcript);
  });
});
