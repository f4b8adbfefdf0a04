/**
 * `/healthz`, `/livez`, `/readyz` and their per-check paths: `[+]name ok` lines with `?verbose`,
 * `?exclude=name`, a last line `<kind> check passed`; 200 only when every included check passes.
 */

/** One named check; returns an error text when unhealthy. */
export interface HealthCheck {
  name: string;
  check(): string | undefined;
}

/** The answer of a health endpoint. */
export interface HealthAnswer {
  code: number;
  body: string;
}

/** Evaluates an endpoint (`kind` is healthz, livez or readyz). */
export function evaluateHealth(kind: string, checks: HealthCheck[], query: URLSearchParams, subPath: string): HealthAnswer | undefined {
  if (subPath !== '') {
    const c = checks.find((x) => x.name === subPath);
    if (c === undefined) return undefined;
    const err = c.check();
    return err === undefined ? { code: 200, body: 'ok' } : { code: 500, body: `internal server error: ${err}\n` };
  }
  const verbose = query.has('verbose') && query.get('verbose') !== 'false';
  const excluded = new Set(query.getAll('exclude').flatMap((e) => e.split(',')).map((e) => e.trim()).filter((e) => e !== ''));
  const lines: string[] = [];
  let failed = false;
  for (const c of checks) {
    if (excluded.has(c.name)) {
      lines.push(`[+]${c.name} excluded: ok`);
      excluded.delete(c.name);
      continue;
    }
    const err = c.check();
    if (err === undefined) lines.push(`[+]${c.name} ok`);
    else {
      failed = true;
      lines.push(`[-]${c.name} failed: reason withheld`);
    }
  }
  if (excluded.size > 0) {
    lines.push(`warn: some health checks cannot be excluded: no matches for ${[...excluded].sort().map((e) => `"${e}"`).join(',')}`);
  }
  if (failed) return { code: 500, body: `${lines.join('\n')}\n${kind} check failed\n` };
  if (!verbose) return { code: 200, body: 'ok' };
  return { code: 200, body: `${lines.join('\n')}\n${kind} check passed\n` };
}
