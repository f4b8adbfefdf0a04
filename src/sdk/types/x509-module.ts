/**
 * The @peculiar/x509 module with node's webcrypto as its provider, loaded when first needed (it is
 * heavy; only certificate work needs it). Here, beside the types, because the client's certificate
 * commands and the server (its CSR signer, its TLS material) both load it; the server's certificates
 * module loads it when it starts, so that its synchronous validation hooks can take it from
 * {@link x509Sync} without awaiting an import.
 */
import { webcrypto } from 'node:crypto';
import type * as X509 from '@peculiar/x509';

/** The x509 module type. */
export type X509Module = typeof X509;

let loaded: X509Module | undefined;

/** Loads (once) and returns the x509 module with node's webcrypto as its provider. */
export async function loadX509(): Promise<X509Module> {
  if (loaded !== undefined) return loaded;
  const mod = (await import('@peculiar/x509')) as X509Module & { default?: X509Module };
  // Bundlers may hand the CommonJS build over as a default export.
  const x509 = (mod.cryptoProvider as X509Module['cryptoProvider'] | undefined) === undefined && mod.default !== undefined ? mod.default : mod;
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
  loaded = x509;
  return x509;
}

/** The module loaded by {@link loadX509}; throws when it was not loaded yet. */
export function x509Sync(): X509Module {
  if (loaded === undefined) throw new Error('the x509 module is not loaded');
  return loaded;
}
