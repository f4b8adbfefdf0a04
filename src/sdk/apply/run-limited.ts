/**
 * Runs asynchronous work over items with at most `limit` in flight; every item is attempted even
 * when others fail (the worker records its own failures), unless `signal` is aborted: then no new
 * item starts (the ones in flight end on the same signal).
 */
export async function runLimited<T>(items: readonly T[], limit: number, worker: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  const lanes = Math.max(1, Math.min(limit, items.length));
  const lane = async (): Promise<void> => {
    while (next < items.length && signal?.aborted !== true) {
      const item = items[next++] as T;
      await worker(item);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}
