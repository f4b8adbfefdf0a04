/**
 * Label selectors as values (apimachinery's `labels.Selector`): requirements, matching, the
 * conversions from an object's `LabelSelector` and from a label map, and the string forms the API
 * prints (`Scale.status.selector`, table cells). Parsing the query-string form is `parse.ts`.
 */

import { compareUtf8 } from '../json/go-json.js';
import { asJsonObject as asObject } from '../json/values.js';

/** Operators of one requirement. */
export type LabelOperator = '=' | '==' | '!=' | 'in' | 'notin' | 'exists' | '!' | 'gt' | 'lt';

/** One requirement: `key op values`. */
export interface LabelRequirement {
  key: string;
  op: LabelOperator;
  values: string[];
}

/** A selector: all requirements must hold. `nothing` matches no object at all (`labels.Nothing()`). */
export interface LabelSelector {
  requirements: LabelRequirement[];
  nothing?: boolean;
}

const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const byKey = (a: { key: string }, b: { key: string }): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** Go's `strconv.ParseInt(s, 10, 64)`: the value, or undefined when it is not an int64. */
export function parseInt64(text: string): bigint | undefined {
  if (!/^[+-]?\d+$/.test(text)) return undefined;
  const n = BigInt(text);
  return n >= -(2n ** 63n) && n < 2n ** 63n ? n : undefined;
}

/** True when the labels satisfy every requirement (`Requirement.Matches`); only own keys count. */
export function matchesLabels(selector: LabelSelector, labels: Readonly<Record<string, unknown>> | undefined): boolean {
  if (selector.nothing === true) return false;
  for (const r of selector.requirements) {
    const has = labels !== undefined && Object.prototype.hasOwnProperty.call(labels, r.key);
    const raw = has ? labels?.[r.key] : undefined;
    const value = typeof raw === 'string' ? raw : undefined;
    switch (r.op) {
      case '=':
      case '==':
      case 'in':
        if (value === undefined || !r.values.includes(value)) return false;
        break;
      case '!=':
      case 'notin':
        if (value !== undefined && r.values.includes(value)) return false;
        break;
      case 'exists':
        if (!has) return false;
        break;
      case '!':
        if (has) return false;
        break;
      case 'gt':
      case 'lt': {
        const n = value === undefined ? undefined : parseInt64(value);
        const bound = r.values.length === 1 ? parseInt64(r.values[0] ?? '') : undefined;
        if (n === undefined || bound === undefined) return false;
        if (r.op === 'gt' ? !(n > bound) : !(n < bound)) return false;
        break;
      }
    }
  }
  return true;
}

/** True for a selector with no requirements (selects everything). */
export function isEverything(selector: LabelSelector): boolean {
  return selector.nothing !== true && selector.requirements.length === 0;
}

/**
 * Converts an object's `LabelSelector` (`matchLabels`, `matchExpressions`) as LabelSelectorAsSelector
 * does: undefined selects nothing, an empty one everything. Unknown operators are left out.
 */
export function fromObjectSelector(sel: unknown): LabelSelector {
  const obj = asObject(sel);
  if (obj === undefined) return { requirements: [], nothing: true };
  const requirements: LabelRequirement[] = [];
  const ml = asObject(obj.matchLabels);
  if (ml !== undefined) for (const [k, v] of Object.entries(ml)) requirements.push({ key: k, op: '=', values: [asString(v) ?? ''] });
  const expressions = Array.isArray(obj.matchExpressions) ? (obj.matchExpressions as unknown[]) : [];
  for (const e of expressions) {
    const ex = asObject(e) ?? {};
    const key = asString(ex.key) ?? '';
    const values = (Array.isArray(ex.values) ? (ex.values as unknown[]) : []).map((v) => asString(v) ?? '');
    switch (ex.operator) {
      case 'In': requirements.push({ key, op: 'in', values }); break;
      case 'NotIn': requirements.push({ key, op: 'notin', values }); break;
      case 'Exists': requirements.push({ key, op: 'exists', values: [] }); break;
      case 'DoesNotExist': requirements.push({ key, op: '!', values: [] }); break;
      default: break;
    }
  }
  requirements.sort(byKey);
  return { requirements };
}

/**
 * `labels.SelectorFromSet`: a map of labels that must all be equal (a ReplicationController's or a
 * Service's selector); an empty or absent map selects everything.
 */
export function fromLabelMap(set: unknown): LabelSelector {
  const obj = asObject(set) ?? {};
  const requirements: LabelRequirement[] = Object.keys(obj).sort().map((k) => ({ key: k, op: '=', values: [asString(obj[k]) ?? ''] }));
  return { requirements };
}

/** The canonical string form (`Selector.String()`: `app=web,tier in (a,b),!x`); empty for "everything". */
export function selectorString(selector: LabelSelector): string {
  return selector.requirements.map((r) => {
    switch (r.op) {
      case '=': return `${r.key}=${r.values[0] ?? ''}`;
      case '==': return `${r.key}==${r.values[0] ?? ''}`;
      case '!=': return `${r.key}!=${r.values[0] ?? ''}`;
      case 'in': return `${r.key} in (${[...r.values].sort(compareUtf8).join(',')})`;
      case 'notin': return `${r.key} notin (${[...r.values].sort(compareUtf8).join(',')})`;
      case 'exists': return r.key;
      case '!': return `!${r.key}`;
      case 'gt': return `${r.key}>${r.values[0] ?? ''}`;
      case 'lt': return `${r.key}<${r.values[0] ?? ''}`;
    }
  }).join(',');
}

/** `metav1.FormatLabelSelector`: the string form, `<none>` when empty or absent. */
export function formatObjectSelector(sel: unknown): string {
  const s = selectorString(fromObjectSelector(sel));
  return s === '' ? '<none>' : s;
}

/**
 * `labels.FormatLabels` (the LABELS column, describe's one-line maps): the `k=v` pairs sorted
 * bytewise as whole strings (so `a-b=x` comes before `a=y`), joined by commas; `<none>` when empty.
 */
export function formatLabels(labels: unknown): string {
  const obj = asObject(labels) ?? {};
  const pairs = Object.keys(obj).map((k) => `${k}=${asString(obj[k]) ?? ''}`);
  return pairs.length === 0 ? '<none>' : pairs.sort(compareUtf8).join(',');
}

/** `metadata.labels` of an object, or undefined when it has none. */
export function labelsOf(obj: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined {
  return asObject(asObject(obj.metadata)?.labels);
}
