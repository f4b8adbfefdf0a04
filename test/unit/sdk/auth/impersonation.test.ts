import { test } from 'node:test';
import assert from 'node:assert/strict';
import { headerKeyEscape, impersonationHeaders } from '../../../../src/sdk/auth/impersonation.js';
import { createClient } from '../../../../src/sdk/client.js';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import { RecordingServer } from '../../../support/recording-server.js';
import { configFor } from '../transport/helpers.js';

test('headerKeyEscape percent-encodes what a header name cannot carry, and % itself', () => {
  assert.equal(headerKeyEscape('scopes'), 'scopes');
  assert.equal(headerKeyEscape('example.org/team'), 'example.org%2Fteam');
  assert.equal(headerKeyEscape('a b'), 'a%20b');
  assert.equal(headerKeyEscape('100%'), '100%25');
  assert.equal(headerKeyEscape('ünï'), '%C3%BCn%C3%AF');
  assert.equal(headerKeyEscape("tok!#$&'*+-.^_`|~"), "tok!#$&'*+-.^_`|~");
});

test('impersonationHeaders: user, uid, one group header per group, one extra header per value', () => {
  assert.deepEqual(impersonationHeaders({ user: 'jane', uid: '1234', groups: ['devs', 'ops'], extra: { 'example.org/scopes': ['view', 'edit'], empty: [] } }), {
    'Impersonate-User': 'jane',
    'Impersonate-Uid': '1234',
    'Impersonate-Group': ['devs', 'ops'],
    'Impersonate-Extra-example.org%2Fscopes': ['view', 'edit'],
  });
  assert.deepEqual(impersonationHeaders(undefined), {});
  assert.deepEqual(impersonationHeaders({ groups: [] }), {});
});

test('on the wire: repeated Impersonate-Group headers (not comma-joined) and percent-encoded extra keys', async () => {
  const server = await RecordingServer.start();
  try {
    const client = createClient(configFor(server, {
      bearerToken: 'secret',
      impersonate: { user: 'system:serviceaccount:ns:sa', groups: ['system:authenticated', 'team, with comma'], uid: 'u-1', extra: { 'acme.io/reason': ['audit', 'debug'] } },
    }), { env: {} });
    await client.getRaw('/api');
    const lines = server.requests[0]?.headerLines ?? [];
    const named = (name: string): string[] => lines.filter(([k]) => k.toLowerCase() === name.toLowerCase()).map(([, v]) => v);
    assert.deepEqual(named('Impersonate-User'), ['system:serviceaccount:ns:sa']);
    assert.deepEqual(named('Impersonate-Group'), ['system:authenticated', 'team, with comma']);
    assert.deepEqual(named('Impersonate-Uid'), ['u-1']);
    assert.deepEqual(named('Impersonate-Extra-acme.io%2Freason'), ['audit', 'debug']);
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});
