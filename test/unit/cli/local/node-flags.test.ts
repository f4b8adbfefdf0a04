import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FlagValues } from '../../../../src/cli/framework/flag-values.js';
import { nodeArgs, nodeFlags, nodeOptionsFromFlags, otherAuthentication } from '../../../../src/cli/commands/local/start/flags-node.js';

function flags(value?: string): FlagValues {
  if (value === undefined) return FlagValues.defaults(nodeFlags);
  return new FlagValues(new Map([['node-runtime', value]]), new Set(['node-runtime']));
}

test('--node-runtime: process by default only with nothing but the admin token; the flag overrides', () => {
  assert.deepEqual(nodeOptionsFromFlags(flags(), {}), { runtime: 'process' });
  assert.equal(otherAuthentication({ tokenAuthFile: '/x' }), '--token-auth-file');
  assert.equal(otherAuthentication({ anonymous: true }), undefined, 'anonymous requests are part of the local setup');
  assert.equal(otherAuthentication({ clientCAFile: '/ca.pem' }), '--client-ca-file');
  const off = nodeOptionsFromFlags(flags(), { oidc: { issuerURL: 'https://x', clientID: 'c' } });
  assert.deepEqual(off, { runtime: 'none', disabledReason: 'the process runtime is off because authentication other than the local admin token is configured (--oidc-issuer-url)' });
  assert.deepEqual(nodeOptionsFromFlags(flags('process'), { tokenAuthFile: '/x' }), { runtime: 'process' });
  assert.deepEqual(nodeOptionsFromFlags(flags('none'), {}), { runtime: 'none', registerNode: false, disabledReason: 'the server was started with --node-runtime=none' }, 'no node at all');
  assert.equal(nodeOptionsFromFlags(flags('none'), { tokenAuthFile: '/x' }).registerNode, false);
  assert.throws(() => nodeOptionsFromFlags(flags('docker'), {}), /^UsageError: invalid argument "docker" for "--node-runtime" flag: must be process or none$/);
  assert.deepEqual(nodeArgs(flags('none')), ['--node-runtime=none']);
  assert.deepEqual(nodeArgs(flags()), []);
});
