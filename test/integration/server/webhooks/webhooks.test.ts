import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { ApiClient, at, type Body } from '../../../support/api.js';
import { allow, deny, patch, reply, startAdmissionWebhook, type AdmissionWebhook, type ReceivedReview, type WebhookReply } from '../../../support/webhook.js';

const ADM = '/apis/admissionregistration.platform.io';

describe('admission webhooks', () => {
  let server: TestServer;
  let api: ApiClient;
  let hook: AdmissionWebhook;
  let dir: string;
  // Each test answers on its own path.
  const answers = new Map<string, (c: ReceivedReview) => WebhookReply | Promise<WebhookReply>>();

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'platformctl-webhooks-'));
    hook = await startAdmissionWebhook((c) => {
      const f = answers.get(c.path.replace(/\?.*$/, ''));
      return f === undefined ? allow(c.review) : f(c);
    }, ['hook.hooks.svc']);
    server = await startTestServer({
      admission: { webhookServiceAddresses: { 'hooks/hook': `127.0.0.1:${hook.port}` }, auditLogPath: join(dir, 'audit.log') },
    });
    api = new ApiClient(server);
  });
  after(async () => {
    api.close();
    await server.stop();
    await hook.stop();
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  });

  /** A namespace labelled for one test, and a webhook entry that only matches configmaps there. */
  async function namespace(name: string): Promise<void> {
    const r = await api.post('/api/v1/namespaces', { metadata: { name, labels: { test: name } } });
    assert.equal(r.status, 201, r.text);
  }

  function entry(name: string, path: string, extra: Body = {}): Body {
    return {
      name, sideEffects: 'None', admissionReviewVersions: ['v1'], timeoutSeconds: 5,
      clientConfig: { url: `${hook.url}${path}`, caBundle: hook.caBundle },
      rules: [{ operations: ['CREATE', 'UPDATE', 'DELETE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
      namespaceSelector: { matchLabels: { test: path.slice(1) } },
      ...extra,
    };
  }

  async function configure(kind: 'mutating' | 'validating', name: string, webhooks: Body[], version = 'v1'): Promise<void> {
    const plural = `${kind}webhookconfigurations`;
    const r = await api.post(`${ADM}/${version}/${plural}`, { metadata: { name }, webhooks });
    assert.equal(r.status, 201, r.text);
  }

  const cm = (name: string, labels: Record<string, string> = {}): Body => ({ metadata: { name, labels }, data: { a: '1' } });

  test('an allowing validating webhook gets every request field over the first supported review version', async () => {
    await namespace('allow');
    await configure('validating', 'allow', [entry('allow.example.com', '/allow', { admissionReviewVersions: ['v2', 'v1beta1', 'v1'] })]);
    const r = await api.post('/api/v1/namespaces/allow/configmaps', cm('c1'));
    assert.equal(r.status, 201, r.text);
    const call = hook.calls.find((c) => c.path.startsWith('/allow'));
    assert.ok(call !== undefined);
    assert.equal(call.path, '/allow?timeout=5s');
    assert.equal(call.review.apiVersion, 'admission.platform.io/v1beta1');
    assert.equal(call.headers['content-type'], 'application/json');
    const req = call.request;
    assert.match(String(req.uid), /^[0-9a-f-]{36}$/);
    assert.deepEqual(req.kind, { group: '', version: 'v1', kind: 'ConfigMap' });
    assert.deepEqual(req.resource, { group: '', version: 'v1', resource: 'configmaps' });
    assert.deepEqual(req.requestKind, { group: '', version: 'v1', kind: 'ConfigMap' });
    assert.equal(req.name, 'c1');
    assert.equal(req.namespace, 'allow');
    assert.equal(req.operation, 'CREATE');
    assert.equal(at(req, 'userInfo.username'), 'admin');
    assert.equal(at(req, 'object.data.a'), '1');
    assert.equal(req.oldObject, null);
    assert.equal(req.dryRun, false);
    assert.ok(req.options !== null && typeof req.options === 'object');
    // UPDATE carries the old object; DELETE carries no object.
    const u = await api.put('/api/v1/namespaces/allow/configmaps/c1', { ...cm('c1'), data: { a: '2' } });
    assert.equal(u.status, 200, u.text);
    const upd = hook.calls.filter((c) => c.path.startsWith('/allow')).at(-1);
    assert.equal(upd?.request.operation, 'UPDATE');
    assert.equal(at(upd?.request, 'oldObject.data.a'), '1');
    const d = await api.delete('/api/v1/namespaces/allow/configmaps/c1');
    assert.equal(d.status, 200, d.text);
    const del = hook.calls.filter((c) => c.path.startsWith('/allow')).at(-1);
    assert.equal(del?.request.operation, 'DELETE');
    assert.equal(del?.request.object, null);
    assert.equal(at(del?.request, 'oldObject.data.a'), '2');
  });

  test('a denial carries the webhook code and message', async () => {
    await namespace('deny');
    answers.set('/deny', (c) => deny(c.review, 403, 'configmaps are not welcome here', 'Forbidden'));
    await configure('validating', 'deny', [entry('deny.example.com', '/deny')]);
    const r = await api.post('/api/v1/namespaces/deny/configmaps', cm('c1'));
    assert.equal(r.status, 403, r.text);
    assert.equal(r.body.message, 'admission webhook "deny.example.com" denied the request: configmaps are not welcome here');
    assert.equal(r.body.reason, 'Forbidden');
    answers.set('/deny', (c) => reply(c.review, { allowed: false }));
    const bare = await api.post('/api/v1/namespaces/deny/configmaps', cm('c2'));
    assert.equal(bare.status, 400, bare.text);
    assert.equal(bare.body.message, 'admission webhook "deny.example.com" denied the request without explanation');
  });

  test('a mutating webhook patches with JSONPatch and the call is recorded in the audit log', async () => {
    await namespace('mutate');
    answers.set('/mutate', (c) => patch(c.review, [{ op: 'add', path: '/metadata/labels/mutated', value: 'yes' }]));
    await configure('mutating', 'mutate', [entry('mutate.example.com', '/mutate')]);
    const r = await api.post('/api/v1/namespaces/mutate/configmaps', cm('c1', { keep: 'me' }));
    assert.equal(r.status, 201, r.text);
    assert.equal(at(r.body, 'metadata.labels.mutated'), 'yes');
    assert.equal(at(r.body, 'metadata.labels.keep'), 'me');
    // The audit backend writes after the response is sent.
    let event: Body | undefined;
    for (let i = 0; i < 100 && event === undefined; i++) {
      const audit = (await readFile(join(dir, 'audit.log'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Body);
      event = audit.find((e) => at(e, 'objectRef.namespace') === 'mutate' && e.verb === 'create');
      if (event === undefined) await new Promise((r) => setTimeout(r, 20));
    }
    assert.ok(event !== undefined);
    const note = at(event, ['annotations', 'mutation.webhook.admission.platform.io/round_0_index_0']);
    assert.deepEqual(JSON.parse(String(note)), { configuration: 'mutate', webhook: 'mutate.example.com', mutated: true });
    assert.equal(at(event, 'user.username'), 'admin');
    assert.equal(at(event, 'responseStatus.code'), 201);
  });

  test("a mutating webhook's result is decoded as the kind's type: unknown fields dropped, a value of the wrong type refused", async () => {
    await namespace('typed');
    let value: unknown = 'fine';
    answers.set('/typed', (c) => patch(c.review, [{ op: 'add', path: '/data/b', value }, { op: 'add', path: '/spec', value: { replicas: 3 } }]));
    await configure('mutating', 'typed', [entry('typed.example.com', '/typed')]);
    const r = await api.post('/api/v1/namespaces/typed/configmaps', cm('c1'));
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(r.body.data, { a: '1', b: 'fine' });
    assert.equal(r.body.spec, undefined, 'a ConfigMap has no spec');
    value = 5;
    const bad = await api.post('/api/v1/namespaces/typed/configmaps', cm('c2'));
    assert.equal(bad.status, 500, bad.text);
    assert.equal(bad.body.message, 'Internal error occurred: json: cannot unmarshal number into Go struct field ConfigMap.data of type string');
    assert.equal((await api.get('/api/v1/namespaces/typed/configmaps/c2')).status, 404, 'nothing stored');
  });

  test('bad responses fail the request: wrong uid, wrong version, a patch from a validating webhook', async () => {
    await namespace('bad');
    let mode = 'uid';
    answers.set('/bad', (c) => {
      if (mode === 'uid') return { body: { apiVersion: 'admission.platform.io/v1', kind: 'AdmissionReview', response: { uid: 'nope', allowed: true } } };
      if (mode === 'version') return { body: { apiVersion: 'admission.platform.io/v1beta1', kind: 'AdmissionReview', response: { uid: c.request.uid, allowed: true } } };
      return patch(c.review, [{ op: 'add', path: '/metadata/labels/x', value: 'y' }]);
    });
    await configure('validating', 'bad', [entry('bad.example.com', '/bad')]);
    let r = await api.post('/api/v1/namespaces/bad/configmaps', cm('c1'));
    assert.equal(r.status, 500, r.text);
    assert.match(String(r.body.message), /^Internal error occurred: failed calling webhook "bad\.example\.com": received invalid webhook response: expected response\.uid="[0-9a-f-]+", got "nope"$/);
    mode = 'version';
    r = await api.post('/api/v1/namespaces/bad/configmaps', cm('c1'));
    assert.equal(r.status, 500, r.text);
    assert.equal(r.body.message, 'Internal error occurred: failed calling webhook "bad.example.com": received invalid webhook response: expected webhook response of admission.platform.io/v1, Kind=AdmissionReview, got admission.platform.io/v1beta1, Kind=AdmissionReview');
    mode = 'patch';
    r = await api.post('/api/v1/namespaces/bad/configmaps', cm('c1'));
    assert.equal(r.status, 500, r.text);
    assert.equal(r.body.message, 'Internal error occurred: failed calling webhook "bad.example.com": received invalid webhook response: validating webhook may not return response.patch');
  });

  test('timeouts follow failurePolicy: Fail refuses, Ignore lets the request through', async () => {
    await namespace('slow');
    answers.set('/slow', (c) => ({ ...allow(c.review), delayMs: 1500 }));
    await configure('validating', 'slow', [entry('slow.example.com', '/slow', { timeoutSeconds: 1, failurePolicy: 'Fail' })]);
    const started = Date.now();
    const r = await api.post('/api/v1/namespaces/slow/configmaps', cm('c1'));
    assert.equal(r.status, 500, r.text);
    assert.equal(r.body.message, `Internal error occurred: failed calling webhook "slow.example.com": failed to call webhook: Post "${hook.url}/slow?timeout=1s": context deadline exceeded`);
    assert.ok(Date.now() - started < 1400);
    const g = await api.patch(`${ADM}/v1/validatingwebhookconfigurations/slow`, [{ op: 'replace', path: '/webhooks/0/failurePolicy', value: 'Ignore' }], 'json');
    assert.equal(g.status, 200, g.text);
    const ok = await api.post('/api/v1/namespaces/slow/configmaps', cm('c2'));
    assert.equal(ok.status, 201, ok.text);
  });

  test('reinvocation: an IfNeeded webhook runs again after a later webhook changed the object', async () => {
    await namespace('reinvoke');
    answers.set('/reinvoke', (c) => allow(c.review));
    answers.set('/reinvoke-b', (c) => (at(c.request, 'object.metadata.labels.b') === undefined
      ? patch(c.review, [{ op: 'add', path: '/metadata/labels/b', value: 'set' }]) : allow(c.review)));
    const b = entry('b.example.com', '/reinvoke-b');
    b.namespaceSelector = { matchLabels: { test: 'reinvoke' } };
    await configure('mutating', 'reinvoke', [entry('a.example.com', '/reinvoke', { reinvocationPolicy: 'IfNeeded' }), b]);
    // A label is set so that the webhook's `add /metadata/labels/b` has a map to add to: an empty
    // `labels: {}` is omitted (omitempty) before webhooks see the object, as on a real API server.
    const r = await api.post('/api/v1/namespaces/reinvoke/configmaps', cm('c1', { app: 'c1' }));
    assert.equal(r.status, 201, r.text);
    assert.equal(at(r.body, 'metadata.labels.b'), 'set');
    const a = hook.calls.filter((c) => c.path.startsWith('/reinvoke?'));
    assert.equal(a.length, 2);
    assert.equal(at(a[1]?.request, 'object.metadata.labels.b'), 'set');
    assert.equal(hook.calls.filter((c) => c.path.startsWith('/reinvoke-b')).length, 1);
  });

  test('objectSelector matches the object or the old object; namespaceSelector the namespace labels', async () => {
    await namespace('selectors');
    await configure('validating', 'selectors', [entry('sel.example.com', '/selectors', { objectSelector: { matchLabels: { watched: 'true' } } })]);
    answers.set('/selectors', (c) => allow(c.review));
    const count = (): number => hook.calls.filter((c) => c.path.startsWith('/selectors')).length;
    assert.equal((await api.post('/api/v1/namespaces/selectors/configmaps', cm('plain'))).status, 201);
    assert.equal(count(), 0);
    assert.equal((await api.post('/api/v1/namespaces/selectors/configmaps', cm('watched', { watched: 'true' }))).status, 201);
    assert.equal(count(), 1);
    // Removing the label is still seen: the old object matches.
    assert.equal((await api.put('/api/v1/namespaces/selectors/configmaps/watched', cm('watched'))).status, 200);
    assert.equal(count(), 2);
    // Another namespace with the label on the object does not match the namespace selector.
    assert.equal((await api.post('/api/v1/namespaces/default/configmaps', cm('sel-other', { watched: 'true' }))).status, 201);
    assert.equal(count(), 2);
  });

  test('matchPolicy: Exact skips other versions, Equivalent sends the matched version with the request version', async () => {
    await namespace('policy');
    const rules = [{ operations: ['CREATE'], apiGroups: ['policy'], apiVersions: ['v1beta1'], resources: ['poddisruptionbudgets'] }];
    await configure('validating', 'policy', [
      entry('exact.example.com', '/policy-exact', { rules, matchPolicy: 'Exact' }),
      entry('equiv.example.com', '/policy-equiv', { rules, matchPolicy: 'Equivalent', namespaceSelector: { matchLabels: { test: 'policy' } } }),
    ].map((e) => ({ ...e, namespaceSelector: { matchLabels: { test: 'policy' } } })));
    const r = await api.post('/apis/policy/v1/namespaces/policy/poddisruptionbudgets', { metadata: { name: 'p' }, spec: { minAvailable: 1, selector: { matchLabels: { app: 'x' } } } });
    assert.equal(r.status, 201, r.text);
    assert.equal(hook.calls.filter((c) => c.path.startsWith('/policy-exact')).length, 0);
    const eq = hook.calls.filter((c) => c.path.startsWith('/policy-equiv'));
    assert.equal(eq.length, 1);
    assert.deepEqual(eq[0]?.request.kind, { group: 'policy', version: 'v1beta1', kind: 'PodDisruptionBudget' });
    assert.deepEqual(eq[0]?.request.requestKind, { group: 'policy', version: 'v1', kind: 'PodDisruptionBudget' });
    assert.deepEqual(eq[0]?.request.requestResource, { group: 'policy', version: 'v1', resource: 'poddisruptionbudgets' });
    assert.equal(at(eq[0]?.request, 'object.apiVersion'), 'policy/v1beta1');
  });

  test('dry run: webhooks with side effects Unknown or Some refuse it uncalled; None and NoneOnDryRun are called', async () => {
    await namespace('dryrun');
    for (const [i, effects] of ['Unknown', 'Some', 'None', 'NoneOnDryRun'].entries()) {
      const name = `dry${i}.example.com`;
      const e = entry(name, `/dryrun`, { sideEffects: effects });
      e.admissionReviewVersions = ['v1beta1'];
      const r = await api.post(`${ADM}/v1beta1/validatingwebhookconfigurations`, { metadata: { name: `dryrun-${i}` }, webhooks: [e] });
      assert.equal(r.status, 201, r.text);
      const dry = await api.post('/api/v1/namespaces/dryrun/configmaps?dryRun=All', cm(`c${i}`));
      if (effects === 'Unknown' || effects === 'Some') {
        assert.equal(dry.status, 400, dry.text);
        assert.equal(dry.body.message, `admission webhook "${name}" does not support dry run`);
        assert.equal(hook.calls.filter((c) => c.path.startsWith('/dryrun')).length, 0);
      } else {
        assert.equal(dry.status, 201, dry.text);
        const last = hook.calls.filter((c) => c.path.startsWith('/dryrun')).at(-1);
        assert.equal(last?.request.dryRun, true);
      }
      assert.equal((await api.delete(`${ADM}/v1beta1/validatingwebhookconfigurations/dryrun-${i}`)).status, 200);
    }
  });

  test('service references connect to the configured address and check the certificate for <name>.<namespace>.svc', async () => {
    await namespace('service');
    const e = entry('svc.example.com', '/service', {});
    e.clientConfig = { service: { namespace: 'hooks', name: 'hook', port: 8443, path: '/service' }, caBundle: hook.caBundle };
    answers.set('/service', (c) => deny(c.review, 422, 'seen through the service'));
    await configure('validating', 'service', [e]);
    const r = await api.post('/api/v1/namespaces/service/configmaps', cm('c1'));
    assert.equal(r.status, 422, r.text);
    assert.equal(r.body.message, 'admission webhook "svc.example.com" denied the request: seen through the service');
    // A CA that did not sign the webhook's certificate is a call failure.
    const other = await startAdmissionWebhook((c) => allow(c.review));
    await api.patch(`${ADM}/v1/validatingwebhookconfigurations/service`, [{ op: 'replace', path: '/webhooks/0/clientConfig/caBundle', value: other.caBundle }], 'json');
    await other.stop();
    const bad = await api.post('/api/v1/namespaces/service/configmaps', cm('c2'));
    assert.equal(bad.status, 500, bad.text);
    assert.match(String(bad.body.message), /failed calling webhook "svc\.example\.com": failed to call webhook: Post "https:\/\/hook\.hooks\.svc:8443\/service\?timeout=5s": /);
  });

  test('configurations are validated per version and v1beta1 gets its own defaults', async () => {
    const bad = await api.post(`${ADM}/v1/validatingwebhookconfigurations`, { metadata: { name: 'invalid' }, webhooks: [{
      name: 'x.example.com', sideEffects: 'Unknown', timeoutSeconds: 31, admissionReviewVersions: [],
      clientConfig: { url: 'http://u:p@example.com/x?a=b#f' }, rules: [{ operations: ['CREATE', '*'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'], scope: 'Everywhere' }],
    }] });
    assert.equal(bad.status, 422, bad.text);
    const msg = String(bad.body.message);
    for (const part of [
      'webhooks[0].sideEffects: Unsupported value: "Unknown": supported values: "None", "NoneOnDryRun"',
      'webhooks[0].timeoutSeconds: Invalid value: 31: the timeout value must be between 1 and 30 seconds',
      'webhooks[0].admissionReviewVersions: Required value: must specify one of v1, v1beta1',
      "webhooks[0].clientConfig.url: Invalid value: \"http\": 'https' is the only allowed URL scheme",
      'user information is not permitted in the URL', 'fragments are not permitted in the URL', 'query parameters are not permitted in the URL',
      "webhooks[0].rules[0].operations: Invalid value: [\"CREATE\",\"*\"]: if '*' is present, must not specify other operations",
      'webhooks[0].rules[0].scope: Unsupported value: "Everywhere"',
    ]) assert.ok(msg.includes(part), `${part}\n in ${msg}`);
    const beta = await api.post(`${ADM}/v1beta1/mutatingwebhookconfigurations`, { metadata: { name: 'beta-defaults' }, webhooks: [{
      name: 'beta.example.com', clientConfig: { service: { namespace: 'hooks', name: 'hook' } },
    }] });
    assert.equal(beta.status, 201, beta.text);
    assert.equal(beta.headers.warning, '299 - "admissionregistration.platform.io/v1beta1 MutatingWebhookConfiguration is deprecated in v1.16+, unavailable in v1.22+; use admissionregistration.platform.io/v1 MutatingWebhookConfiguration"');
    const w = at(beta.body, 'webhooks.0');
    assert.equal(at(w, 'failurePolicy'), 'Ignore');
    assert.equal(at(w, 'matchPolicy'), 'Exact');
    assert.equal(at(w, 'timeoutSeconds'), 30);
    assert.equal(at(w, 'sideEffects'), 'Unknown');
    assert.deepEqual(at(w, 'admissionReviewVersions'), ['v1beta1']);
    assert.equal(at(w, 'reinvocationPolicy'), 'Never');
    assert.equal(at(w, 'clientConfig.service.port'), 443);
    // Read through v1, the same object.
    const v1 = await api.get(`${ADM}/v1/mutatingwebhookconfigurations/beta-defaults`);
    assert.equal(v1.body.apiVersion, 'admissionregistration.platform.io/v1');
    assert.equal(at(v1.body, 'webhooks.0.sideEffects'), 'Unknown');
    assert.equal(v1.headers.warning, undefined);
    const v1defaults = await api.post(`${ADM}/v1/validatingwebhookconfigurations`, { metadata: { name: 'v1-defaults' }, webhooks: [{
      name: 'v1.example.com', sideEffects: 'None', admissionReviewVersions: ['v1'], clientConfig: { url: 'https://example.com/x' },
    }] });
    assert.equal(v1defaults.status, 201, v1defaults.text);
    assert.equal(at(v1defaults.body, 'webhooks.0.failurePolicy'), 'Fail');
    assert.equal(at(v1defaults.body, 'webhooks.0.matchPolicy'), 'Equivalent');
    assert.equal(at(v1defaults.body, 'webhooks.0.timeoutSeconds'), 10);
  });
});
