/**
 * The signing controller of the built-in signers: signs approved requests that follow the
 * signer's rules, and marks the others `Failed` (reason SignerValidationFailure) without signing.
 */
import type { CertificateSigningRequest } from '../../sdk/types/generated/certificates-v1.js';
import type { ServerContext } from '../context.js';
import { timestamp } from '../util/time.js';
import type { Controller } from '../control/controller.js';
import type { KindDef } from '../registry/kind-def.js';
import type { SigningCA } from './ca.js';
import { certificateOf, hasTrueCondition, setConditions } from './conditions.js';
import { conditionsOf } from '../util/conditions.js';
import { csrController } from './csr-watch.js';
import { decodeBytesField } from './pem.js';
import { parseRequestPem } from './request.js';
import { BUILTIN_SIGNERS, signerRefusal } from './signer-rules.js';
import { CsrWriter } from './writer.js';

/** Creates the signing controller. */
export function signingController(ctx: ServerContext, def: KindDef<CertificateSigningRequest>, ca: SigningCA, signingDurationMs: number): Controller {
  const writer = new CsrWriter(ctx, def, 'certificate-controller');

  async function fail(name: string, message: string): Promise<void> {
    ctx.log(`certificate-controller: refusing to sign ${name}: ${message}`);
    const now = timestamp(ctx.now());
    await writer.update(name, 'status', (csr) => {
      if (hasTrueCondition(csr, 'Failed')) return false;
      setConditions(csr, [...conditionsOf(csr.status), { type: 'Failed', status: 'True', reason: 'SignerValidationFailure', message, lastUpdateTime: now, lastTransitionTime: now }]);
      return true;
    });
  }

  return csrController(ctx, def, 'certificate-controller', async (csr) => {
    const name = csr.metadata?.name ?? '';
    const spec = csr.spec;
    const signer = spec.signerName;
    if (!BUILTIN_SIGNERS.includes(signer)) return;
    if (!hasTrueCondition(csr, 'Approved') || hasTrueCondition(csr, 'Denied') || hasTrueCondition(csr, 'Failed')) return;
    if (certificateOf(csr) !== '') return;
    let req;
    try {
      req = parseRequestPem(decodeBytesField(spec.request) ?? '');
    } catch (e) {
      await fail(name, `unable to parse csr ${JSON.stringify(name)}: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    const usages: string[] = [...(spec.usages ?? [])];
    const refusal = signerRefusal(signer, req, usages);
    if (refusal !== undefined) {
      await fail(name, refusal);
      return;
    }
    const exp = typeof spec.expirationSeconds === 'number' ? spec.expirationSeconds * 1000 : Infinity;
    const pem = await ca.sign(req, usages, ctx.now(), Math.min(signingDurationMs, exp));
    await writer.update(name, 'status', (current) => {
      if (certificateOf(current) !== '') return false;
      current.status = { ...current.status, certificate: Buffer.from(pem, 'latin1').toString('base64') };
      return true;
    });
  });
}
