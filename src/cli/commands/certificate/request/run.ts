/**
 * `certificate request`.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { PlatformError, TimeoutError } from '../../../../sdk/errors.js';
import { BINARY_NAME, SIGNERS } from '../../../../sdk/naming.js';
import type { CertificateSigningRequest } from '../../../../sdk/types/certificates.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { CSR_RESOURCE, csrRef } from '../shared/csr.js';
import { oneTermEqualSelector } from '../../../../machinery/fields/selector.js';
import { setLongTimeout } from '../../../../machinery/long-timeout.js';

/** Usages the built-in signers require, used when --usage is not given. */
const DEFAULT_USAGES: Readonly<Record<string, string[]>> = {
  [SIGNERS.apiserverClient]: ['digital signature', 'key encipherment', 'client auth'],
  [SIGNERS.apiserverClientNodeAgent]: ['digital signature', 'key encipherment', 'client auth'],
  [SIGNERS.nodeAgentServing]: ['digital signature', 'key encipherment', 'server auth'],
};

interface Plan {
  name: string;
  signer: string;
  usages: string[];
  expirationSeconds: number | undefined;
  keyOut: string;
  certOut: string;
  keyType: 'ecdsa' | 'rsa';
}

function plan(ctx: CommandContext, args: string[], flags: Flags): Plan {
  if (args.length !== 1) throw new UsageError(`exactly one NAME is required, got ${args.length}`);
  const name = args[0] as string;
  const signer = flags.string('signer') ?? '';
  if (signer === '') throw new UsageError('--signer is required');
  const usages = flags.strings('usage').length > 0 ? flags.strings('usage') : DEFAULT_USAGES[signer];
  if (usages === undefined) throw new UsageError(`--usage is required for signer ${JSON.stringify(signer)}`);
  for (const ip of flags.strings('ip')) if (isIP(ip) === 0) throw new UsageError(`invalid IP address ${JSON.stringify(ip)} in --ip`);
  const keyType = flags.string('key-type') ?? 'ecdsa';
  if (keyType !== 'ecdsa' && keyType !== 'rsa') throw new UsageError(`--key-type must be ecdsa or rsa, not ${JSON.stringify(keyType)}`);
  const exp = flags.durationMs('expiration') ?? 0;
  if (exp < 0) throw new UsageError('--expiration must not be negative');
  const out = (flag: 'cert-out' | 'key-out', ext: string): string => resolve(ctx.io.cwd, (flags.string(flag) ?? '') === '' ? `${name}.${ext}` : flags.string(flag) ?? '');
  return {
    name, signer, usages, keyType,
    expirationSeconds: exp === 0 ? undefined : Math.ceil(exp / 1000),
    keyOut: out('key-out', 'key'),
    certOut: out('cert-out', 'crt'),
  };
}

function isDone(csr: CertificateSigningRequest): string | undefined {
  const failed = (csr.status?.conditions ?? []).find((c) => (c.type === 'Denied' || c.type === 'Failed') && c.status === 'True');
  if (failed !== undefined) {
    const why = [failed.reason, failed.message].filter((s) => s !== undefined && s !== '').join(': ');
    throw new PlatformError(`${csrRef(csr.metadata?.name ?? '')} was ${failed.type === 'Denied' ? 'denied' : 'not signed'}${why === '' ? '' : ` (${why})`}`);
  }
  const cert = csr.status?.certificate ?? '';
  return cert === '' ? undefined : Buffer.from(cert, 'base64').toString('utf8');
}

/** Runs `certificate request`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const p = plan(ctx, args, flags);
  const { createCertificateRequest } = await import('../../../../sdk/certificates/request.js');
  const { writeFileAtomic } = await import('../../../../sdk/config/atomic-write.js');
  const cn = (flags.string('cn') ?? '') === '' ? p.name : flags.string('cn') ?? '';
  const req = await createCertificateRequest({ commonName: cn, organizations: flags.strings('org'), dnsNames: flags.strings('dns'), ipAddresses: flags.strings('ip'), keyType: p.keyType });
  const client = (await ctx.client()).resource<CertificateSigningRequest>(CSR_RESOURCE);
  const body: CertificateSigningRequest = {
    apiVersion: CSR_RESOURCE.group === '' ? 'v1' : `${CSR_RESOURCE.group}/v1`, kind: 'CertificateSigningRequest', metadata: { name: p.name },
    spec: { request: Buffer.from(req.csrPem, 'utf8').toString('base64'), signerName: p.signer, usages: p.usages, ...(p.expirationSeconds !== undefined ? { expirationSeconds: p.expirationSeconds } : {}) },
  };
  let csr = await client.create(body, { signal: ctx.io.signal });
  ctx.io.stdout.write(`${csrRef(p.name)} created\n`);
  // The key is written only once the request exists (a failed create must not replace an older key);
  // a request whose key could not be kept is withdrawn, as its certificate would be useless.
  try {
    await writeFileAtomic(p.keyOut, req.keyPem, { mode: 0o600 });
  } catch (err) {
    await client.delete(p.name, { signal: ctx.io.signal }).catch(() => undefined);
    throw err;
  }
  ctx.io.stdout.write(`private key written to ${p.keyOut}\n`);
  if (flags.bool('approve')) {
    const now = ctx.io.now().toISOString().replace(/\.\d{3}Z$/, 'Z');
    csr = await client.update({
      ...csr,
      status: { ...csr.status, conditions: [...(csr.status?.conditions ?? []), {
        type: 'Approved', status: 'True', reason: 'PlatformctlApprove', message: `This CSR was approved by ${BINARY_NAME} certificate request --approve.`, lastUpdateTime: now,
      }] },
    }, { subresource: 'approval', signal: ctx.io.signal });
    ctx.io.stdout.write(`${csrRef(p.name)} approved\n`);
  }
  if (!flags.bool('wait')) return;
  const pem = await waitForCertificate(ctx, p.name, csr, flags.durationMs('timeout') ?? 0);
  await writeFileAtomic(p.certOut, pem, { mode: 0o600 });
  ctx.io.stdout.write(`certificate written to ${p.certOut}\n`);
}

async function waitForCertificate(ctx: CommandContext, name: string, created: CertificateSigningRequest, timeoutMs: number): Promise<string> {
  const client = (await ctx.client()).resource<CertificateSigningRequest>(CSR_RESOURCE);
  const ready = isDone(created);
  if (ready !== undefined) return ready;
  const abort = new AbortController();
  const onAbort = (): void => abort.abort();
  ctx.io.signal.addEventListener('abort', onAbort, { once: true });
  const timer = timeoutMs > 0 ? setLongTimeout(() => abort.abort(), timeoutMs) : undefined;
  try {
    let rv = created.metadata?.resourceVersion ?? '';
    while (!abort.signal.aborted) {
      // A fresh read covers what happened before the watch started (and after a watch ends).
      const current = rv === '' ? await client.get(name, { signal: abort.signal }) : undefined;
      if (current !== undefined) {
        const pem = isDone(current);
        if (pem !== undefined) return pem;
        rv = current.metadata?.resourceVersion ?? '';
      }
      for await (const ev of client.watch({ fieldSelector: oneTermEqualSelector('metadata.name', name), resourceVersion: rv, signal: abort.signal, resume: false })) {
        if (ev.type === 'ERROR') break;
        if (ev.type === 'DELETED') throw new PlatformError(`${csrRef(name)} was deleted before a certificate was issued`);
        const obj = ev.object as CertificateSigningRequest;
        rv = obj.metadata?.resourceVersion ?? rv;
        const pem = isDone(obj);
        if (pem !== undefined) return pem;
      }
      rv = '';
    }
    throw new TimeoutError(`timed out waiting for the certificate of ${csrRef(name)}`);
  } catch (err) {
    if (abort.signal.aborted && !ctx.io.signal.aborted) throw new TimeoutError(`timed out waiting for the certificate of ${csrRef(name)}`);
    throw err;
  } finally {
    timer?.clear();
    ctx.io.signal.removeEventListener('abort', onAbort);
  }
}
