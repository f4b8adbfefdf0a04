import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { ConfigError } from '../../../../src/sdk/errors.js';
import { EMPTY_CONFIG_MESSAGE, loadConfig, parseRequestTimeout, resolveClientConfig } from '../../../../src/sdk/config/index.js';
import type { ClientConfig, ConfigOverrides } from '../../../../src/sdk/config/index.js';
import { fixture, tempDir } from './helpers.js';
import type { TempDir } from './helpers.js';

const CA_PEM = fixture('ca.crt');

/** Loads `text` as the only config file of a temp dir (plus the fixture CA and certs) and resolves. */
async function withConfig<T>(text: string, body: (tmp: TempDir, resolve: (o?: ConfigOverrides) => Promise<ClientConfig>) => Promise<T>): Promise<T> {
  const tmp = await tempDir();
  try {
    const file = await tmp.write('cfg/config', text);
    await tmp.write('cfg/ca.crt', CA_PEM);
    await tmp.write('cfg/certs/client.crt', fixture('client.crt'));
    await tmp.write('cfg/certs/client.key', fixture('client.key'));
    await tmp.write('cfg/token.txt', 'file-token\n');
    const loaded = await loadConfig({ env: { PLATFORMCONFIG: file }, homedir: tmp.path('home') });
    return await body(tmp, (o = {}) => resolveClientConfig(loaded, o, { env: {}, cwd: tmp.dir, inClusterDir: tmp.path('no-sa') }));
  } finally {
    await tmp.cleanup();
  }
}

async function resolveError(text: string, overrides: ConfigOverrides = {}): Promise<string> {
  return withConfig(text, async (_tmp, resolve) => {
    try {
      await resolve(overrides);
    } catch (err) {
      assert.ok(err instanceof ConfigError, String(err));
      return err.message;
    }
    return assert.fail('expected a ConfigError');
  });
}

test('current context: server, CA data, token, namespace, names and cache dir', async () => {
  await withConfig(fixture('basic.yaml'), async (tmp, resolve) => {
    const c = await resolve();
    assert.equal(c.server, 'https://1.2.3.4:6443');
    assert.equal(c.caData, CA_PEM);
    assert.equal(c.bearerToken, 'secret-token-u1');
    assert.equal(c.namespace, 'ns-a');
    assert.equal(c.namespaceExplicit, true);
    assert.deepEqual([c.contextName, c.clusterName, c.userName], ['ctx-a', 'c1', 'u1']);
    assert.equal(c.cacheDir, path.join(tmp.path('home'), '.platform', 'cache'));
  });
});

test('relative paths resolve against the directory of the file that defines the entry', async () => {
  const text = [
    'current-context: x',
    'clusters: [{name: c, cluster: {server: "https://c", certificate-authority: ca.crt}}]',
    'users: [{name: u, user: {client-certificate: certs/client.crt, client-key: certs/client.key, exec: {apiVersion: client.authentication.platform.io/v1, command: ./bin/plugin, interactiveMode: Never}}}]',
    'contexts: [{name: x, context: {cluster: c, user: u}}]',
    '',
  ].join('\n');
  await withConfig(text, async (tmp, resolve) => {
    const c = await resolve();
    assert.equal(c.caFile, tmp.path('cfg/ca.crt'));
    assert.equal(c.caData, CA_PEM);
    assert.equal(c.certData, fixture('client.crt'));
    assert.equal(c.keyData, fixture('client.key'));
    assert.equal(c.exec?.command, tmp.path('cfg/bin/plugin'));
    assert.equal(c.namespace, 'default');
    assert.equal(c.namespaceExplicit, undefined);
  });
  // A command without a slash is looked up on PATH: left alone.
  await withConfig(text.replace('./bin/plugin', 'plugin'), async (_tmp, resolve) => assert.equal((await resolve()).exec?.command, 'plugin'));
});

test('token file: read, and kept for re-reading', async () => {
  const text = 'current-context: x\nclusters: [{name: c, cluster: {server: "https://c"}}]\nusers: [{name: u, user: {tokenFile: token.txt}}]\ncontexts: [{name: x, context: {cluster: c, user: u}}]\n';
  await withConfig(text, async (tmp, resolve) => {
    const c = await resolve();
    assert.equal(c.bearerToken, 'file-token');
    assert.equal(c.bearerTokenFile, tmp.path('cfg/token.txt'));
  });
  assert.match(await resolveError(text.replace('token.txt', 'nope.txt')), /^open \/.*\/cfg\/nope\.txt: no such file or directory$/);
});

test('exec plugins: cluster info with the CA inlined and the exec extension as config', async () => {
  await withConfig(fixture('basic.yaml'), async (_tmp, resolve) => {
    const c = await resolve({ context: 'ctx-exec' });
    assert.deepEqual(c.exec, {
      command: c.exec?.command,
      apiVersion: 'client.authentication.platform.io/v1beta1',
      args: ['--mode', '123'],
      env: [{ name: 'PLUGIN_MODE', value: 'yes' }],
      provideClusterInfo: true,
      interactiveMode: 'IfAvailable',
    });
    assert.deepEqual(c.execClusterInfo, {
      server: 'https://c2.example.com',
      tlsServerName: 'c2.internal',
      certificateAuthorityData: CA_PEM,
      config: { audience: 'c2', zone: 'b' },
    });
    assert.equal(c.namespace, 'exec-ns');
  });
});

test('overrides: namespace, then the context, then default', async () => {
  await withConfig(fixture('basic.yaml'), async (_tmp, resolve) => {
    assert.equal((await resolve({ namespace: 'flag' })).namespace, 'flag');
    assert.equal((await resolve({})).namespace, 'ns-a');
    const noNamespace = await resolve({ context: 'ctx-b' });
    assert.equal(noNamespace.namespace, 'default');
    assert.equal(noNamespace.namespaceExplicit, undefined);
  });
});

test('overrides: context, cluster and user must exist (in kubectl\'s words and order); other fields replace the entry', async () => {
  const text = fixture('basic.yaml');
  assert.equal(await resolveError(text, { context: 'nope' }), 'context was not found for specified context: nope');
  assert.equal(await resolveError(text, { cluster: 'nope' }), 'no server found for cluster "nope"');
  assert.equal(await resolveError(text, { user: 'nope' }), 'auth info "nope" does not exist');
  await withConfig(text, async (tmp, resolve) => {
    const c = await resolve({ context: 'ctx-b', cluster: 'c1', user: 'u1', token: 'flag-token', requestTimeoutMs: 2500, cacheDir: 'cache' });
    assert.equal(c.server, 'https://1.2.3.4:6443');
    assert.equal(c.bearerToken, 'flag-token');
    assert.equal(c.timeoutMs, 2500);
    assert.equal(c.cacheDir, tmp.path('cache'));
    assert.deepEqual([c.contextName, c.clusterName, c.userName], ['ctx-b', 'c1', 'u1']);
  });
});

test('overrides: --server clears tls-server-name; --insecure drops the CA; an explicit false turns insecure off', async () => {
  await withConfig(fixture('basic.yaml'), async (tmp, resolve) => {
    const server = await resolve({ context: 'ctx-b', server: 'https://other' });
    assert.equal(server.server, 'https://other');
    assert.equal(server.tlsServerName, undefined);
    const both = await resolve({ context: 'ctx-b', server: 'https://other', tlsServerName: 'flag-name' });
    assert.equal(both.tlsServerName, 'flag-name');
    const insecure = await resolve({ context: 'ctx-b', insecureSkipTlsVerify: true });
    assert.equal(insecure.insecureSkipTLSVerify, true);
    assert.equal(insecure.caData, undefined);
    const ca = await resolve({ cluster: '10.0.0.1', certificateAuthority: 'cfg/ca.crt' });
    assert.equal(ca.insecureSkipTLSVerify, undefined);
    assert.equal(ca.caFile, tmp.path('cfg/ca.crt'));
    const secure = await resolve({ cluster: '10.0.0.1', insecureSkipTlsVerify: false });
    assert.equal(secure.insecureSkipTLSVerify, undefined);
    assert.equal((await resolve({ cluster: '10.0.0.1' })).insecureSkipTLSVerify, true);
    assert.equal((await resolve({ cluster: '10.0.0.1' })).proxyURL, 'http://proxy.example.com:3128');
  });
});

test('overrides: impersonation; groups without a user are rejected', async () => {
  await withConfig(fixture('basic.yaml'), async (_tmp, resolve) => {
    const c = await resolve({ impersonate: { user: 'eve', groups: ['g1', 'g2'], uid: '42' } });
    assert.deepEqual(c.impersonate, { user: 'eve', uid: '42', groups: ['g1', 'g2'] });
    // u4 impersonates bob with groups in the file (and uses basic auth).
    const fromFile = await resolve({ user: 'u4' });
    assert.deepEqual(fromFile.impersonate, { user: 'bob', groups: ['devs', 'ops'] });
    assert.deepEqual([fromFile.username, fromFile.password], ['alice', 's3cret']);
  });
  assert.equal(await resolveError(fixture('basic.yaml'), { impersonate: { groups: ['g'] } }), 'requesting uid, groups or user-extra for u1 without impersonating a user');
});

test('--server with --certificate-authority and --token works without any config file', async () => {
  const tmp = await tempDir();
  try {
    await tmp.write('ca.crt', CA_PEM);
    const loaded = await loadConfig({ env: {}, homedir: tmp.path('home') });
    const c = await resolveClientConfig(loaded, { server: 'https://flag:6443', certificateAuthority: 'ca.crt', token: 't' }, { env: {}, cwd: tmp.dir });
    assert.equal(c.server, 'https://flag:6443');
    assert.equal(c.caData, CA_PEM);
    assert.equal(c.bearerToken, 't');
    assert.equal(c.namespace, 'default');
  } finally {
    await tmp.cleanup();
  }
});

test('servers: a scheme-less server is http, and http servers get no credentials (as client-go)', async () => {
  const text = 'current-context: x\nclusters: [{name: c, cluster: {server: "127.0.0.1:8080"}}]\nusers: [{name: u, user: {token: t, as: bob}}]\ncontexts: [{name: x, context: {cluster: c, user: u}}]\n';
  await withConfig(text, async (_tmp, resolve) => {
    const c = await resolve();
    assert.equal(c.server, 'http://127.0.0.1:8080');
    assert.equal(c.bearerToken, undefined);
    assert.deepEqual(c.impersonate, { user: 'bob' });
  });
  await withConfig(text.replace('127.0.0.1:8080', 'https://h/prefix/?q=1#f'), async (_tmp, resolve) => assert.equal((await resolve()).server, 'https://h/prefix/'));
});

test('validation errors use kubectl\'s messages', async () => {
  const base = (user: string, cluster = '{server: "https://c"}'): string =>
    `current-context: x\nclusters: [{name: c, cluster: ${cluster}}]\nusers: [{name: u, user: ${user}}]\ncontexts: [{name: x, context: {cluster: c, user: u}}]\n`;
  assert.equal(await resolveError(base('{token: t, username: a, password: b}')), 'more than one authentication method found for u; found [token basicAuth], only one is allowed');
  assert.equal(await resolveError('current-context: missing\nclusters: [{name: c, cluster: {server: "https://c"}}]\n'), 'context was not found for specified context: missing');
  assert.equal(await resolveError(base('{token: t}', '{}')), 'cluster has no server defined');
  assert.equal(await resolveError(base('{token: t}', '{insecure-skip-tls-verify: true}')), 'no server found for cluster "c"');
  assert.equal(
    await resolveError(base('{token: t}', `{server: "https://c", certificate-authority: ca.crt, certificate-authority-data: ${Buffer.from(CA_PEM).toString('base64')}}`)),
    'certificate-authority-data and certificate-authority are both specified for c. certificate-authority-data will override.',
  );
  assert.match(await resolveError(base('{client-certificate: /nonexistent/cert.pem}')), /^invalid configuration: \[client-key-data or client-key must be specified for u to use the clientCert authentication method\., unable to read client-cert \/nonexistent\/cert\.pem for u due to open \/nonexistent\/cert\.pem: no such file or directory\]$/);
  assert.equal(await resolveError(base('{exec: {apiVersion: client.authentication.platform.io/v1, command: p}}')), 'interactiveMode must be specified for u to use exec authentication plugin');
  assert.equal(await resolveError(base('{exec: {apiVersion: client.authentication.platform.io/v1, command: p, interactiveMode: Sometimes}}')), 'invalid interactiveMode for u: "Sometimes"');
  assert.equal(await resolveError(base('{token: t}', '{server: "https://c", proxy-url: "ftp://p"}')), 'invalid \'proxy-url\' "ftp://p" for cluster "c": unsupported scheme "ftp", must be http, https, or socks5');
  assert.equal(await resolveError(base('{token: t}', '{server: "https://c", insecure-skip-tls-verify: true, certificate-authority: ca.crt}')), 'specifying a root certificates file with the insecure flag is not allowed');
  assert.equal(await resolveError(base('{auth-provider: {name: gcp}}')), 'no Auth Provider found for name "gcp"');
});

test('an explicit --kubeconfig that does not exist is an error; an empty configuration says how to configure', async () => {
  const tmp = await tempDir();
  try {
    const missing = await loadConfig({ env: {}, homedir: tmp.dir, explicitPath: tmp.path('nope') });
    await assert.rejects(resolveClientConfig(missing, {}, { env: {} }), { message: `stat ${tmp.path('nope')}: no such file or directory` });
    const empty = await loadConfig({ env: {}, homedir: tmp.dir });
    await assert.rejects(resolveClientConfig(empty, {}, { env: {}, inClusterDir: tmp.path('sa') }), { message: EMPTY_CONFIG_MESSAGE });
  } finally {
    await tmp.cleanup();
  }
});

test('--request-timeout: bare integers are seconds, else Go durations; bad values are rejected', () => {
  assert.equal(parseRequestTimeout('0'), 0);
  assert.equal(parseRequestTimeout('5'), 5000);
  assert.equal(parseRequestTimeout('1m30s'), 90_000);
  assert.equal(parseRequestTimeout('250ms'), 250);
  assert.throws(() => parseRequestTimeout('soon'), /Invalid timeout value/);
});

test('$PLATFORM_CONTEXT and $PLATFORM_NAMESPACE choose for one shell; --context and -n still win', async () => {
  const tmp = await tempDir();
  try {
    const file = await tmp.write('cfg/config', [
      'apiVersion: v1', 'kind: Config', 'current-context: a',
      'clusters:', '- name: c', '  cluster:', '    server: https://c.example:6443',
      'users:', '- name: u', '  user:', '    token: t',
      'contexts:', '- name: a', '  context:', '    cluster: c', '    user: u', '    namespace: na',
      '- name: b', '  context:', '    cluster: c', '    user: u', '    namespace: nb', '',
    ].join('\n'));
    const loaded = await loadConfig({ env: { PLATFORMCONFIG: file }, homedir: tmp.path('home') });
    const resolve = (env: Record<string, string>, o: ConfigOverrides = {}): Promise<ClientConfig> => resolveClientConfig(loaded, o, { env, cwd: tmp.dir, inClusterDir: tmp.path('no-sa') });
    assert.deepEqual(pick(await resolve({})), ['a', 'na']);
    assert.deepEqual(pick(await resolve({ PLATFORM_CONTEXT: 'b' })), ['b', 'nb']);
    assert.deepEqual(pick(await resolve({ PLATFORM_CONTEXT: 'b', PLATFORM_NAMESPACE: 'mine' })), ['b', 'mine']);
    assert.deepEqual(pick(await resolve({ PLATFORM_CONTEXT: 'b', PLATFORM_NAMESPACE: 'mine' }, { context: 'a', namespace: 'flag' })), ['a', 'flag']);
    await assert.rejects(resolve({ PLATFORM_CONTEXT: 'gone' }), /context was not found for specified context: gone/);
  } finally {
    await tmp.cleanup();
  }
});

function pick(c: ClientConfig): [string | undefined, string] {
  return [c.contextName, c.namespace];
}
