import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readClientConfig } from '../../../../src/server/auth/client-config.js';

/** Writes `files` into a new directory and returns the path of its `config`. */
function configDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'client-config-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return join(dir, 'config');
}

const TWO_CONTEXTS = `
apiVersion: v1
kind: Config
clusters:
- name: first
  cluster: {server: "https://first.example:443", certificate-authority: ca.pem}
- name: second
  cluster: {server: "https://second.example:443", certificate-authority: ca.pem}
users:
- name: first
  user: {token: first-token}
- name: second
  user: {token: inline-token, tokenFile: token.txt}
contexts:
- name: first
  context: {cluster: first, user: first}
- name: second
  context: {cluster: second, user: second}
`;

test('the current context names the cluster and user, and paths are relative to the file', async () => {
  const path = configDir({ config: `${TWO_CONTEXTS}current-context: second\n`, 'ca.pem': 'CA PEM', 'token.txt': ' file-token\n' });
  const service = await readClientConfig(path);
  assert.equal(service.server, 'https://second.example:443');
  assert.equal(service.ca, 'CA PEM');
  assert.equal(service.authorization, 'Bearer file-token', 'the token file, trimmed, wins over the token');
});

test('the token stands in when the token file cannot be read', async () => {
  const path = configDir({ config: `${TWO_CONTEXTS}current-context: second\n`, 'ca.pem': 'CA PEM' });
  assert.equal((await readClientConfig(path)).authorization, 'Bearer inline-token');
});

test('a file without a usable current context is refused as client-go refuses it', async () => {
  await assert.rejects(readClientConfig(configDir({ config: TWO_CONTEXTS, 'ca.pem': 'x' })), /invalid configuration: no configuration has been provided/);
  await assert.rejects(readClientConfig(configDir({ config: `${TWO_CONTEXTS}current-context: third\n`, 'ca.pem': 'x' })),
    /invalid configuration: \[context was not found for specified context: third, cluster has no server defined\]/);
});

test('an http server gets no credentials; insecure with a CA is an error', async () => {
  const http = configDir({ config: 'clusters: [{name: c, cluster: {server: "http://plain.example"}}]\nusers: [{name: u, user: {token: t}}]\ncontexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\n' });
  assert.deepEqual(await readClientConfig(http), { server: 'http://plain.example' });
  const insecure = configDir({ config: 'clusters: [{name: c, cluster: {server: "https://a.example", insecure-skip-tls-verify: true, certificate-authority-data: Q0E=}}]\ncontexts: [{name: x, context: {cluster: c}}]\ncurrent-context: x\n' });
  await assert.rejects(readClientConfig(insecure), /specifying a root certificates file with the insecure flag is not allowed/);
});

test('hostile and mistyped files get one-line errors', async () => {
  const aliases = ['a0: &a0 [x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i < 30; i++) aliases.push(`a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(', ')}]`);
  await assert.rejects(readClientConfig(configDir({ config: `${aliases.join('\n')}\n` })), /excessive aliasing/);
  await assert.rejects(readClientConfig(configDir({ config: 'clusters: [{name: c, cluster: {server: 5}}]\n' })),
    /error loading config file ".*": json: cannot unmarshal number into Go struct field Cluster\.clusters\.cluster\.server of type string/);
});
