/**
 * `--runtime-config`: comma-separated `<key>[=<bool>]` pairs (no value means true) enabling or
 * disabling `api/all`, `api/ga|beta|alpha`, a group version (`batch/v1`, `v1` or `api/v1` for
 * core) or one resource (`group/version/resource`), later pairs winning over broader ones as in
 * the API server. Deprecated versions stay served by default (they are not removed yet).
 */
import type { ResourceDef } from '../registry/types.js';
import { parseGoBool } from '../../machinery/go-bool.js';
import { apiVersionOf } from '../../machinery/group-version.js';
import { commaPairs } from '../../machinery/comma-pairs.js';

/** A `--runtime-config` value that cannot be used. */
export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

/** One parsed pair. */
export interface RuntimeConfigEntry {
  key: string;
  enabled: boolean;
}

/** Parses the flag value. */
export function parseRuntimeConfig(value: string | Record<string, boolean>): RuntimeConfigEntry[] {
  if (typeof value !== 'string') return Object.entries(value).map(([key, enabled]) => ({ key, enabled }));
  const out: RuntimeConfigEntry[] = [];
  for (const pair of commaPairs(value)) {
    const { key } = pair;
    const v = pair.value ?? 'true';
    const enabled = parseGoBool(v);
    if (enabled === undefined) throw new RuntimeConfigError(`invalid value of ${key}: ${v}, err: strconv.ParseBool: parsing "${v}": invalid syntax`);
    out.push({ key, enabled });
  }
  return out;
}

const BROAD = ['api/all', 'api/ga', 'api/beta', 'api/alpha'];

function track(version: string): 'ga' | 'beta' | 'alpha' {
  if (version.includes('alpha')) return 'alpha';
  if (version.includes('beta')) return 'beta';
  return 'ga';
}

/** The defs that stay served under the runtime config; unknown keys are errors. */
export function applyRuntimeConfig(defs: ResourceDef[], entries: RuntimeConfigEntry[]): ResourceDef[] {
  const gvs = new Set(defs.map(apiVersionOf));
  const enabled = new Map<ResourceDef, boolean>(defs.map((d) => [d, true]));
  const setWhere = (pred: (d: ResourceDef) => boolean, on: boolean): void => {
    for (const d of defs) if (pred(d)) enabled.set(d, on);
  };
  // Broad keys first, then group versions, then resources, as the API server layers them.
  const rank = (k: string): number => (BROAD.includes(k) ? 0 : gvs.has(k === 'api/v1' ? 'v1' : k) ? 1 : 2);
  const sorted = [...entries].sort((a, b) => rank(a.key) - rank(b.key));
  const unknown: string[] = [];
  for (const { key, enabled: on } of sorted) {
    if (key === 'api/all') setWhere(() => true, on);
    else if (BROAD.includes(key)) setWhere((d) => track(d.version) === key.slice(4), on);
    else {
      const gvKey = key === 'api/v1' ? 'v1' : key;
      if (gvs.has(gvKey)) {
        setWhere((d) => apiVersionOf(d) === gvKey, on);
        continue;
      }
      const slash = gvKey.lastIndexOf('/');
      const gv = slash < 0 ? '' : gvKey.slice(0, slash);
      const resource = gvKey.slice(slash + 1);
      const normalizedGv = gv === 'api/v1' ? 'v1' : gv;
      if (gvs.has(normalizedGv) && defs.some((d) => apiVersionOf(d) === normalizedGv && d.plural === resource)) {
        setWhere((d) => apiVersionOf(d) === normalizedGv && d.plural === resource, on);
        continue;
      }
      unknown.push(key);
    }
  }
  if (unknown.length > 0) throw new RuntimeConfigError(`unknown api groups ${unknown.join(',')}`);
  for (const d of defs) {
    if (d.group === '' && d.version === 'v1' && enabled.get(d) === false && ['namespaces', 'serviceaccounts', 'services'].includes(d.plural)) {
      throw new RuntimeConfigError(`${apiVersionOf(d)}/${d.plural} cannot be disabled: the local server needs it`);
    }
  }
  return defs.filter((d) => enabled.get(d) === true);
}
