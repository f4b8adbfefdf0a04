import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FlagValues } from '../../../../src/cli/framework/flag-values.js';
import { UsageError } from '../../../../src/cli/framework/usage-error.js';
import { authorizationOptionsFromFlags, authzArgs, authzFlags } from '../../../../src/cli/commands/local/start/flags-authz.js';

function flags(given: Record<string, string | string[]>): FlagValues {
  const values = new Map<string, string | number | boolean | readonly string[] | undefined>();
  for (const f of authzFlags) values.set(f.name, f.default);
  for (const [k, v] of Object.entries(given)) values.set(k, v);
  return new FlagValues(values, new Set(Object.keys(given)));
}

describe('local start authorization flags', () => {
  test('the default is Node,RBAC', async () => {
    assert.deepEqual(await authorizationOptionsFromFlags(flags({}), '/srv'), { modes: ['Node', 'RBAC'] });
    assert.deepEqual(authzArgs(flags({}), '/srv'), []);
  });

  test('modes, the ABAC policy file and the webhook flags map to the server options', async () => {
    const f = flags({
      'authorization-mode': ['ABAC', 'Webhook,RBAC'], 'authorization-policy-file': 'policy.jsonl', 'authorization-webhook-config-file': '/etc/hook.yaml',
      'authorization-webhook-version': 'v1', 'authorization-webhook-cache-authorized-ttl': '1m', 'authorization-webhook-cache-unauthorized-ttl': '0',
    });
    assert.deepEqual(await authorizationOptionsFromFlags(f, '/srv'), {
      modes: ['ABAC', 'Webhook', 'RBAC'], policyFile: '/srv/policy.jsonl',
      webhook: { configFile: '/etc/hook.yaml', version: 'v1', authorizedTtlMs: 60_000, unauthorizedTtlMs: 0 },
    });
    // The background server gets the same flags, with absolute paths.
    assert.deepEqual(authzArgs(f, '/srv'), [
      '--authorization-mode=ABAC,Webhook,RBAC', '--authorization-policy-file=/srv/policy.jsonl', '--authorization-webhook-config-file=/etc/hook.yaml',
      '--authorization-webhook-version=v1', '--authorization-webhook-cache-authorized-ttl=1m', '--authorization-webhook-cache-unauthorized-ttl=0',
    ]);
  });

  test('an unknown mode is a usage error', async () => {
    await assert.rejects(authorizationOptionsFromFlags(flags({ 'authorization-mode': ['RBAC', 'Magic'] }), '/srv'), (e: unknown) => {
      assert.ok(e instanceof UsageError);
      assert.equal(e.message, 'authorization-mode "Magic" is not a valid mode');
      return true;
    });
  });
});
