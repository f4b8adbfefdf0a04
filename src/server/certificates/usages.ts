/**
 * The key usages a signing request may name (Go's `allValidUsages`), and the ones each
 * built-in signer's certificates carry.
 */

/** Every known usage, sorted as `sets.List` prints them in "supported values". */
export const KNOWN_USAGES: readonly string[] = [
  'any', 'cert sign', 'client auth', 'code signing', 'content commitment', 'crl sign', 'data encipherment', 'decipher only',
  'digital signature', 'email protection', 'encipher only', 'ipsec end system', 'ipsec tunnel', 'ipsec user', 'key agreement',
  'key encipherment', 'microsoft sgc', 'netscape sgc', 'ocsp signing', 's/mime', 'server auth', 'signing', 'timestamping',
];

/** X.509 key usage bits per usage name (RFC 5280 bit positions as @peculiar/x509 flags). */
export const KEY_USAGE_BITS: Readonly<Record<string, number>> = {
  'signing': 1, 'digital signature': 1, 'content commitment': 2, 'key encipherment': 4, 'data encipherment': 8,
  'key agreement': 16, 'cert sign': 32, 'crl sign': 64, 'encipher only': 128, 'decipher only': 256,
};

/** Extended key usage OIDs per usage name. */
export const EXT_KEY_USAGE_OIDS: Readonly<Record<string, string>> = {
  'any': '2.5.29.37.0', 'server auth': '1.3.6.1.5.5.7.3.1', 'client auth': '1.3.6.1.5.5.7.3.2', 'code signing': '1.3.6.1.5.5.7.3.3',
  'email protection': '1.3.6.1.5.5.7.3.4', 's/mime': '1.3.6.1.5.5.7.3.4', 'ipsec end system': '1.3.6.1.5.5.7.3.5',
  'ipsec tunnel': '1.3.6.1.5.5.7.3.6', 'ipsec user': '1.3.6.1.5.5.7.3.7', 'timestamping': '1.3.6.1.5.5.7.3.8',
  'ocsp signing': '1.3.6.1.5.5.7.3.9', 'microsoft sgc': '1.3.6.1.4.1.311.10.3.3', 'netscape sgc': '2.16.840.1.113730.4.1',
};
