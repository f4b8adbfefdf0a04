import { test } from 'node:test';
import assert from 'node:assert/strict';
import { requestedApiVersion } from '../../../../src/cli/commands/credential/oidc/run.js';
import { oidcArgs, OIDC_FLAGS, parseOidcArgs, readOidcFlags } from '../../../../src/cli/commands/login/shared/oidc-flags.js';
import { FlagValues } from '../../../../src/cli/framework/flag-values.js';
import { UsageError } from '../../../../src/cli/framework/usage-error.js';

function flags(values: Record<string, string | string[]>): FlagValues {
  const map = new Map<string, string | string[] | undefined>();
  for (const f of OIDC_FLAGS) map.set(f.name, f.default as string | string[] | undefined);
  for (const [k, v] of Object.entries(values)) map.set(k, v);
  return new FlagValues(map, new Set(Object.keys(values)));
}

test('the login flags become exec-plugin arguments and are read back by logout', () => {
  const values = readOidcFlags(flags({ issuer: 'https://idp.example/', 'client-id': 'cli', 'client-secret': 's', scope: ['email,groups', 'offline_access'], 'issuer-ca-file': 'ca.pem' }), '/srv');
  assert.ok(values !== undefined);
  assert.deepEqual(values.scopes, ['email', 'groups', 'offline_access']);
  assert.equal(values.caFile, '/srv/ca.pem');
  const args = oidcArgs(values);
  assert.deepEqual(args, ['--issuer', 'https://idp.example/', '--client-id', 'cli', '--client-secret', 's', '--scope', 'email', '--scope', 'groups', '--scope', 'offline_access', '--issuer-ca-file', '/srv/ca.pem']);
  assert.deepEqual(parseOidcArgs(['/abs/platformctl', 'credential', 'oidc', ...args]), { issuer: 'https://idp.example/', clientId: 'cli' });
  assert.deepEqual(parseOidcArgs(['credential', 'oidc', '--issuer=https://a', '--client-id=b']), { issuer: 'https://a', clientId: 'b' });
  assert.equal(parseOidcArgs(['get-token', '--issuer', 'https://a', '--client-id', 'b']), undefined);
});

test('issuer and client ID are required; the issuer must be https (http only on loopback)', () => {
  assert.throws(() => readOidcFlags(flags({ 'client-id': 'cli' }), '/'), (e: unknown) => e instanceof UsageError && e.message === 'required flag "issuer" not set');
  assert.throws(() => readOidcFlags(flags({ issuer: 'https://x' }), '/'), /required flag "client-id" not set/);
  assert.equal(readOidcFlags(flags({}), '/', false), undefined);
  assert.throws(() => readOidcFlags(flags({ issuer: 'http://idp.example', 'client-id': 'c' }), '/'), /must use https/);
  assert.throws(() => readOidcFlags(flags({ issuer: 'not a url', 'client-id': 'c' }), '/'), /invalid issuer URL/);
  assert.ok(readOidcFlags(flags({ issuer: 'http://127.0.0.1:5556', 'client-id': 'c' }), '/') !== undefined);
});

test('the ExecCredential apiVersion follows PLATFORM_EXEC_INFO', () => {
  assert.equal(requestedApiVersion({}), 'client.authentication.platform.io/v1');
  assert.equal(requestedApiVersion({ PLATFORM_EXEC_INFO: '{"apiVersion":"client.authentication.platform.io/v1beta1"}' }), 'client.authentication.platform.io/v1beta1');
  assert.throws(() => requestedApiVersion({ PLATFORM_EXEC_INFO: '{"apiVersion":"client.authentication.k8s.io/v1"}' }), /unsupported ExecCredential apiVersion/);
  assert.throws(() => requestedApiVersion({ PLATFORM_EXEC_INFO: '{' }), /not valid JSON/);
});
