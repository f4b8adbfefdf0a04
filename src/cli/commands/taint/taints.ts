/**
 * kubectl's taint arguments and bookkeeping: `KEY[=VALUE]:EFFECT` to add, `KEY[:EFFECT]-` to
 * remove, the validation messages, and how the new taint list and the reported operation
 * (`tainted`, `untainted`, `modified`) are worked out.
 */
import { UsageError } from '../../framework/usage-error.js';
import { qualifiedNameProblem } from '../label/shared/metadata-kinds.js';
import { taintString } from '../../../printers/describe/volumes.js';

/** A node taint. */
export interface Taint {
  key: string;
  value?: string;
  effect: string;
  timeAdded?: string;
}

const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

function parseTaint(st: string): Taint {
  const parts = st.split(':');
  let key: string;
  let value = '';
  let effect = '';
  if (parts.length === 1) {
    key = parts[0] ?? '';
  } else if (parts.length === 2) {
    effect = parts[1] ?? '';
    if (!EFFECTS.includes(effect)) throw new UsageError(`invalid taint effect: ${effect}, unsupported taint effect`, false);
    const kv = (parts[0] ?? '').split('=');
    if (kv.length > 2) throw new UsageError(`invalid taint spec: ${st}`, false);
    key = kv[0] ?? '';
    if (kv.length === 2) {
      value = kv[1] ?? '';
      if (value.length > 63) throw new UsageError(`invalid taint spec: ${st}, must be no more than 63 characters`, false);
      if (!LABEL_VALUE.test(value)) {
        throw new UsageError(`invalid taint spec: ${st}, a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`, false);
      }
    }
  } else {
    throw new UsageError(`invalid taint spec: ${st}`, false);
  }
  const problem = qualifiedNameProblem(key);
  if (problem !== undefined) throw new UsageError(`invalid taint spec: ${st}, ${problem}`, false);
  return value === '' ? { key, effect } : { key, value, effect };
}

/** `parseTaints`: the taints to add and to remove. */
export function parseTaints(specs: readonly string[]): { add: Taint[]; remove: Taint[] } {
  const add: Taint[] = [];
  const remove: Taint[] = [];
  for (const spec of specs) {
    if (spec.endsWith('-')) {
      const t = parseTaint(spec.slice(0, -1));
      remove.push({ key: t.key, effect: t.effect });
      continue;
    }
    const t = parseTaint(spec);
    if (t.effect === '') throw new UsageError(`invalid taint spec: ${spec}`, false);
    if (add.some((x) => x.key === t.key && x.effect === t.effect)) throw new UsageError(`duplicated taints with the same key and effect: ${goTaint(t)}`, false);
    add.push(t);
  }
  return { add, remove };
}

/** Go's `%v` of a Taint struct. */
function goTaint(t: Taint): string {
  return `{${t.key} ${t.value ?? ''} ${t.effect} <nil>}`;
}

/** `reorganizeTaints`: the node's new taints and the operation word. */
export function reorganizeTaints(current: readonly Taint[], overwrite: boolean, add: readonly Taint[], remove: readonly Taint[]): { operation: string; taints: Taint[]; errors: string[] } {
  let taints: Taint[] = [...add];
  for (const old of current) if (!taints.some((t) => t.key === old.key && t.effect === old.effect)) taints.push(old);
  const added = current.length !== taints.length;
  const errors: string[] = [];
  let removed = false;
  for (const r of remove) {
    const before = taints.length;
    taints = taints.filter((t) => !(t.key === r.key && (r.effect === '' || t.effect === r.effect)));
    removed = taints.length !== before;
    if (!removed) errors.push(`taint ${JSON.stringify(taintString({ ...r }))} not found`);
  }
  const operation = (added && removed) || overwrite ? 'modified' : added ? 'tainted' : 'untainted';
  return { operation, taints, errors };
}
