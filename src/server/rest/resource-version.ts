/**
 * Parsing of `resourceVersion` / `resourceVersionMatch` and the waiting rule for versions from the
 * future (504 Too large resource version with Retry-After when they do not arrive in time).
 */
import type { ServerContext } from '../context.js';
import { badRequest, tooLargeResourceVersion } from '../errors.js';
import { FutureRVError } from '../storage/index.js';

/** A parsed resourceVersion parameter (undefined when absent or empty). */
export function parseResourceVersion(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value)) throw badRequest(`invalid resource version: strconv.ParseUint: parsing ${JSON.stringify(value)}: invalid syntax`);
  return Number(value);
}

/** Waits until the store has reached `rv`, or throws the 504 the API server answers with. */
export async function waitForResourceVersion(ctx: ServerContext, rv: number, signal?: AbortSignal): Promise<void> {
  if (rv <= ctx.store.currentRV) return;
  try {
    await ctx.store.waitForRV(rv, ctx.options.futureRVWaitMs, signal);
  } catch (e) {
    if (e instanceof FutureRVError) throw tooLargeResourceVersion(rv, ctx.store.currentRV);
    throw e;
  }
}
