/**
 * Retrying a write that lost a race (GuaranteedUpdate's loop): reads see durable writes only, and
 * the write that won may still be waiting for its fsync, so a retry first waits for it; otherwise
 * every retry would read the same stale version again and fail the same way, and a write racing
 * a controller's would end in 409 where a real API server retries until it succeeds.
 */
import type { ServerContext } from '../context.js';

/** Resolves once the write to `key` that won the race is readable. */
export async function awaitWinningWrite(ctx: ServerContext, bucket: string, key: string): Promise<void> {
  await ctx.store.awaitQueuedWrite(bucket, key);
}
