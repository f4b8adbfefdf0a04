/**
 * kubectl proxy's request filter (FilterServer): a request is served only when its Host matches an
 * accepted host pattern, its path an accepted path and no rejected path, and its method no rejected
 * method. Patterns are comma-separated regular expressions in Go's syntax, run on machinery's RE2
 * as kubectl runs them on Go's, so that no pattern makes a request's path backtrack; the command
 * loads the engine before it compiles them.
 */
import { compileRe2, type Re2Regex } from '../../../machinery/regex/re2.js';
import { UsageError } from '../../framework/usage-error.js';

/** The compiled filter. */
export interface ProxyFilter {
  acceptHosts: Re2Regex[];
  acceptPaths: Re2Regex[];
  rejectPaths: Re2Regex[];
  rejectMethods: Re2Regex[];
}

/** Compiles a comma-separated list of patterns (flag `name` for the error). */
export function patterns(text: string, name: string): Re2Regex[] {
  if (text === '') return [];
  return text.split(',').map((p) => {
    try {
      return compileRe2(p);
    } catch (e) {
      throw new UsageError(`invalid --${name} pattern ${JSON.stringify(p)}: ${e instanceof Error ? e.message : String(e)}`, false);
    }
  });
}

/** The host of a Host header without its port (`[::1]:8001` → `[::1]`). */
export function hostOnly(host: string): string {
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end < 0 ? host : host.slice(0, end + 1);
  }
  const colon = host.lastIndexOf(':');
  return colon < 0 ? host : host.slice(0, colon);
}

/** Whether a request passes the filter. */
export function accepted(f: ProxyFilter, method: string, path: string, host: string): boolean {
  const h = hostOnly(host);
  if (!f.acceptHosts.some((r) => r.test(h))) return false;
  if (!f.acceptPaths.some((r) => r.test(path))) return false;
  if (f.rejectPaths.some((r) => r.test(path))) return false;
  if (f.rejectMethods.some((r) => r.test(method))) return false;
  return true;
}

/**
 * The path of a request target as Go's net/http gives it to handlers (`URL.Path`): percent escapes
 * decoded, `+` kept; undefined for a malformed escape, which Go's server answers 400. The filter and
 * the static files see this path, as kubectl's do: matched on the raw target, `/pods/p/%65xec`
 * slipped past the exec and attach rejection, and the API server then decoded it to `exec`.
 */
export function requestPath(raw: string): string | undefined {
  if (!raw.includes('%')) return raw;
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x25) {
      const hex = raw.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(raw[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
