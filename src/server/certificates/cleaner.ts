/**
 * The csrcleaner: deletes approved, denied and failed requests after an hour, pending ones after
 * a day, and any request whose issued certificate has expired (windows configurable).
 */
import { X509Certificate } from 'node:crypto';
import type { JsonObject } from '../../sdk/types/meta.js';
import type { ServerContext } from '../context.js';
import type { Controller } from '../control/controller.js';
import { InternalClient } from '../control/client.js';
import { realClock } from '../control/clock.js';
import { sweepLoop } from '../control/sweep-loop.js';
import type { ResourceDef } from '../registry/types.js';
import { asObject, asString } from '../util/json.js';
import { certificateOf } from './conditions.js';
import { conditionsOf } from '../util/conditions.js';
import { parsePem } from './pem.js';

/** The clean-up windows (ms). */
export interface CleanerWindows {
  approvedTtlMs: number;
  pendingTtlMs: number;
  intervalMs: number;
}

function decidedAt(csr: JsonObject): number | undefined {
  for (const c of conditionsOf(csr.status)) {
    if (c.status !== 'True' || !['Approved', 'Denied', 'Failed'].includes(String(c.type))) continue;
    const t = Date.parse(asString(c.lastUpdateTime) ?? asString(c.lastTransitionTime) ?? '');
    if (!Number.isNaN(t)) return t;
  }
  return undefined;
}

function certificateExpired(csr: JsonObject, now: number): boolean {
  const block = parsePem(certificateOf(csr)).blocks.find((b) => b.type === 'CERTIFICATE');
  if (block === undefined) return false;
  try {
    return Date.parse(new X509Certificate(block.der).validTo) < now;
  } catch {
    return false;
  }
}

/** Why a request is due for deletion, or undefined. */
export function cleanupReason(csr: JsonObject, now: number, w: CleanerWindows): string | undefined {
  if (certificateExpired(csr, now)) return 'its certificate has expired';
  const decided = decidedAt(csr);
  if (decided !== undefined) return now - decided > w.approvedTtlMs ? 'it was decided long ago' : undefined;
  const created = Date.parse(asString(asObject(csr.metadata)?.creationTimestamp) ?? '');
  if (!Number.isNaN(created) && now - created > w.pendingTtlMs) return 'it has been pending too long';
  return undefined;
}

/** Creates the cleaner. */
export function cleanerController(ctx: ServerContext, def: ResourceDef, w: CleanerWindows): Controller {
  const client = new InternalClient(ctx, 'csrcleaner');
  async function sweep(): Promise<void> {
    const now = ctx.now();
    for (const csr of await client.list(def)) {
      const why = cleanupReason(csr, now, w);
      if (why === undefined) continue;
      const name = asString(asObject(csr.metadata)?.name) ?? '';
      ctx.log(`csrcleaner: deleting certificate signing request ${name}: ${why}`);
      await client.delete(def, '', name);
    }
  }

  return sweepLoop({ name: 'csrcleaner', ctx, clock: realClock(ctx.now), intervalMs: w.intervalMs, sweep });
}
