/**
 * Helpers of the certificate tests: signing-request objects from generated PKCS#10 requests,
 * requests against the server with a token or client certificate, and waiting for the
 * controllers.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { createCertificateRequest, type CertificateRequestOptions } from '../../../../src/sdk/certificates/request.js';
import { call, type Answer, type Call } from '../../../support/tls-call.js';

/** The CSR collection path. */
export const CSRS = '/apis/certificates.platform.io/v1/certificatesigningrequests';


export { call, type Answer, type Call };

/** A CSR object for a freshly generated request; returns the key too. */
export async function csrObject(
  name: string,
  signerName: string,
  usages: string[],
  subject: CertificateRequestOptions,
  extra: Record<string, unknown> = {},
): Promise<{ object: Record<string, unknown>; keyPem: string; csrPem: string }> {
  const r = await createCertificateRequest(subject);
  return {
    object: {
      apiVersion: 'certificates.platform.io/v1', kind: 'CertificateSigningRequest', metadata: { name },
      spec: { request: Buffer.from(r.csrPem).toString('base64'), signerName, usages, ...extra },
    },
    keyPem: r.keyPem,
    csrPem: r.csrPem,
  };
}

/** The Approved condition kubectl's approve appends. */
export function approvedCondition(type = 'Approved'): Record<string, unknown> {
  return { type, status: 'True', reason: 'TestApprove', message: 'approved by a test' };
}

/** PUTs the approval sub-resource with `conditions` added to the stored object. */
export async function decide(server: { url: string; caPem: string }, name: string, type: 'Approved' | 'Denied', c: Call): Promise<Answer> {
  const cur = await call(server, 'GET', `${CSRS}/${name}`, c);
  const status = (cur.body.status ?? {}) as { conditions?: unknown[] };
  const body = { ...cur.body, status: { ...status, conditions: [...(status.conditions ?? []), approvedCondition(type)] } };
  return call(server, 'PUT', `${CSRS}/${name}/approval`, { ...c, body });
}

/** Polls `path` until `done` holds for the answer (or fails after ~5 s). */
export async function waitFor(server: { url: string; caPem: string }, path: string, c: Call, done: (a: Answer) => boolean): Promise<Answer> {
  let last: Answer | undefined;
  for (let i = 0; i < 250; i++) {
    last = await call(server, 'GET', path, c);
    if (done(last)) return last;
    await sleep(20);
  }
  throw new Error(`timed out waiting on ${path}: ${last?.text ?? ''}`);
}

/** The conditions of a CSR answer. */
export function conditions(a: Answer): Record<string, unknown>[] {
  return ((a.body.status as { conditions?: Record<string, unknown>[] } | undefined)?.conditions) ?? [];
}

/** The issued certificate PEM of a CSR answer ('' when none). */
export function certificatePem(a: Answer): string {
  const c = (a.body.status as { certificate?: string } | undefined)?.certificate;
  return c === undefined ? '' : Buffer.from(c, 'base64').toString('utf8');
}
