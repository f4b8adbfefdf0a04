import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../../support/cli.js';

test('version --client prints the client version', async () => {
  const r = await runCli(['version', '--client']);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^Client Version: v\d+\.\d+\.\d+\nKustomize Version: v5\.5\.0\n$/);
  assert.equal(r.stderr, '');
});

test('version --client -o json is machine-readable', async () => {
  const r = await runCli(['version', '--client', '-o', 'json']);
  assert.equal(r.code, 0);
  const parsed = JSON.parse(r.stdout) as { clientVersion: { gitVersion: string } };
  assert.match(parsed.clientVersion.gitVersion, /^v\d/);
});

test('unknown command suggests the closest and exits 1', async () => {
  const r = await runCli(['verison']);
  assert.equal(r.code, 1);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^error: unknown command "verison" for "platformctl"\n\nDid you mean this\?\n\tversion\n/);
});

test('unknown flag is a one-line error with a usage hint', async () => {
  const r = await runCli(['version', '--bogus']);
  assert.equal(r.code, 1);
  assert.equal(r.stderr, "error: unknown flag: --bogus\nSee 'platformctl version --help' for usage.\n");
});

test('version names the embedded kustomize in every format, as kubectl 1.32 does', async () => {
  const json = JSON.parse((await runCli(['version', '--client', '-o', 'json'])).stdout) as Record<string, unknown>;
  assert.deepEqual(Object.keys(json), ['clientVersion', 'kustomizeVersion']);
  assert.equal(json.kustomizeVersion, 'v5.5.0');
  const yaml = (await runCli(['version', '--client', '-o', 'yaml'])).stdout;
  // sigs.k8s.io/yaml: sorted keys, Go's quoting, and kubectl's blank line after the document.
  assert.match(yaml, /^clientVersion:\n {2}buildDate: .*\n[\s\S]*\n {2}major: "\d+"\n[\s\S]*\nkustomizeVersion: v5\.5\.0\n\n$/);
});
