/**
 * Lazy loading of @peculiar/x509 (heavy; only certificate commands need it), with node's
 * webcrypto as its provider.
 */
import { webcrypto } from 'node:crypto';
import type * as X509 from '@peculiar/x509';

/** The x509 module type. */
export type X509Module = typeof X509;

let cached: Promise<X509Module> | undefined;

/** Loads @peculiar/x509 once. */
export function loadX509(): Promise<X509Module> {
  cached ??= (async () => {
    const mod = (await import('@peculiar/x509')) as X509Module & { default?: X509Module };
    // Bundlers may hand the CommonJS build over as a default export.
    const x509 = (mod.cryptoProvider as X509Module['cryptoProvider'] | undefined) === undefined && mod.default !== undefined ? mod.default : mod;
    x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
    return x509;
  })();
  return cached;
}
