/**
 * When to retry a response, and how long to wait: 429 for every verb, 504 for reads (GET/HEAD)
 * only, honouring `Retry-After` (seconds or an HTTP date) and otherwise backing off exponentially;
 * bounded in count and in total time.
 */

/** Retry settings of a transport. */
export interface RetryPolicy {
  /** Maximum number of retries of one request (default 5; 0 disables retries). */
  maxRetries?: number;
  /** Maximum total time spent waiting between attempts, in ms (default 30,000). */
  maxTotalDelayMs?: number;
  /** First backoff delay when the server gave no `Retry-After`, in ms (default 200; doubles each time). */
  baseDelayMs?: number;
  /** Upper bound of one backoff delay, in ms (default 10,000). */
  maxDelayMs?: number;
}

/** The policy with defaults filled in. */
export type ResolvedRetryPolicy = Required<RetryPolicy>;

/** Fills in the defaults of a {@link RetryPolicy}. */
export function resolveRetryPolicy(policy: RetryPolicy | undefined): ResolvedRetryPolicy {
  return {
    maxRetries: policy?.maxRetries ?? 5,
    maxTotalDelayMs: policy?.maxTotalDelayMs ?? 30_000,
    baseDelayMs: policy?.baseDelayMs ?? 200,
    maxDelayMs: policy?.maxDelayMs ?? 10_000,
  };
}

/** Whether a response with this status may be retried for this method. */
export function isRetryableStatus(status: number, method: string): boolean {
  if (status === 429) return true;
  if (status === 504) return method === 'GET' || method === 'HEAD';
  return false;
}

/** Parses `Retry-After` into seconds (integer seconds or an HTTP date); undefined when absent or bad. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** The delay before retry number `attempt` (0-based), in ms. */
export function retryDelayMs(policy: ResolvedRetryPolicy, attempt: number, retryAfterSeconds: number | undefined): number {
  if (retryAfterSeconds !== undefined) return retryAfterSeconds * 1000;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
}
