/**
 * Schemas of certificates/v1: CertificateSigningRequests.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import { GROUPS } from '../../../naming.js';
import type { StructSchema } from '../../../../machinery/schema/type-schema.js';
import { atomicList, keyedList, kind, mapOf, message, named } from './build.js';
import { CONDITION_STATUS } from './core-values.js';
import { OBJECT_META } from './meta.js';
import { BYTES, INT32, STRING, TIME } from './scalars.js';

/** Values of `v1.KeyUsage`. */
export const KEY_USAGE = named(STRING, 'v1.KeyUsage', ['any', 'cert sign', 'client auth', 'code signing', 'content commitment', 'crl sign', 'data encipherment', 'decipher only', 'digital signature', 'email protection', 'encipher only', 'ipsec end system', 'ipsec tunnel', 'ipsec user', 'key agreement', 'key encipherment', 'microsoft sgc', 'netscape sgc', 'ocsp signing', 's/mime', 'server auth', 'signing', 'timestamping']);
/** `v1.RequestConditionType`. */
export const REQUEST_CONDITION_TYPE = named(STRING, 'v1.RequestConditionType');

/** CertificateSigningRequestSpec (certificates/v1). */
export const CERTIFICATE_SIGNING_REQUEST_SPEC: StructSchema = message('api.certificates.v1', 'CertificateSigningRequestSpec', 'A certificate request and what the server knows of its requester.', {
  request: [1, BYTES, 'The PKCS#10 request, PEM-encoded (base64 in JSON).', 're'],
  signerName: [7, STRING, 'The signer asked to sign (`platform.io/apiserver-client`, `platform.io/apiserver-client-nodeagent`, `platform.io/nodeagent-serving` or a custom one).', 're'],
  expirationSeconds: [8, INT32, 'Requested validity in seconds, at least 600; signers may issue shorter certificates.', 'p'],
  usages: [5, atomicList(KEY_USAGE), 'Requested key usages and extended key usages (digital signature, key encipherment, client auth, server auth ...).'],
  username: [2, STRING, 'The user who created the request, set by the server.'],
  uid: [3, STRING, 'UID of the user who created the request, set by the server.'],
  groups: [4, atomicList(STRING), 'Groups of the user who created the request, set by the server.'],
  extra: [6, mapOf(atomicList(STRING, undefined, 'v1.ExtraValue')), 'Extra attributes of the user who created the request, set by the server.'],
});

/** CertificateSigningRequestCondition (certificates/v1). */
export const CERTIFICATE_SIGNING_REQUEST_CONDITION: StructSchema = message('api.certificates.v1', 'CertificateSigningRequestCondition', 'A condition of a certificate request.', {
  type: [1, REQUEST_CONDITION_TYPE, 'Approved, Denied or Failed.', 're'],
  status: [6, CONDITION_STATUS, 'Whether the condition holds: True, False or Unknown.', 're'],
  reason: [2, STRING, 'A CamelCase word for why the condition has its status, for programs.'],
  message: [3, STRING, 'A human-readable explanation of the condition.'],
  lastUpdateTime: [4, TIME, 'When the condition was last updated.'],
  lastTransitionTime: [5, TIME, 'When the status last changed.'],
});

/** CertificateSigningRequestStatus (certificates/v1). */
export const CERTIFICATE_SIGNING_REQUEST_STATUS: StructSchema = message('api.certificates.v1', 'CertificateSigningRequestStatus', 'Approval and the issued certificate.', {
  conditions: [1, keyedList(['type'], CERTIFICATE_SIGNING_REQUEST_CONDITION), 'Approved, Denied and Failed conditions.'],
  certificate: [2, BYTES, 'The issued certificate chain, PEM-encoded (base64 in JSON), set by the signer once approved.'],
});

/** CertificateSigningRequest (certificates/v1). */
export const CERTIFICATE_SIGNING_REQUEST: StructSchema = kind('api.certificates.v1', 'CertificateSigningRequest', [{ group: GROUPS.certificates, version: 'v1', kind: 'CertificateSigningRequest' }], 'A request for an X.509 certificate, approved and then signed by a signer.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, CERTIFICATE_SIGNING_REQUEST_SPEC, 'The request. Cannot be changed after creation.', 're'],
  status: [3, CERTIFICATE_SIGNING_REQUEST_STATUS, 'Approval conditions and the issued certificate.'],
});
