/**
 * The stream sub-resources are CONNECT operations of the local server: RBAC checks `create` on
 * `pods/exec` (and `get` on `pods/log`), an admission webhook sees operation CONNECT with the
 * options object, and the audit log records each session.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { allow, deny, startAdmissionWebhook, type AdmissionWebhook } from '../support/webhook.js';
import { openStreamsEnv, programPod, SKIP_NODE, waitFor, type StreamsEnv } from './streams-support.js';

const NS = 'streams-access';

describe('stream access: RBAC, admission, audit', { skip: SKIP_NODE }, () => {
  let s: StreamsEnv;
  let hook: AdmissionWebhook;
  let auditPath: string;
  before(async () => {
    hook = await startAdmissionWebhook((c) => {
      const command = (c.request.object as { command?: string[] } | undefined)?.command ?? [];
      return command.includes('forbidden-by-webhook') ? deny(c.review, 403, 'no such commands here') : allow(c.review);
    });
    auditPath = join(process.env.TMPDIR ?? '/tmp', `streams-audit-${process.pid}-${Date.now()}.log`);
    s = await openStreamsEnv(NS, { admission: { auditLogPath: auditPath }, authorization: { modes: ['RBAC'] } });
    await s.runPod(programPod('box', "console.log('a log line'); setInterval(() => {}, 1000)"));
    // A user who may read pods and their logs, but not exec into them.
    await s.api.post(`/apis/rbac.authorization.platform.io/v1/namespaces/${NS}/roles`, {
      metadata: { name: 'reader' }, rules: [{ apiGroups: [''], resources: ['pods', 'pods/log'], verbs: ['get', 'list'] }],
    });
    await s.api.post(`/apis/rbac.authorization.platform.io/v1/namespaces/${NS}/rolebindings`, {
      metadata: { name: 'reader' }, roleRef: { apiGroup: 'rbac.authorization.platform.io', kind: 'Role', name: 'reader' }, subjects: [{ kind: 'User', name: 'reader', apiGroup: 'rbac.authorization.platform.io' }],
    });
  });
  after(async () => {
    await s?.close();
    await hook?.stop();
  });

  test('RBAC: a user with get on pods/log reads logs and is denied pods/exec and pods/portforward', async () => {
    // The pod runs before its first line has reached the log: read until it has.
    const logs = await waitFor('the pod\'s first log line', async () => {
      const r = await s.cli(['logs', 'box', '--as=reader']);
      return r.code !== 0 || r.stdout !== '' ? r : undefined;
    });
    assert.deepEqual(logs, { code: 0, stdout: 'a log line\n', stderr: '' });
    const exec = await s.cli(['exec', 'box', '--as=reader', '--', 'true']);
    assert.equal(exec.code, 1);
    // The upgrade is a GET: a user without get is refused by the request's own check, one with get
    // but not create by the extra create check (as with AuthorizePodWebsocketUpgradeCreatePermission).
    assert.match(exec.stderr, new RegExp(`^Error from server \\(Forbidden\\): pods "box" is forbidden: User "reader" cannot (get|create) resource "pods/exec" in API group "" in the namespace "${NS}"\\n$`));
    const attach = await s.cli(['attach', 'box', '--as=reader']);
    assert.equal(attach.code, 1);
    assert.match(attach.stderr, /cannot (get|create) resource "pods\/attach"/);
    const pf = await s.cli(['port-forward', 'box', '9', '--as=reader']);
    assert.equal(pf.code, 1);
    assert.match(pf.stderr, /cannot (get|create) resource "pods\/portforward"/);
    // With get on pods/exec but not create, the upgrade is still refused.
    await s.api.post(`/apis/rbac.authorization.platform.io/v1/namespaces/${NS}/roles`, {
      metadata: { name: 'exec-get' }, rules: [{ apiGroups: [''], resources: ['pods', 'pods/exec'], verbs: ['get'] }],
    });
    await s.api.post(`/apis/rbac.authorization.platform.io/v1/namespaces/${NS}/rolebindings`, {
      metadata: { name: 'exec-get' }, roleRef: { apiGroup: 'rbac.authorization.platform.io', kind: 'Role', name: 'exec-get' }, subjects: [{ kind: 'User', name: 'getter', apiGroup: 'rbac.authorization.platform.io' }],
    });
    const getter = await s.cli(['exec', 'box', '--as=getter', '--', 'true']);
    assert.equal(getter.stderr, `Error from server (Forbidden): pods "box" is forbidden: User "getter" cannot create resource "pods/exec" in API group "" in the namespace "${NS}"\n`);
  });

  test('an admission webhook sees CONNECT with the PodExecOptions and can refuse', async () => {
    await s.api.post('/apis/admissionregistration.platform.io/v1/validatingwebhookconfigurations', {
      metadata: { name: 'exec-guard' },
      webhooks: [{
        name: 'exec.guard.example.com', sideEffects: 'None', admissionReviewVersions: ['v1'], timeoutSeconds: 5,
        clientConfig: { url: `${hook.url}/exec`, caBundle: hook.caBundle },
        rules: [{ operations: ['CONNECT'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods/exec', 'pods/attach', 'pods/portforward'] }],
      }],
    });
    const ok = await waitFor('the webhook to be in effect', async () => {
      const r = await s.cli(['exec', 'box', '--', 'echo', 'allowed']);
      return hook.calls.length > 0 ? r : undefined;
    });
    assert.deepEqual(ok, { code: 0, stdout: 'allowed\n', stderr: '' });
    const call = hook.calls.at(-1);
    assert.equal(call?.request.operation, 'CONNECT');
    assert.equal((call?.request.resource as { resource?: string }).resource, 'pods');
    assert.equal(call?.request.subResource, 'exec');
    assert.equal(call?.request.name, 'box');
    assert.equal(call?.request.namespace, NS);
    assert.equal((call?.request.object as { kind?: string }).kind, 'PodExecOptions');
    assert.deepEqual((call?.request.object as { command?: string[] }).command, ['echo', 'allowed']);
    const refused = await s.cli(['exec', 'box', '--', 'forbidden-by-webhook']);
    assert.equal(refused.code, 1);
    assert.equal(refused.stderr, 'Error from server: admission webhook "exec.guard.example.com" denied the request: no such commands here\n');
  });

  test('the audit log records exec and log requests with their sub-resource and the user', async () => {
    await s.cli(['exec', 'box', '--', 'true']);
    const events = await waitFor('audit events', async () => {
      const lines = (await readFile(auditPath, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
      const streams = lines.filter((e) => (e.objectRef as { subresource?: string } | undefined)?.subresource !== undefined);
      return streams.some((e) => (e.objectRef as { subresource?: string }).subresource === 'exec' && e.stage === 'ResponseComplete') ? streams : undefined;
    });
    const ref = (e: Record<string, unknown>): { subresource?: string; name?: string; namespace?: string; resource?: string } => e.objectRef as { subresource?: string };
    const exec = events.filter((e) => ref(e).subresource === 'exec');
    // A WebSocket upgrade is a GET: the request's verb is get (the create check is an extra authorization).
    assert.ok(exec.some((e) => e.verb === 'get' && ref(e).name === 'box' && ref(e).namespace === NS && ref(e).resource === 'pods'));
    assert.ok(exec.some((e) => (e.responseStatus as { code?: number }).code === 101), 'the session is recorded as switching protocols');
    assert.ok(exec.some((e) => (e.user as { username?: string }).username === 'reader' && (e.responseStatus as { code?: number }).code === 403), 'the denied exec is recorded');
    assert.ok(events.some((e) => ref(e).subresource === 'log' && e.verb === 'get'));
  });
});
