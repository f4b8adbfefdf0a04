/** A LabelSelector (or a Service's selector map) as a label-selector query string. */
import { asJsonObject as obj } from '../../machinery/json/values.js';

/** `matchLabels` and `matchExpressions` as `k=v,k in (a,b),!k`; a plain map as `k=v,...`. */
export function selectorQuery(selector: unknown, plainMap = false): string | undefined {
  const s = obj(selector);
  if (s === undefined) return undefined;
  if (plainMap) return Object.entries(s).map(([k, v]) => `${k}=${String(v)}`).sort().join(',');
  const parts: string[] = [];
  for (const [k, v] of Object.entries(obj(s.matchLabels) ?? {})) parts.push(`${k}=${String(v)}`);
  for (const e of Array.isArray(s.matchExpressions) ? s.matchExpressions : []) {
    const x = obj(e) ?? {};
    const key = String(x.key ?? '');
    const values = (Array.isArray(x.values) ? x.values : []).map(String).sort();
    switch (x.operator) {
      case 'In': parts.push(`${key} in (${values.join(',')})`); break;
      case 'NotIn': parts.push(`${key} notin (${values.join(',')})`); break;
      case 'Exists': parts.push(key); break;
      case 'DoesNotExist': parts.push(`!${key}`); break;
      default: break;
    }
  }
  return parts.sort().join(',');
}
