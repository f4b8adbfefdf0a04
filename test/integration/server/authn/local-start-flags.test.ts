import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseCommandLine } from '../../../support/parse-command-line.js';
import { spec } from '../../../../src/cli/commands/local/start/spec.js';
import { authenticationFromFlags, authnChildArgs } from '../../../../src/cli/commands/local/start/flags-authn.js';
import { startTestServer } from '../../../support/server.js';
import { tempDir, whoami } from './helpers.js';

describe('local start: authentication flags and <data dir>/authn.yaml', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  const warnings: string[] = [];
  const options = (argv: string[]): ReturnType<typeof authenticationFromFlags> =>
    authenticationFromFlags(parseCommandLine(argv, spec.flags).flags, tmp.dir, '/srv', (l) => warnings.push(l));
  before(async () => {
    tmp = await tempDir();
  });
  after(() => tmp.remove());

  test('flags map to the server options (relative paths against the working directory)', async () => {
    const o = await options([
      '--token-auth-file', 'tokens.csv', '--client-ca-file=/etc/ca.pem', '--service-account-key-file', 'a.pem', '--service-account-key-file', '/b.pem',
      '--service-account-issuer', 'https://issuer', '--enable-bootstrap-token-auth',
      '--oidc-issuer-url', 'https://idp', '--oidc-client-id', 'platform', '--oidc-username-claim', 'email', '--oidc-groups-claim', 'groups',
      '--oidc-required-claim', 'hd=example.com', '--oidc-required-claim', 'tier=gold', '--oidc-username-prefix', '-',
      '--authentication-token-webhook-config-file', 'hook.yaml', '--authentication-token-webhook-version', 'v1', '--authentication-token-webhook-cache-ttl', '30s',
      '--requestheader-username-headers', 'X-Remote-User', '--requestheader-client-ca-file', 'proxy-ca.pem', '--requestheader-allowed-names', 'front,back',
    ]);
    assert.deepEqual(o, {
      anonymous: true, tokenAuthFile: '/srv/tokens.csv', clientCAFile: '/etc/ca.pem',
      serviceAccounts: { keyFiles: ['/srv/a.pem', '/b.pem'], issuers: ['https://issuer'] },
      enableBootstrapTokenAuth: true,
      oidc: {
        issuerURL: 'https://idp', clientID: 'platform', usernameClaim: 'email', usernamePrefix: '-', groupsClaim: 'groups',
        requiredClaims: { hd: 'example.com', tier: 'gold' }, signingAlgs: ['RS256'],
      },
      webhook: { configFile: '/srv/hook.yaml', version: 'v1', cacheTtlMs: 30_000 },
      requestHeader: {
        usernameHeaders: ['X-Remote-User'], clientCAFile: '/srv/proxy-ca.pem', groupHeaders: [], extraHeadersPrefix: [], allowedNames: ['front', 'back'],
      },
    });
  });

  test('anonymous access: on by default (local start authorizes with Node,RBAC), off with AlwaysAllow or --anonymous-auth=false', async () => {
    assert.equal((await options([])).anonymous, true);
    assert.equal((await options(['--anonymous-auth=false'])).anonymous, false);
    assert.equal((await options(['--authorization-mode=AlwaysAllow'])).anonymous, undefined);
    await options(['--authorization-mode=RBAC,AlwaysAllow', '--anonymous-auth=true']);
    assert.match(warnings.at(-1) ?? '', /AnonymousAuth is not allowed with the AlwaysAllow authorizer/);
  });

  test('bad values are usage errors', async () => {
    await assert.rejects(options(['--oidc-issuer-url', 'https://idp']), /--oidc-client-id is required/);
    await assert.rejects(options(['--authentication-token-webhook-config-file', 'x', '--authentication-token-webhook-version', 'v2']), /must be v1 or v1beta1/);
    await assert.rejects(options(['--requestheader-username-headers', 'X-User']), /--requestheader-client-ca-file is required/);
    await assert.rejects(options(['--oidc-issuer-url', 'https://idp', '--oidc-client-id', 'c', '--oidc-required-claim', 'novalue']), /must be key=value/);
  });

  test('authn.yaml in the data dir gives defaults (paths against the data dir); flags win', async () => {
    await writeFile(join(tmp.dir, 'tokens.csv'), 'file-token,from-file,1\n');
    await writeFile(join(tmp.dir, 'authn.yaml'), 'token-auth-file: tokens.csv\nenable-bootstrap-token-auth: true\napi-audiences: [a, b]\n');
    const o = await options([]);
    assert.deepEqual(o, { anonymous: true, tokenAuthFile: join(tmp.dir, 'tokens.csv'), enableBootstrapTokenAuth: true, serviceAccounts: { apiAudiences: ['a', 'b'] } });
    assert.equal((await options(['--token-auth-file=/x.csv'])).tokenAuthFile, '/x.csv');
    const server = await startTestServer({ authentication: o });
    try {
      assert.equal((await whoami(server, { token: 'file-token' })).user.username, 'from-file');
    } finally {
      await server.stop();
    }
    await writeFile(join(tmp.dir, 'authn.yaml'), 'token-auth-fil: x\n');
    await assert.rejects(options([]), /unknown key "token-auth-fil"/);
  });

  test('flags given on the command line are passed on to the background server', () => {
    const flags = parseCommandLine(['--anonymous-auth=false', '--oidc-required-claim', 'a=b', '--token-auth-file', 't.csv', '--port', '1'], spec.flags).flags;
    assert.deepEqual(authnChildArgs(flags), ['--anonymous-auth=false', '--token-auth-file=t.csv', '--oidc-required-claim=a=b']);
  });
});
