/**
 * The certificate commands end to end against the local server: `certificate request` with
 * --approve and --wait, `certificate approve|deny` and their refusals, `create bootstrap-token`,
 * and the node-joining story (token, discovery, an auto-approved node client certificate, the new
 * identity in use).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/cli.js';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';
import { call, CSRS } from '../integration/server/certificates/support.js';

async function mode(path: string): Promise<number> {
  return (await stat(path)).mode & 0o777;
}

describe('certificate approve, deny and request', () => {
  let server: TestServer;
  let dir: string;
  let config: string;
  before(async () => {
    server = await startTestServer();
    dir = await mkdtemp(join(tmpdir(), 'platformctl-certs-'));
    config = await writeTestKubeconfig(server, dir);
  });
  after(async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });
  const cli = (...args: string[]): ReturnType<typeof runCli> => runCli(['--kubeconfig', config, ...args], { cwd: dir, now: new Date() });

  test('request --approve --wait writes a 0600 key and a certificate for it', async () => {
    const r = await cli('certificate', 'request', 'jane', '--signer', 'platform.io/apiserver-client', '--cn', 'jane', '--org', 'dev', '--org', 'ops', '--approve', '--wait', '--expiration', '1h');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, [
      'certificatesigningrequest.certificates.platform.io/jane created',
      `private key written to ${join(dir, 'jane.key')}`,
      'certificatesigningrequest.certificates.platform.io/jane approved',
      `certificate written to ${join(dir, 'jane.crt')}`,
      '',
    ].join('\n'));
    assert.equal(await mode(join(dir, 'jane.key')), 0o600);
    assert.equal(await mode(join(dir, 'jane.crt')), 0o600);
    const cert = new X509Certificate(await readFile(join(dir, 'jane.crt')));
    assert.equal(cert.checkIssued(new X509Certificate(server.caPem)), true);
    assert.equal(cert.checkPrivateKey((await import('node:crypto')).createPrivateKey(await readFile(join(dir, 'jane.key')))), true);
    assert.match(cert.subject, /CN=jane/);
    const review = await call(server, 'POST', '/apis/authentication.platform.io/v1/selfsubjectreviews', {
      cert: cert.toString(), key: await readFile(join(dir, 'jane.key'), 'utf8'), body: { apiVersion: 'authentication.platform.io/v1', kind: 'SelfSubjectReview' },
    });
    assert.deepEqual((review.body.status as { userInfo: unknown }).userInfo, { username: 'jane', groups: ['dev', 'ops', 'system:authenticated'] });
  });

  test('describe csr decodes the request as kubectl does', async () => {
    const r = await cli('describe', 'csr', 'jane');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Status:\s+Approved,Issued$/m);
    assert.match(r.stdout, /^Subject:\n\s+Common Name:\s+jane\n\s+Serial Number:\s*\n\s+Organization:\s+dev\n\s+ops$/m);
    // kubectl's CSR describer stops at the request (the describe differential holds us to it);
    // the issued certificate is read with `get csr jane -o jsonpath='{.status.certificate}'`.
    assert.doesNotMatch(r.stdout, /^Certificate:/m);
  });

  test('an RSA key with --key-type rsa and explicit output files', async () => {
    const r = await cli('certificate', 'request', 'rsa-one', '--signer', 'platform.io/apiserver-client', '--key-type', 'rsa', '--approve', '--wait',
      '--key-out', 'out/rsa.key', '--cert-out', 'out/rsa.crt');
    assert.equal(r.code, 0, r.stderr);
    assert.match(await readFile(join(dir, 'out/rsa.key'), 'utf8'), /^-----BEGIN RSA PRIVATE KEY-----/);
    assert.match(new X509Certificate(await readFile(join(dir, 'out/rsa.crt'))).subject, /CN=rsa-one/);
  });

  test('a request that already exists fails and leaves the earlier key alone', async () => {
    const before = await readFile(join(dir, 'jane.key'), 'utf8');
    const r = await cli('certificate', 'request', 'jane', '--signer', 'platform.io/apiserver-client');
    assert.equal(r.code, 1);
    assert.match(r.stderr, /already exists/);
    assert.equal(await readFile(join(dir, 'jane.key'), 'utf8'), before);
  });

  test('--wait reports a refused request instead of waiting forever', async () => {
    const r = await cli('certificate', 'request', 'bad-usage', '--signer', 'platform.io/apiserver-client', '--usage', 'server auth', '--approve', '--wait');
    assert.equal(r.code, 1);
    assert.match(r.stderr, /certificatesigningrequest\.certificates\.platform\.io\/bad-usage was not signed \(SignerValidationFailure: invalid usage for client certificate: server auth\)/);
  });

  test('approve and deny: kubectl output, no-ops, --force resending a decision unchanged, and refusing to flip', async () => {
    assert.equal((await cli('certificate', 'request', 'a1', '--signer', 'example.com/custom', '--usage', 'client auth')).code, 0);
    assert.equal((await cli('certificate', 'request', 'a2', '--signer', 'example.com/custom', '--usage', 'client auth')).code, 0);
    let r = await cli('certificate', 'approve', 'a1', 'a2');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'certificatesigningrequest.certificates.platform.io/a1 approved\ncertificatesigningrequest.certificates.platform.io/a2 approved\n');
    r = await cli('certificate', 'approve', 'a1', '-o', 'name');
    assert.equal(r.stdout, 'certificatesigningrequest.certificates.platform.io/a1\n');
    // kubectl sends an approved request's approval again, unchanged: no second condition.
    r = await cli('certificate', 'approve', 'a1', '--force');
    assert.deepEqual([r.code, r.stdout, r.stderr], [0, 'certificatesigningrequest.certificates.platform.io/a1 approved\n', '']);
    r = await cli('certificate', 'deny', 'a1');
    assert.deepEqual([r.code, r.stderr], [1, 'error: certificate signing request "a1" is already Approved\n']);
    r = await cli('certificate', 'deny', 'a1', '--force');
    assert.deepEqual([r.code, r.stderr], [1, 'error: certificate signing request "a1" is already Approved\n']);
    const csr = await call(server, 'GET', `${CSRS}/a1`, { token: server.adminToken });
    const conditions = (csr.body.status as { conditions: Record<string, unknown>[] }).conditions;
    assert.deepEqual(conditions.map((c) => [c.type, c.reason, c.message]), [['Approved', 'PlatformctlApprove', 'This CSR was approved by platformctl certificate approve.']]);
    r = await cli('certificate', 'deny', 'missing');
    assert.equal(r.code, 1);
    assert.match(r.stderr, /not found/);
    r = await cli('certificate', 'approve');
    assert.equal(r.code, 1);
    assert.match(r.stderr, /one or more CSRs must be specified/);
  });

  test('approve and deny -o json|yaml|jsonpath|go-template print each request as read, before the decision', async () => {
    for (const name of ['o1', 'o2', 'o3']) assert.equal((await cli('certificate', 'request', name, '--signer', 'example.com/custom', '--usage', 'client auth')).code, 0);
    let r = await cli('certificate', 'approve', 'o1', '-o', 'json');
    assert.equal(r.code, 0, r.stderr);
    const printed = JSON.parse(r.stdout) as { kind: string; metadata: { name: string; managedFields?: unknown }; status?: { conditions?: unknown[] } };
    assert.equal(printed.kind, 'CertificateSigningRequest');
    assert.equal(printed.metadata.name, 'o1');
    assert.equal(printed.metadata.managedFields, undefined, 'json hides managedFields unless --show-managed-fields');
    assert.equal(printed.status?.conditions, undefined, 'printed as read, before the approval');
    const stored = await call(server, 'GET', `${CSRS}/o1`, { token: server.adminToken });
    assert.deepEqual((stored.body.status as { conditions: { type: string }[] }).conditions.map((c) => c.type), ['Approved']);

    r = await cli('certificate', 'approve', 'o1', 'o2', '-o', 'yaml');
    assert.equal(r.code, 0, r.stderr);
    const docs = r.stdout.split(/^---\n/m);
    assert.equal(docs.length, 2);
    assert.match(docs[0] ?? '', /^apiVersion: certificates\.platform\.io\/v1\nkind: CertificateSigningRequest\n[\s\S]* {2}name: o1\n[\s\S]* {4}type: Approved\n/);
    assert.match(docs[1] ?? '', / {2}name: o2\n/);
    assert.doesNotMatch(docs[1] ?? '', /type: Approved/);

    r = await cli('certificate', 'deny', 'o3', '-o', 'go-template={{.metadata.name}} {{.spec.signerName}} {{.status.conditions}}{{"\\n"}}');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'o3 example.com/custom <no value>\n');
    r = await cli('certificate', 'approve', 'o2', '-o', 'jsonpath={.status.conditions[*].type}');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'Approved');
    r = await cli('certificate', 'approve', 'o2', '--template', '{{.kind}}');
    assert.equal(r.stdout, 'CertificateSigningRequest');
    r = await cli('certificate', 'approve', 'o2', '-o', 'wide');
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n');
  });

  test('approve -f reads the names from manifests', async () => {
    assert.equal((await cli('certificate', 'request', 'from-file', '--signer', 'example.com/custom', '--usage', 'client auth')).code, 0);
    await writeFile(join(dir, 'csr.yaml'), 'apiVersion: certificates.platform.io/v1\nkind: CertificateSigningRequest\nmetadata:\n  name: from-file\n');
    const r = await cli('certificate', 'deny', '-f', 'csr.yaml');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'certificatesigningrequest.certificates.platform.io/from-file denied\n');
  });

  test('get csr shows the server table', async () => {
    const r = await cli('get', 'csr', 'a2');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^NAME\s+AGE\s+SIGNERNAME\s+REQUESTOR\s+REQUESTEDDURATION\s+CONDITION\n/);
    assert.match(r.stdout, /a2\s+\S+\s+example\.com\/custom\s+admin\s+<none>\s+Approved\n/);
  });
});

describe('joining a node with a bootstrap token', () => {
  let server: TestServer;
  let dir: string;
  let adminConfig: string;
  before(async () => {
    server = await startTestServer({
      authorization: { modes: ['RBAC'] },
      authentication: { anonymous: true, enableBootstrapTokenAuth: true },
      certificates: { bootstrapSigner: true },
    });
    dir = await mkdtemp(join(tmpdir(), 'platformctl-join-'));
    adminConfig = await writeTestKubeconfig(server, join(dir, 'admin'));
  });
  after(async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('token, discovery, auto-approved node certificate, new identity', async () => {
    const opts = { cwd: dir, now: new Date() };
    const created = await runCli(['--kubeconfig', adminConfig, 'create', 'bootstrap-token', '--ttl', '1h', '--description', 'join worker-1'], opts);
    assert.equal(created.code, 0, created.stderr);
    const token = created.stdout.trim();
    assert.match(token, /^[a-z0-9]{6}\.[a-z0-9]{16}$/);

    // The signer signs cluster-info for the new token (asynchronously).
    await server.settle();
    const discovered = await runCli(['bootstrap', 'discover', '--server', server.url, '--token', token, '--write-config', 'bootstrap.conf'], opts);
    assert.equal(discovered.code, 0, discovered.stderr);
    assert.equal(discovered.stdout, `cluster ${server.url} verified; config written to ${join(dir, 'bootstrap.conf')}\n`);
    assert.equal(await mode(join(dir, 'bootstrap.conf')), 0o600);

    const wrong = await runCli(['bootstrap', 'discover', '--server', server.url, '--token', `${token.slice(0, 7)}${'0'.repeat(16)}`], opts);
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /can't trust this API Server/);
    assert.equal(wrong.stderr.includes(token.slice(7)), false);

    const requested = await runCli(['--kubeconfig', 'bootstrap.conf', 'certificate', 'request', 'node-csr-worker-1', '--signer', 'platform.io/apiserver-client-nodeagent',
      '--cn', 'system:node:worker-1', '--org', 'system:nodes', '--wait', '--key-out', 'worker-1.key', '--cert-out', 'worker-1.crt', '--timeout', '20s'], opts);
    assert.equal(requested.code, 0, requested.stderr);
    assert.match(requested.stdout, /certificate written to/);

    const csr = await call(server, 'GET', `${CSRS}/node-csr-worker-1`, { token: server.adminToken });
    const spec = csr.body.spec as { username: string };
    assert.equal(spec.username, `system:bootstrap:${token.slice(0, 6)}`);
    assert.equal((csr.body.status as { conditions: { reason: string }[] }).conditions[0]?.reason, 'AutoApproved');

    const nodeConfig = join(dir, 'node.conf');
    await writeFile(nodeConfig, [
      'apiVersion: v1', 'kind: Config',
      'clusters:', '- name: c', '  cluster:', `    server: ${server.url}`, `    certificate-authority-data: ${Buffer.from(server.caPem).toString('base64')}`,
      'users:', '- name: node', '  user:', `    client-certificate: ${join(dir, 'worker-1.crt')}`, `    client-key: ${join(dir, 'worker-1.key')}`,
      'contexts:', '- name: node', '  context: {cluster: c, user: node}', 'current-context: node', '',
    ].join('\n'), { mode: 0o600 });
    const review = await call(server, 'POST', '/apis/authentication.platform.io/v1/selfsubjectreviews', {
      cert: await readFile(join(dir, 'worker-1.crt'), 'utf8'), key: await readFile(join(dir, 'worker-1.key'), 'utf8'),
      body: { apiVersion: 'authentication.platform.io/v1', kind: 'SelfSubjectReview' },
    });
    assert.deepEqual((review.body.status as { userInfo: unknown }).userInfo, { username: 'system:node:worker-1', groups: ['system:nodes', 'system:authenticated'] });
    // The node identity is usable from the CLI (it may list signing requests).
    const listed = await runCli(['--kubeconfig', nodeConfig, 'get', 'csr', '-o', 'name'], opts);
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /certificatesigningrequest\.certificates\.platform\.io\/node-csr-worker-1/);
  });
});
