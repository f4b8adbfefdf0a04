import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at } from '../../support/api.js';
import type { AuthenticationResult, AuthorizationAttributes, AuthorizationDecision } from '../../../src/server/index.js';

describe('request pipeline stages: authentication, authorization, admission', () => {
  let server: TestServer;
  let admin: ApiClient;
  let alice: ApiClient;
  const seen: string[] = [];
  before(async () => {
    server = await startTestServer({
      authenticators: [{
        authenticate(req: IncomingMessage): AuthenticationResult {
          return req.headers.authorization === 'Bearer alice-token'
            ? { kind: 'user', user: { username: 'alice', groups: ['system:authenticated'] } }
            : { kind: 'none' };
        },
      }],
      authorizers: [{
        authorize(a: AuthorizationAttributes): AuthorizationDecision {
          if (a.user.username === 'alice' && a.verb === 'delete') return { decision: 'deny', reason: 'alice may not delete' };
          return { decision: 'allow' };
        },
      }],
      admissionPlugins: [{
        name: 'Recorder',
        admit(attrs) {
          seen.push(`${attrs.operation} ${attrs.def.plural} ${attrs.user.username}${attrs.dryRun ? ' dry' : ''}`);
          if (attrs.object !== undefined && attrs.def.plural === 'configmaps') {
            const meta = (attrs.object.metadata ?? {}) as Record<string, unknown>;
            meta.annotations = { ...((meta.annotations ?? {}) as Record<string, string>), admitted: 'yes' };
            attrs.object.metadata = meta as typeof attrs.object.metadata;
          }
        },
      }],
    });
    admin = new ApiClient(server);
    alice = new ApiClient(server, 'alice-token');
  });
  after(async () => {
    admin.close();
    alice.close();
    await server.stop();
  });

  test('extra authenticators; an invalid token stays 401', async () => {
    const r = await alice.post('/api/v1/namespaces/default/configmaps', { metadata: { name: 'by-alice' } });
    assert.equal(r.status, 201, r.text);
    assert.equal((await admin.get('/api/v1/namespaces', { token: 'wrong' })).status, 401);
  });

  test('authorization denials are 403 with the API server wording', async () => {
    const r = await alice.delete('/api/v1/namespaces/default/configmaps/by-alice');
    assert.equal(r.status, 403);
    assert.equal(r.body.reason, 'Forbidden');
    assert.equal(r.body.message, 'configmaps "by-alice" is forbidden: User "alice" cannot delete resource "configmaps" in API group "" in the namespace "default": alice may not delete');
    assert.deepEqual(at(r.body, 'details'), { name: 'by-alice', kind: 'configmaps' });
    assert.equal((await admin.delete('/api/v1/namespaces/default/configmaps/by-alice')).status, 200);
  });

  test('mutating admission plugins see every write and may change the object', async () => {
    const r = await admin.post('/api/v1/namespaces/default/configmaps?dryRun=All', { metadata: { name: 'dry' } });
    assert.equal(at(r.body, 'metadata.annotations.admitted'), 'yes');
    assert.ok(seen.includes('CREATE configmaps alice'));
    assert.ok(seen.includes('DELETE configmaps admin'));
    assert.ok(seen.includes('CREATE configmaps admin dry'));
  });
});
