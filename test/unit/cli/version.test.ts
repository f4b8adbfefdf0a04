import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../../support/cli.js';

test('version --client prints the client version', async () => {
  const r = await runCli(['version', '--client']);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^Client Version: v\d+\.\d+\.\d+\n$/);
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
