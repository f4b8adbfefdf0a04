/**
 * The TLS cipher suites the server offers: those of a real API server, which leaves them to Go's
 * crypto/tls (kube-apiserver 1.32 is built with Go 1.23 and sets no `--tls-cipher-suites` by
 * default). Go's default TLS 1.2 list is its preference order without the suites it disables by
 * default: CBC with SHA-256 and RC4 (always), RSA key exchange (since Go 1.22) and 3DES (since Go
 * 1.23). What is left is ECDHE with AES-GCM, ChaCha20-Poly1305 and AES-CBC-SHA; OpenSSL's default
 * list adds CBC with SHA-256/384, CCM, CCM8 and ARIA, which no Go server offers.
 */

/** Go's `cipherSuitesPreferenceOrder` after its default filter, in OpenSSL's names (TLS 1.2). */
const TLS12 = [
  'ECDHE-ECDSA-AES128-GCM-SHA256', 'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384', 'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305', 'ECDHE-RSA-CHACHA20-POLY1305',
  'ECDHE-ECDSA-AES128-SHA', 'ECDHE-RSA-AES128-SHA',
  'ECDHE-ECDSA-AES256-SHA', 'ECDHE-RSA-AES256-SHA',
];

/** Go's `defaultCipherSuitesTLS13` (OpenSSL's default adds nothing else, but says so here). */
const TLS13 = ['TLS_AES_128_GCM_SHA256', 'TLS_AES_256_GCM_SHA384', 'TLS_CHACHA20_POLY1305_SHA256'];

/** The `ciphers` option of the server's TLS context. */
export const SERVER_CIPHERS = [...TLS13, ...TLS12].join(':');
