/**
 * CertificateSigningRequest (certificates.platform.io/v1): requestor fields from the
 * authenticated user, spec kept on update, and the validation of src/server/certificates. The
 * `approval` and `status` sub-resource semantics and the signer checks are in
 * src/server/certificates/admission.ts.
 */
import { GROUPS } from '../../sdk/naming.js';
import { validateCsr, validateCsrStatusUpdate, validateCsrUpdate } from '../certificates/validation.js';
import { csrTable } from '../tables/cluster.js';
import { childOf } from '../util/json.js';
import { defineKind } from './define.js';

export const certificateSigningRequestDef = defineKind({
  group: GROUPS.certificates, version: 'v1', kind: 'CertificateSigningRequest', plural: 'certificatesigningrequests', shortNames: ['csr'],
  namespaced: false, nameRule: 'path', status: true, table: csrTable,
  extraSubresources: [{ name: 'approval', responseKind: { group: GROUPS.certificates, version: 'v1', kind: 'CertificateSigningRequest' }, verbs: ['get', 'patch', 'update'] }],
  fieldSelectors: { 'spec.signerName': (c) => c.spec?.signerName ?? '' },
  hooks: {
    prepareForCreate(csr, ctx) {
      // The requestor fields come from the authenticated user, never from the body (a missing
      // spec is made empty first; validation then asks for its fields).
      childOf(csr, 'spec');
      const spec = csr.spec;
      spec.username = ctx.user.username;
      if (ctx.user.uid !== undefined) spec.uid = ctx.user.uid;
      else delete spec.uid;
      spec.groups = [...ctx.user.groups];
      if (ctx.user.extra !== undefined && Object.keys(ctx.user.extra).length > 0) spec.extra = structuredClone(ctx.user.extra);
      else delete spec.extra;
    },
    prepareForUpdate(csr, old) {
      // Writes to the main resource change neither the request nor its status.
      // A stored request always has a spec: its create made one.
      csr.spec = structuredClone(old.spec);
    },
    validate: (csr) => validateCsr(csr),
    validateUpdate: (csr, old) => validateCsrUpdate(csr, old),
    validateStatusUpdate: (csr, old) => validateCsrStatusUpdate(csr, old),
  },
});
