/**
 * Validation of certificates.platform.io/v1 CertificateSigningRequests, with kube-apiserver's
 * rules and messages: the request must be a PKCS#10 PEM whose signature verifies, the signer
 * named (and not the legacy one), usages known and unique, expirationSeconds >= 600, condition
 * types unique with a status, the certificate CERTIFICATE blocks only; updates may not remove
 * decisions nor change an issued certificate.
 */
import { X509Certificate } from 'node:crypto';
import type { JsonObject } from '../../sdk/types/meta.js';
import type { CertificateSigningRequest, CertificateSigningRequestSpec } from '../../sdk/types/generated/certificates-v1.js';
import { SIGNERS } from '../../sdk/naming.js';
import { asString } from '../util/json.js';
import { fieldError, OMIT_VALUE, supportedValue, type FieldError } from '../validation/field-errors.js';
import { certificateOf } from './conditions.js';
import { conditionsOf } from '../util/conditions.js';
import { decodeBytesField, parsePem } from './pem.js';
import { parseRequestPem } from './request.js';
import { KNOWN_USAGES } from './usages.js';

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const SIGNER_FORMAT = "must be a fully qualified domain and path of the form 'example.com/signer-name'";

function isSubdomain(s: string): boolean {
  return s.length <= 253 && s.split('.').every((l) => l.length <= 63 && DNS_LABEL.test(l));
}

/** ValidateSignerName: `<domain>/<path>` with a DNS subdomain of at least two labels. */
export function validateSignerName(field: string, name: string): FieldError[] {
  if (name === '') return [fieldError.required(field)];
  const slash = name.indexOf('/');
  if (slash < 0) return [fieldError.invalid(field, name, SIGNER_FORMAT)];
  const domain = name.slice(0, slash);
  const path = name.slice(slash + 1);
  if (path === '') return [fieldError.invalid(field, name, 'validating path: must not be empty')];
  if (!domain.includes('.') || !isSubdomain(domain)) return [fieldError.invalid(field, name, SIGNER_FORMAT)];
  if (name.length > 571) return [fieldError.tooLong(field, 571)];
  return [];
}

function validateSpec(csr: CertificateSigningRequest): FieldError[] {
  const errs: FieldError[] = [];
  const spec: Partial<CertificateSigningRequestSpec> = csr.spec ?? {};
  const request = decodeBytesField(spec.request) ?? '';
  try {
    parseRequestPem(request);
  } catch (e) {
    errs.push({ type: 'FieldValueInvalid', field: 'spec.request', value: OMIT_VALUE, detail: e instanceof Error ? e.message : String(e) });
  }
  const usages: string[] = spec.usages ?? [];
  if (usages.length === 0) errs.push(fieldError.required('spec.usages'));
  usages.forEach((u, i) => {
    supportedValue(errs, `spec.usages[${i}]`, u, KNOWN_USAGES);
  });
  const seen = new Set<string>();
  usages.forEach((u, i) => {
    if (seen.has(u)) errs.push(fieldError.duplicate(`spec.usages[${i}]`, u));
    seen.add(u);
  });
  const signer = spec.signerName ?? '';
  if (signer === SIGNERS.legacyUnknown) errs.push(fieldError.invalid('spec.signerName', signer, 'the legacy signerName is not allowed via this API version'));
  else errs.push(...validateSignerName('spec.signerName', signer));
  const exp = spec.expirationSeconds;
  if (typeof exp === 'number' && exp < 600) errs.push(fieldError.invalid('spec.expirationSeconds', exp, 'may not specify a duration less than 600 seconds (10 minutes)'));
  return errs;
}

/** validateConditions: types present and unique, a valid status, decisions only True and exclusive. */
export function validateConditions(csr: JsonObject): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  let approved = false;
  let denied = false;
  conditionsOf(csr.status).forEach((c, i) => {
    const path = `status.conditions[${i}]`;
    const type = asString(c.type) ?? '';
    const status = asString(c.status) ?? '';
    if (type === '') errs.push(fieldError.required(`${path}.type`));
    if (status === '') errs.push(fieldError.required(`${path}.status`));
    else supportedValue(errs, `${path}.status`, status, ['False', 'True', 'Unknown']);
    if (seen.has(type)) errs.push(fieldError.duplicate(`${path}.type`, type));
    seen.add(type);
    if (type === 'Approved' || type === 'Denied' || type === 'Failed') {
      if (type === 'Approved') approved = true;
      if (type === 'Denied') denied = true;
      if (status !== '' && status !== 'True') errs.push(fieldError.invalid(`${path}.status`, status, `${type} condition may only be set to True`));
    }
  });
  if (approved && denied) errs.push(fieldError.invalid('status.conditions', OMIT_VALUE, 'Approved and Denied conditions are mutually exclusive'));
  return errs;
}

/** validateCertificate: only CERTIFICATE blocks without headers, each a parseable certificate. */
export function certificateError(pem: string): string | undefined {
  if (pem === '') return undefined;
  const { blocks } = parsePem(pem);
  if (blocks.length === 0) return 'must contain at least one CERTIFICATE PEM block';
  for (const b of blocks) {
    if (b.type !== 'CERTIFICATE') return `only CERTIFICATE PEM blocks are allowed, found ${JSON.stringify(b.type)}`;
    try {
      new X509Certificate(b.der);
    } catch {
      return 'x509: malformed certificate';
    }
  }
  return undefined;
}

function validateStatus(csr: JsonObject): FieldError[] {
  const errs = validateConditions(csr);
  const err = certificateError(certificateOf(csr));
  if (err !== undefined) errs.push(fieldError.invalidText('status.certificate', '"<certificate data>"', err));
  return errs;
}

/** Checks of a new request (and of a main-resource update, whose spec is the old one). */
export function validateCsr(csr: CertificateSigningRequest): FieldError[] {
  return [...validateSpec(csr), ...validateStatus(csr)];
}

/** Update rules: decisions and failures cannot be removed, an issued certificate cannot change. */
export function validateCsrUpdate(csr: JsonObject, old: JsonObject): FieldError[] {
  const errs: FieldError[] = [];
  for (const t of ['Approved', 'Denied', 'Failed']) {
    const before = conditionsOf(old.status).filter((c) => c.type === t).length;
    const after = conditionsOf(csr.status).filter((c) => c.type === t).length;
    if (after < before) errs.push(fieldError.forbidden('status.conditions', `updates may not remove a condition of type ${JSON.stringify(t)}`));
  }
  const oldCert = certificateOf(old);
  if (oldCert !== '' && oldCert !== certificateOf(csr)) errs.push(fieldError.forbidden('status.certificate', 'updates may not modify existing certificate content'));
  return errs;
}

/** Checks of a status or approval write. */
export function validateCsrStatusUpdate(csr: JsonObject, old: JsonObject): FieldError[] {
  return [...validateStatus(csr), ...validateCsrUpdate(csr, old)];
}
