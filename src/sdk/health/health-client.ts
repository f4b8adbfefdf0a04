/**
 * The API server's health endpoints (`/healthz`, `/livez`, `/readyz`) as pass/fail results. A
 * failing check is an answer, not an error: the server says 500 with the checks' text, which is
 * what a caller wants to show; only refusals (401, 403) and other unexpected answers reject.
 */
import { errorFromResponse } from '../rest/response-errors.js';
import type { HttpRequest, QueryParams } from '../transport/http-types.js';
import type { Transport } from '../transport/transport.js';

/** Options of the health calls. */
export interface HealthOptions {
  /** Ask for every check's line (`?verbose`), as `[+]name ok` / `[-]name failed: reason`. */
  verbose?: boolean | undefined;
  /** Checks to leave out (`?exclude=name`); the server reports names it does not know. */
  exclude?: readonly string[] | undefined;
  signal?: AbortSignal | undefined;
  /** Overrides the client's request timeout, in ms (0 = none). */
  timeoutMs?: number | undefined;
}

/** One check of a verbose answer. */
export interface HealthCheck {
  name: string;
  /** Whether the check passed (an excluded check counts as passed, as the server prints it). */
  ok: boolean;
  /** Left out by `exclude`. */
  excluded: boolean;
  /** The reason a check failed, as the server gives it (verbose answers only). */
  reason?: string | undefined;
}

/** What a health endpoint answered. */
export interface HealthResult {
  /** True when the server answered 200 (every included check passed). */
  ok: boolean;
  /** The HTTP status (200 or 500). */
  status: number;
  /** The body as the server sent it (`ok`, or the checks' lines and `<endpoint> check passed|failed`). */
  text: string;
  /** The checks of a verbose (or failed) answer, in the server's order; empty for a plain `ok`. */
  checks: HealthCheck[];
}

/** The health endpoints of one server. */
export interface HealthClient {
  /** `/readyz`: whether the server is ready to serve requests. */
  readyz(options?: HealthOptions): Promise<HealthResult>;
  /** `/livez`: whether the server process is alive (a failing one should be restarted). */
  livez(options?: HealthOptions): Promise<HealthResult>;
  /** `/healthz`: the older, combined endpoint. */
  healthz(options?: HealthOptions): Promise<HealthResult>;
}

/** The checks in a health answer's lines (`[+]etcd ok`, `[+]etcd excluded: ok`, `[-]etcd failed: reason`). */
export function parseHealthChecks(text: string): HealthCheck[] {
  const checks: HealthCheck[] = [];
  for (const line of text.split('\n')) {
    const m = /^\[([+-])\](\S+) (.*)$/.exec(line);
    if (m === null) continue;
    const [, sign, name = '', rest = ''] = m;
    const failed = /^failed: ?(.*)$/.exec(rest);
    const check: HealthCheck = { name, ok: sign === '+', excluded: rest.startsWith('excluded') };
    if (failed !== null) check.reason = failed[1] ?? '';
    checks.push(check);
  }
  return checks;
}

async function probe(transport: Transport, endpoint: string, options: HealthOptions): Promise<HealthResult> {
  const query: QueryParams = {};
  if (options.verbose === true) query.verbose = 'true';
  if (options.exclude !== undefined && options.exclude.length > 0) query.exclude = options.exclude;
  const req: HttpRequest = { method: 'GET', path: `/${endpoint}`, query, accept: 'text/plain, */*' };
  if (options.signal !== undefined) req.signal = options.signal;
  if (options.timeoutMs !== undefined) req.timeoutMs = options.timeoutMs;
  const res = await transport.request(req);
  if (res.status !== 200 && res.status !== 500) throw errorFromResponse(res, { method: 'GET' });
  const text = res.body.toString('utf8');
  return { ok: res.status === 200, status: res.status, text, checks: parseHealthChecks(text) };
}

/** The health endpoints of the server behind `transport`. */
export function healthClient(transport: Transport): HealthClient {
  return {
    readyz: (options = {}) => probe(transport, 'readyz', options),
    livez: (options = {}) => probe(transport, 'livez', options),
    healthz: (options = {}) => probe(transport, 'healthz', options),
  };
}
