/**
 * `controller.slowStartBatch`: runs `count` calls in batches of 1, 2, 4, ... (each batch in
 * parallel), stopping after the first batch with a failure, so a controller whose creations are
 * refused (quota, admission) does not hammer the API with hundreds of doomed requests.
 */

/** The result: the first error, if any. */
export interface BatchResult {
  error: unknown;
}

/** Runs `fn` up to `count` times in growing batches starting at `initial`. */
export async function slowStartBatch(count: number, initial: number, fn: (i: number) => Promise<void>): Promise<BatchResult> {
  let remaining = count;
  let index = 0;
  for (let batch = Math.min(remaining, initial); batch > 0; batch = Math.min(2 * batch, remaining)) {
    const results = await Promise.allSettled(Array.from({ length: batch }, () => fn(index++)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed !== undefined) return { error: failed.reason };
    remaining -= batch;
  }
  return { error: undefined };
}
