/**
 * The keychain round trip, run as its own process inside a D-Bus session (see keychain.test.ts):
 * prints `ok` when a secret is stored, read back, replaced and deleted, `skip: <reason>` when no
 * keychain is usable, and fails with the assertion otherwise.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { loadKeytar, openKeychainStore } from '../../src/sdk/auth/credential-store/keytar-store.js';

const SERVICE = 'platformctl-keychain-test';

/** Stores, reads, replaces and deletes one secret; returns a skip reason when there is no keychain. */
export async function keychainRoundTrip(): Promise<string | undefined> {
  const { store, reason } = await openKeychainStore(loadKeytar, SERVICE);
  if (store === undefined) return reason ?? 'no keychain';
  const account = `acct-${randomBytes(6).toString('hex')}`;
  const secret = `s-${randomBytes(12).toString('hex')}`;
  try {
    assert.equal(await store.get(SERVICE, account), undefined);
    await store.set(SERVICE, account, secret);
    assert.equal(await store.get(SERVICE, account), secret);
    await store.set(SERVICE, account, `${secret}-2`);
    assert.equal(await store.get(SERVICE, account), `${secret}-2`);
  } finally {
    assert.equal(await store.delete(SERVICE, account), true);
  }
  assert.equal(await store.get(SERVICE, account), undefined);
  return undefined;
}

if (process.argv[2] === '--run') {
  const reason = await keychainRoundTrip();
  process.stdout.write(reason === undefined ? 'ok\n' : `skip: ${reason}\n`);
}
