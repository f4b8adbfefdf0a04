import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FlagValues } from '../../../../src/cli/framework/flag-values.js';
import { UsageError } from '../../../../src/cli/framework/usage-error.js';
import { certificatesArgs, certificatesFlags, certificatesOptionsFromFlags } from '../../../../src/cli/commands/local/start/flags-certificates.js';

function flags(given: Record<string, string | string[]>): FlagValues {
  const values = new Map<string, string | number | boolean | readonly string[] | undefined>();
  for (const f of certificatesFlags) values.set(f.name, f.default);
  for (const [k, v] of Object.entries(given)) values.set(k, v);
  return new FlagValues(values, new Set(Object.keys(given)));
}

describe('local start certificate flags', () => {
  test('defaults: one year, every controller but the bootstrap signer', () => {
    assert.deepEqual(certificatesOptionsFromFlags(flags({})), {
      signingDurationMs: 8760 * 3600_000, signer: true, autoApprove: true, cleaner: true, bootstrapSigner: false,
    });
    assert.deepEqual(certificatesArgs(flags({})), []);
  });

  test('--controllers enables and disables by name; --cluster-signing-duration sets the lifetime cap', () => {
    const f = flags({ controllers: ['*', 'bootstrapsigner', '-csrapproving'], 'cluster-signing-duration': '2h' });
    assert.deepEqual(certificatesOptionsFromFlags(f), { signingDurationMs: 2 * 3600_000, signer: true, autoApprove: false, cleaner: true, bootstrapSigner: true });
    assert.deepEqual(certificatesArgs(f), ['--cluster-signing-duration=2h', '--controllers=*,bootstrapsigner,-csrapproving']);
    assert.deepEqual(certificatesOptionsFromFlags(flags({ controllers: ['csrsigning'] })), {
      signingDurationMs: 8760 * 3600_000, signer: true, autoApprove: false, cleaner: false, bootstrapSigner: false,
    });
  });

  test('unknown controllers and a zero duration are usage errors', () => {
    assert.throws(() => certificatesOptionsFromFlags(flags({ controllers: ['*', 'magic'] })), (e: unknown) => e instanceof UsageError && e.message === '"magic" is not in the list of known controllers');
    assert.throws(() => certificatesOptionsFromFlags(flags({ 'cluster-signing-duration': '0s' })), UsageError);
  });
});
