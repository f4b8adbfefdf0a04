/**
 * `auth can-i`, `auth whoami` and `create token` against the local server with RBAC: the reviews
 * and the TokenRequest are the server's, the printing is golden-tested.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import { ApiClient } from '../../../support/api.js';
import { runCli } from '../../../support/cli.js';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { assertGolden } from '../../../e2e/writes-golden.js';
import { transcript, writeConfig } from './support.js';

let server: TestServer;
let admin: ApiClient;
let bobHome: string;
let adminHome: string;

before(async () => {
  server = await startTestServer({
    authorization: { modes: ['RBAC'] },
    authentication: { tokens: [{ token: 'bob-token', username: 'bob', uid: 'bob-uid', groups: ['devs'] }] },
  });
  admin = new ApiClient(server);
  assert.equal((await admin.post('/api/v1/namespaces', { metadata: { name: 'team-a' } })).status, 201);
  const rbac = '/apis/rbac.authorization.platform.io/v1';
  const created = [
    await admin.post(`${rbac}/namespaces/team-a/roles`, {
      metadata: { name: 'cm' },
      rules: [
        { apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list'] },
        { apiGroups: [''], resources: ['secrets'], verbs: ['get'], resourceNames: ['token'] },
        { apiGroups: ['apps'], resources: ['deployments', 'deployments/scale'], verbs: ['get', 'update'] },
      ],
    }),
    await admin.post(`${rbac}/namespaces/team-a/rolebindings`, {
      metadata: { name: 'bob-cm' },
      roleRef: { apiGroup: 'rbac.authorization.platform.io', kind: 'Role', name: 'cm' },
      subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.platform.io', name: 'bob' }],
    }),
    await admin.post('/api/v1/namespaces/team-a/serviceaccounts', { metadata: { name: 'robot' } }),
  ];
  for (const r of created) assert.equal(r.status, 201, r.text);
  await server.settle();
  bobHome = await mkdtemp(join(tmpdir(), 'auth-bob-'));
  adminHome = await mkdtemp(join(tmpdir(), 'auth-admin-'));
  await writeConfig(bobHome, server, 'bob-token');
  await writeConfig(adminHome, server, server.adminToken);
});

after(async () => {
  admin.close();
  await closeAllDispatchers();
  await server.stop();
  await rm(bobHome, { recursive: true, force: true });
  await rm(adminHome, { recursive: true, force: true });
});

test('auth can-i as an RBAC user: yes/no, exit codes, names, subresources, warnings, usage errors', async () => {
  const text = await transcript(bobHome, [
    ['auth', 'can-i', 'get', 'configmaps', '-n', 'team-a'],
    ['auth', 'can-i', 'delete', 'configmaps', '-n', 'team-a'],
    ['auth', 'can-i', 'list', 'cm', '-n', 'team-a'],
    ['auth', 'can-i', 'get', 'configmaps', '-A'],
    ['auth', 'can-i', 'get', 'secrets/token', '-n', 'team-a'],
    ['auth', 'can-i', 'get', 'secrets/other', '-n', 'team-a'],
    ['auth', 'can-i', 'get', 'secrets', 'token', '-n', 'team-a'],
    ['auth', 'can-i', 'get', 'secrets/token', 'token', '-n', 'team-a'],
    ['auth', 'can-i', 'update', 'deployments.apps', '--subresource', 'scale', '-n', 'team-a'],
    ['auth', 'can-i', 'update', 'deployments', '--subresource', 'status', '-n', 'team-a'],
    ['auth', 'can-i', 'get', 'configmaps', '-n', 'team-a', '-q'],
    ['auth', 'can-i', 'get', 'foos', '-n', 'team-a'],
    ['auth', 'can-i', 'get', 'foos.example.com', '-n', 'team-a'],
    ['auth', 'can-i', 'list', 'nodes'],
    ['auth', 'can-i', 'frob', 'configmaps', '-n', 'team-a'],
    ['auth', 'can-i', 'get', '/version'],
    ['auth', 'can-i', 'get', '/logs/'],
    ['auth', 'can-i', 'get', '/logs/', '--subresource', 'x'],
    ['auth', 'can-i', 'get'],
    ['auth', 'can-i', '--list', 'pods'],
    ['auth', 'can-i', '--list', '-A'],
    ['auth', 'can-i', 'get', 'pods', '--no-headers'],
  ]);
  await assertGolden('auth', 'can-i-rbac', text);
});

test('auth can-i --list shows the user\'s rules in the namespace', async () => {
  const r = await runCli(['auth', 'can-i', '--list', '-n', 'team-a'], { home: bobHome });
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n');
  assert.match(lines[0] ?? '', /^Resources +Non-Resource URLs +Resource Names +Verbs$/);
  assert.ok(lines.some((l) => /^configmaps +\[\] +\[\] +\[get list\]$/.test(l)), r.stdout);
  assert.ok(lines.some((l) => /^secrets +\[\] +\[token\] +\[get\]$/.test(l)), r.stdout);
  assert.ok(lines.some((l) => /^deployments\.apps\/scale +\[\] +\[\] +\[get update\]$/.test(l)), r.stdout);
});

test('auth whoami as a token user and as the admin, table and -o json|yaml', async () => {
  await assertGolden('auth', 'whoami-local', await transcript(bobHome, [
    ['auth', 'whoami'],
    ['auth', 'whoami', '-o', 'yaml'],
    ['auth', 'whoami', '-o', 'json'],
    ['auth', 'whoami', 'extra'],
  ]));
  const asAdmin = await runCli(['auth', 'whoami'], { home: adminHome });
  assert.equal(asAdmin.code, 0, asAdmin.stderr);
  assert.match(asAdmin.stdout, /^ATTRIBUTE +VALUE\nUsername +admin\n/);
});

test('create token asks the server for a service-account token', async () => {
  const plain = await runCli(['create', 'token', 'robot', '-n', 'team-a', '--duration', '10m', '--audience', 'https://example.com'], { home: adminHome });
  assert.equal(plain.code, 0, plain.stderr);
  assert.doesNotMatch(plain.stdout, /\n/, 'no newline when stdout is not a terminal');
  const claims = decodeJwt(plain.stdout);
  assert.equal(claims.sub, 'system:serviceaccount:team-a:robot');
  assert.deepEqual(claims.aud, ['https://example.com']);
  assert.equal((claims.exp ?? 0) - (claims.iat ?? 0), 600);
  const tty = await runCli(['create', 'token', 'robot', '-n', 'team-a'], { home: adminHome, stdoutIsTTY: true });
  assert.match(tty.stdout, /^[\w-]+\.[\w-]+\.[\w-]+\n$/);
  const json = await runCli(['create', 'token', 'robot', '-n', 'team-a', '-o', 'json'], { home: adminHome });
  const obj = JSON.parse(json.stdout) as { kind: string; apiVersion: string; status: { token: string } };
  assert.equal(obj.kind, 'TokenRequest');
  assert.equal(obj.apiVersion, 'authentication.platform.io/v1');
  // The token works: whoami with it is the service account.
  const saHome = await mkdtemp(join(tmpdir(), 'auth-sa-'));
  try {
    await writeConfig(saHome, server, obj.status.token);
    const who = await runCli(['auth', 'whoami'], { home: saHome });
    assert.match(who.stdout, /Username +system:serviceaccount:team-a:robot\n/);
  } finally {
    await rm(saHome, { recursive: true, force: true });
  }
  await assertGolden('auth', 'create-token-errors', await transcript(adminHome, [
    ['create', 'token', 'missing', '-n', 'team-a'],
    ['create', 'token'],
    ['create', 'token', 'robot', '--duration', '-1s'],
    ['create', 'token', 'robot', '--duration', '1500ms'],
    ['create', 'token', 'robot', '--audience', ''],
    ['create', 'token', 'robot', '--bound-object-kind', 'Foo', '--bound-object-name', 'x'],
    ['create', 'token', 'robot', '--bound-object-kind', 'Pod'],
    ['create', 'token', 'robot', '--bound-object-name', 'x'],
    ['create', 'token', 'robot', '--bound-object-uid', 'x'],
  ]));
});
