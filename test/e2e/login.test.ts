/**
 * `login oidc` end to end: a real OpenID provider (test/support/oidc-provider.ts), the browser
 * replaced by an HTTP client that follows the URL, the local server authenticating the ID token,
 * and requests going through the exec plugin (this platformctl's `credential oidc`, as a child
 * process), then refresh after expiry and logout.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loginHooks, type LoginHooks } from '../../src/cli/commands/login/shared/hooks.js';
import { closeAllDispatchers } from '../../src/sdk/transport/dispatchers.js';
import { runCli } from '../support/cli.js';
import { followAuthorizationUrl, startTestOidcProvider, type TestOidcProvider } from '../support/oidc-provider.js';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';

const BIN = fileURLToPath(new URL('../../../bin/platformctl', import.meta.url));

let provider: TestOidcProvider;
let server: TestServer;
let home: string;
let caFile: string;
let saved: LoginHooks;
const opened: string[] = [];

before(async () => {
  provider = await startTestOidcProvider({ clientId: 'cli' });
  server = await startTestServer({
    authentication: { oidc: { issuerURL: provider.issuer, clientID: 'cli', caPem: provider.caPem, usernameClaim: 'email', groupsClaim: 'groups', groupsPrefix: 'oidc:' } },
  });
  home = await mkdtemp(join(tmpdir(), 'login-e2e-'));
  await writeTestKubeconfig(server, join(home, '.platform'));
  caFile = join(home, 'issuer-ca.pem');
  await writeFile(caFile, provider.caPem);
  saved = { ...loginHooks };
  loginHooks.openUrl = async (url) => {
    opened.push(url);
    return followAuthorizationUrl(url, provider.caPem);
  };
  loginHooks.selfCommand = () => ({ command: process.execPath, args: [BIN] });
});

after(async () => {
  Object.assign(loginHooks, saved);
  await closeAllDispatchers();
  await server.stop();
  await provider.stop();
  await rm(home, { recursive: true, force: true });
});

/** Runs the built CLI as its own process with the test's home. */
function runBin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [BIN, ...args], { env: { HOME: home, NO_COLOR: '1' } }, (err, stdout, stderr) => {
      if (err !== null && typeof err.code !== 'number') {
        reject(err);
        return;
      }
      resolve({ code: err === null ? 0 : Number(err.code), stdout, stderr });
    });
  });
}

const loginArgs = (): string[] => ['--issuer', provider.issuer, '--client-id', 'cli', '--scope', 'email', '--scope', 'groups', '--issuer-ca-file', caFile];

test('login, requests through the exec plugin, refresh after expiry, logout', async () => {
  // 1. Log in: PKCE and state go to the provider, the tokens to the store, the plugin user to the config.
  const login = await runCli(['login', 'oidc', ...loginArgs(), '--context', 'local'], { home });
  assert.equal(login.code, 0, login.stderr);
  assert.equal(opened.length, 1);
  assert.match(login.stderr, /^Warning: no OS keychain is available \(.*\); storing credentials in .*\/\.platform\/credentials\.json \(mode 0600\)$/m);
  assert.ok(login.stderr.includes(opened[0] ?? 'missing'), 'the URL is printed in case the browser does not open');
  assert.match(login.stdout, /^Logged in to https:\/\/127\.0\.0\.1:\d+ as jane@example\.com; tokens stored in .*credentials\.json\.\nUser "oidc" set\.\nContext "local" modified\.\n$/);
  const auth = provider.authorizeRequests.at(-1)?.params;
  assert.equal(auth?.get('code_challenge_method'), 'S256');
  assert.equal(auth?.get('scope'), 'openid email groups');
  assert.equal(provider.tokenRequests.at(-1)?.form.get('grant_type'), 'authorization_code');

  const firstToken = provider.issuedIdTokens.at(-1) ?? '';
  const config = await readFile(join(home, '.platform', 'config'), 'utf8');
  assert.ok(!config.includes(firstToken), 'no ID token in the config file');
  assert.ok(!config.includes(firstToken.split('.')[1] ?? 'x'));
  assert.match(config, /- name: oidc\n {2}user:\n {4}exec:\n {6}apiVersion: client\.authentication\.platform\.io\/v1\n {6}args:\n {6}- .*platformctl\n {6}- credential\n {6}- oidc\n {6}- --issuer\n/);
  assert.match(config, /interactiveMode: IfAvailable/);
  const credentialsFile = join(home, '.platform', 'credentials.json');
  assert.equal((await stat(credentialsFile)).mode & 0o777, 0o600);
  assert.ok((await readFile(credentialsFile, 'utf8')).includes(firstToken));

  // 2. A request as the OIDC user: the exec plugin prints the ID token, the server authenticates it.
  const who = await runCli(['auth', 'whoami'], { home });
  assert.equal(who.code, 0, who.stderr);
  assert.equal(who.stdout, 'ATTRIBUTE   VALUE\nUsername    jane@example.com\nGroups      [oidc:developers system:authenticated]\n');

  // 3. The credential command itself, as the exec machinery runs it (v1beta1 asked in PLATFORM_EXEC_INFO).
  const execInfo = JSON.stringify({ apiVersion: 'client.authentication.platform.io/v1beta1', kind: 'ExecCredential', spec: { interactive: false } });
  const cred = await runCli(['credential', 'oidc', ...loginArgs()], { home, env: { PLATFORM_EXEC_INFO: execInfo } });
  assert.equal(cred.code, 0, cred.stderr);
  assert.equal(cred.stderr, '');
  const parsed = JSON.parse(cred.stdout) as { apiVersion: string; kind: string; status: { token: string; expirationTimestamp: string } };
  assert.equal(parsed.apiVersion, 'client.authentication.platform.io/v1beta1');
  assert.equal(parsed.kind, 'ExecCredential');
  assert.equal(parsed.status.token, firstToken);
  assert.match(parsed.status.expirationTimestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

  // 4. Refresh: log in again with tokens that are already within the expiry skew; the plugin refreshes them.
  provider.setIdTokenTtl(5);
  assert.equal((await runCli(['login', 'oidc', ...loginArgs()], { home })).code, 0);
  const shortLived = provider.issuedIdTokens.at(-1) ?? '';
  provider.setIdTokenTtl(3600);
  const grantsBefore = provider.tokenRequests.length;
  // A new process, as a real invocation: the in-process exec-credential cache still holds the first token.
  const again = await runBin(['auth', 'whoami', '-o', 'json']);
  assert.equal(again.code, 0, again.stderr);
  assert.equal((JSON.parse(again.stdout) as { status: { userInfo: { username: string } } }).status.userInfo.username, 'jane@example.com');
  const refreshes = provider.tokenRequests.slice(grantsBefore).filter((r) => r.form.get('grant_type') === 'refresh_token');
  assert.equal(refreshes.length, 1);
  const refreshedToken = provider.issuedIdTokens.at(-1) ?? '';
  assert.notEqual(refreshedToken, shortLived);
  const stored = await readFile(credentialsFile, 'utf8');
  assert.ok(stored.includes(refreshedToken) && !stored.includes(shortLived), 'the refreshed tokens are stored');

  // 5. Logout removes the tokens and, with --delete-user, the user; the plugin then asks for a login.
  const logout = await runCli(['logout', '--delete-user'], { home });
  assert.equal(logout.code, 0, logout.stderr);
  assert.match(logout.stdout, /^Logged out of https:\/\/127\.0\.0\.1:\d+ \(client cli\)\.\ndeleted user oidc from .*config\n$/);
  assert.ok(!(await readFile(credentialsFile, 'utf8')).includes(refreshedToken));
  assert.doesNotMatch(await readFile(join(home, '.platform', 'config'), 'utf8'), /name: oidc/);
  const missing = await runCli(['credential', 'oidc', ...loginArgs()], { home });
  assert.equal(missing.code, 1);
  assert.equal(missing.stderr, `error: not logged in to ${provider.issuer} as client cli: run "platformctl login oidc --issuer ${provider.issuer} --client-id cli" first\n`);
});

test('login usage errors and --no-browser printing the URL', async () => {
  const noIssuer = await runCli(['login', 'oidc', '--client-id', 'cli'], { home });
  assert.equal(noIssuer.code, 1);
  assert.match(noIssuer.stderr, /^error: required flag "issuer" not set\n/);
  const plain = await runCli(['login', 'oidc', '--issuer', 'http://example.com', '--client-id', 'cli'], { home });
  assert.match(plain.stderr, /the issuer URL must use https/);
  const controller = new AbortController();
  const running = runCli(['login', 'oidc', ...loginArgs(), '--no-browser', '--user', 'nb'], { home, signal: controller.signal });
  // Nothing opens the URL: the command waits until interrupted.
  await new Promise((r) => setTimeout(r, 300));
  controller.abort();
  const result = await running;
  assert.equal(result.code, 1);
  assert.match(result.stderr, /Open this URL in a browser to log in:\n\n {4}https:\/\/127\.0\.0\.1:\d+\/authorize\?response_type=code&client_id=cli&redirect_uri=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fcallback&scope=openid\+email\+groups&state=[\w-]+&nonce=[\w-]+&code_challenge=[\w-]{43}&code_challenge_method=S256\n/);
  assert.match(result.stderr, /error: login was interrupted/);
});

test('login checks the context before opening the browser', async () => {
  const before = opened.length;
  const r = await runCli(['login', 'oidc', ...loginArgs(), '--context', 'nope'], { home });
  assert.equal(r.code, 1);
  assert.equal(r.stderr, 'error: no context exists with the name: "nope"\n');
  assert.equal(opened.length, before);
});

/** A loopback port nothing listens on: one the OS just handed out and we closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** stderr without `Warning:` lines (the keychain warning depends on the machine). */
function withoutWarnings(text: string): string {
  return text.split('\n').filter((l) => !l.startsWith('Warning: ')).join('\n');
}

test('login without flags names every missing flag; an unreachable issuer is named with its discovery URL', async () => {
  const none = await runCli(['login', 'oidc'], { home });
  assert.equal(none.code, 1);
  assert.match(none.stderr, /^error: required flag\(s\) "client-id", "issuer" not set\n/);
  // A port that was just free (a fixed low port may be taken by something else on the machine).
  const port = await closedPort();
  const issuer = `https://127.0.0.1:${port}`;
  const unreachable = await runCli(['login', 'oidc', '--issuer', issuer, '--client-id', 'cli'], { home });
  assert.equal(unreachable.code, 1);
  assert.equal(withoutWarnings(unreachable.stderr), `error: cannot reach the OIDC issuer ${issuer}: Get "${issuer}/.well-known/openid-configuration": dial tcp 127.0.0.1:${port}: connect: connection refused\n`);
});

test('login prints the URL once, says when the browser did not open, and how long it waits', async () => {
  const openUrl = loginHooks.openUrl;
  loginHooks.openUrl = () => Promise.resolve(false);
  try {
    const controller = new AbortController();
    const running = runCli(['login', 'oidc', ...loginArgs(), '--user', 'nb', '--login-timeout=2m'], { home, signal: controller.signal });
    await new Promise((r) => setTimeout(r, 300));
    controller.abort();
    const result = await running;
    const url = /https:\/\/127\.0\.0\.1:\d+\/authorize\?\S+/.exec(result.stderr)?.[0] ?? '';
    assert.notEqual(url, '');
    assert.equal(result.stderr.split(url).length - 1, 1, `the URL is printed once: ${result.stderr}`);
    assert.ok(withoutWarnings(result.stderr).startsWith(`Opening the browser to log in. If it does not open, visit:\n\n    ${url}\n\nThe browser could not be opened: open the URL above to log in.\nWaiting up to 2m0s for the login to complete in the browser (Ctrl-C to cancel)...\n`), result.stderr);
  } finally {
    loginHooks.openUrl = openUrl;
  }
  const controller = new AbortController();
  const running = runCli(['login', 'oidc', ...loginArgs(), '--no-browser', '--user', 'nb'], { home, signal: controller.signal });
  await new Promise((r) => setTimeout(r, 300));
  controller.abort();
  assert.match((await running).stderr, /\n\nWaiting up to 5m0s for the login to complete in the browser \(Ctrl-C to cancel\)\.\.\.\n/);
});
