/**
 * Certificate helpers of the SDK: PKCS#10 requests with fresh keys, bootstrap tokens and their
 * secrets, and verified token discovery of a cluster (`cluster-info` and its JWS).
 *
 * @packageDocumentation
 */
export { createCertificateRequest, escapeDnValue, privateKeyPem, subjectName, type CertificateRequest, type CertificateRequestOptions, type KeyType } from './request.js';
export { BOOTSTRAP_TOKEN_USAGES, bootstrapTokenSecret, generateBootstrapToken, parseBootstrapToken, type BootstrapToken, type BootstrapTokenSecretOptions } from './bootstrap-token.js';
export { verifyClusterInfo, verifyDetachedJws, type VerifiedClusterInfo } from './cluster-info.js';
export { bootstrapConfigText, discoverCluster, type DiscoveryOptions } from './discovery.js';
