/**
 * Printing of `auth can-i` and `auth whoami` for answers the local server does not give on its
 * own (reasons, evaluation errors, incomplete and mixed rule lists, extras, older API versions),
 * against a recording server; the requests the commands send are checked too.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import { RecordingServer, type RecordedRequest, type ScriptedResponse } from '../../../support/recording-server.js';
import { assertGolden } from '../../../e2e/writes-golden.js';
import { transcript, writeConfig } from './support.js';

let server: RecordingServer;
let home: string;
let respond: (req: RecordedRequest) => ScriptedResponse;

const RULES = {
  apiVersion: 'authorization.platform.io/v1',
  kind: 'SelfSubjectRulesReview',
  spec: {},
  status: {
    resourceRules: [
      { verbs: ['create'], apiGroups: ['authorization.platform.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'] },
      { verbs: ['get', 'list'], apiGroups: [''], resources: ['configmaps'] },
      { verbs: ['watch'], apiGroups: [''], resources: ['configmaps'] },
      { verbs: ['get'], apiGroups: [''], resources: ['secrets'], resourceNames: ['b', 'a'] },
      { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
      { verbs: ['get', 'update'], apiGroups: ['apps'], resources: ['deployments/scale'] },
      { verbs: ['get'], resources: ['no-groups-never-matches'] },
    ],
    nonResourceRules: [
      { verbs: ['get'], nonResourceURLs: ['/version', '/healthz'] },
      { verbs: ['*'], nonResourceURLs: ['*'] },
    ],
    incomplete: true,
    evaluationError: 'webhook authorizer does not support user rule resolution',
  },
};

before(async () => {
  server = await RecordingServer.start({ responder: (req) => respond(req) });
  home = await mkdtemp(join(tmpdir(), 'auth-print-'));
  await writeConfig(home, server, 'tok');
});
after(async () => {
  await closeAllDispatchers();
  await server.close();
  await rm(home, { recursive: true, force: true });
});

function body(req: RecordedRequest): Record<string, unknown> {
  return JSON.parse(req.body.toString('utf8')) as Record<string, unknown>;
}

test('can-i --list: broken down, compacted, sorted as kubectl; incomplete lists warn', async () => {
  respond = () => ({ status: 201, body: RULES });
  const text = await transcript(home, [['auth', 'can-i', '--list'], ['auth', 'can-i', '--list', '--no-headers', '-n', 'team-a']]);
  await assertGolden('auth', 'can-i-list', text);
  const [first, second] = server.requests.slice(-2);
  assert.equal(first?.method, 'POST');
  assert.equal(first?.path, '/apis/authorization.platform.io/v1/selfsubjectrulesreviews');
  assert.deepEqual(body(first as RecordedRequest), { apiVersion: 'authorization.platform.io/v1', kind: 'SelfSubjectRulesReview', spec: { namespace: 'default' } });
  assert.deepEqual((body(second as RecordedRequest).spec as Record<string, unknown>).namespace, 'team-a');
});

test('can-i prints the reason and evaluation error after "no", and sends non-resource attributes', async () => {
  respond = (req) => {
    const spec = body(req).spec as { nonResourceAttributes?: { path?: string } };
    const allowed = spec.nonResourceAttributes?.path === '/healthz';
    return { status: 201, body: { ...body(req), status: allowed ? { allowed } : { allowed, reason: 'RBAC: no rule', evaluationError: 'role "x" not found' } } };
  };
  const text = await transcript(home, [['auth', 'can-i', 'get', '/healthz'], ['auth', 'can-i', 'post', '/logs/'], ['auth', 'can-i', 'frob', '/logs/', '-q']]);
  await assertGolden('auth', 'can-i-reasons', text);
  const sent = body(server.requests.at(-3) as RecordedRequest);
  assert.deepEqual(sent, { apiVersion: 'authorization.platform.io/v1', kind: 'SelfSubjectAccessReview', spec: { nonResourceAttributes: { verb: 'get', path: '/healthz' } } });
});

test('whoami prints username, UID, groups and sorted extras; falls back to older versions; explains 403 and 404', async () => {
  const user = { username: 'jane', uid: 'u-1', groups: ['a', 'system:authenticated'], extra: { 'scopes.platform.io/b': ['x', 'y'], a: ['1'] } };
  respond = (req) => req.path.includes('/v1/')
    ? { status: 404, body: { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'the server could not find the requested resource' } }
    : { status: 201, body: { apiVersion: 'authentication.platform.io/v1beta1', kind: 'SelfSubjectReview', metadata: { creationTimestamp: null }, status: { userInfo: user } } };
  let text = await transcript(home, [['auth', 'whoami']]);
  const paths = server.requests.slice(-2).map((r) => r.path);
  assert.deepEqual(paths, ['/apis/authentication.platform.io/v1/selfsubjectreviews', '/apis/authentication.platform.io/v1beta1/selfsubjectreviews']);
  respond = () => ({ status: 404, body: { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'not found' } });
  text += await transcript(home, [['auth', 'whoami']]);
  respond = () => ({ status: 403, body: { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Forbidden', code: 403, message: 'forbidden' } });
  text += await transcript(home, [['auth', 'whoami']]);
  await assertGolden('auth', 'whoami-printing', text);
});

test('create token sends the TokenRequest the flags describe and prints the bare token', async () => {
  respond = (req) => ({ status: 201, body: { ...body(req), status: { token: 'the.token.value', expirationTimestamp: '2026-01-01T01:00:00Z' } } });
  const text = await transcript(home, [['create', 'token', 'robot', '-n', 'ns1', '--duration', '1h', '--audience', 'a', '--audience', 'b', '--bound-object-kind', 'Secret', '--bound-object-name', 's', '--bound-object-uid', 'u-1'], ['create', 'token', 'robot', '-o', 'yaml']]);
  await assertGolden('auth', 'create-token', text);
  const [first, second] = server.requests.slice(-2);
  assert.equal(first?.path, '/api/v1/namespaces/ns1/serviceaccounts/robot/token');
  assert.deepEqual(body(first as RecordedRequest), {
    apiVersion: 'authentication.platform.io/v1', kind: 'TokenRequest', metadata: {},
    spec: { audiences: ['a', 'b'], expirationSeconds: 3600, boundObjectRef: { kind: 'Secret', apiVersion: 'v1', name: 's', uid: 'u-1' } },
  });
  assert.equal(second?.path, '/api/v1/namespaces/default/serviceaccounts/robot/token');
  assert.deepEqual(body(second as RecordedRequest).spec, {});
  respond = (req) => ({ status: 201, body: { ...body(req), status: { token: '' } } });
  await assertGolden('auth', 'create-token-empty', await transcript(home, [['create', 'token', 'robot']]));
});
