/**
 * The `--for` conditions of `wait` (kubectl's `conditionFuncFor`): `delete`, `create`,
 * `condition=NAME[=VALUE]` and `jsonpath={expr}[=VALUE]`, parsed into predicates over an object's
 * state (undefined: it does not exist).
 */
import type { KubeObject } from '../../../sdk/types/meta.js';
import { UsageError } from '../../framework/usage-error.js';

/** One parsed `--for`. */
export type WaitCondition =
  | { kind: 'delete' }
  | { kind: 'create' }
  | { kind: 'check'; text: string; test: (object: KubeObject) => boolean };

function observedGeneration(object: KubeObject, condition: Record<string, unknown>): number | undefined {
  if (typeof condition.observedGeneration === 'number') return condition.observedGeneration;
  const status = object.status as { observedGeneration?: unknown } | undefined;
  return typeof status?.observedGeneration === 'number' ? status.observedGeneration : undefined;
}

/** kubectl's `ConditionalWait.checkCondition`: the named condition has the status (case-insensitive) for the current generation. */
export function conditionMet(object: KubeObject, name: string, value: string): boolean {
  const conditions = (object.status as { conditions?: unknown } | undefined)?.conditions;
  if (!Array.isArray(conditions)) return false;
  for (const c of conditions as unknown[]) {
    if (typeof c !== 'object' || c === null) continue;
    const condition = c as Record<string, unknown>;
    if (typeof condition.type !== 'string' || condition.type.toLowerCase() !== name.toLowerCase()) continue;
    if (typeof condition.status !== 'string') continue;
    const generation = object.metadata?.generation;
    const observed = observedGeneration(object, condition);
    if (generation !== undefined && observed !== undefined && observed < generation) return false;
    return condition.status.toLowerCase() === value.toLowerCase();
  }
  return false;
}

/** `jsonpath={.a.b}=VALUE` → the expression and the value (undefined: whatever value). */
function splitJsonPathInput(input: string): { expression: string; value: string | undefined } {
  const close = input.lastIndexOf('}');
  const eq = input.indexOf('=', close < 0 ? 0 : close);
  if (eq < 0) return { expression: input, value: undefined };
  const value = input.slice(eq + 1);
  if (value === '') throw new UsageError('jsonpath wait has to have a value after equal sign', false);
  return { expression: input.slice(0, eq), value };
}

async function jsonPathCondition(input: string): Promise<WaitCondition> {
  const { expression, value } = splitJsonPathInput(input);
  if (expression === '') throw new UsageError('jsonpath expression cannot be empty', false);
  const [{ relaxedJsonPathExpression }, { compileJsonPath }] = await Promise.all([
    import('../../../printers/jsonpath/relaxed.js'),
    import('../../../printers/jsonpath/template.js'),
  ]);
  const template = await compileJsonPath(relaxedJsonPathExpression(expression), { allowMissingKeys: true });
  return {
    kind: 'check',
    text: `jsonpath=${input}`,
    test(object) {
      const results = template.findResults(JSON.parse(JSON.stringify(object)) as unknown);
      const first = results[0];
      if (first === undefined || first.length === 0) return false;
      if (results.length > 1) throw new UsageError('given jsonpath expression matches more than one list', false);
      if (first.length > 1) throw new UsageError('given jsonpath expression matches more than one value', false);
      if (value === undefined) return true;
      const found = first[0];
      if (typeof found === 'object' && found !== null) throw new UsageError('jsonpath leads to a nested object or list which is not supported', false);
      return String(found) === value.trim();
    },
  };
}

/** Parses one `--for` value. */
export async function parseCondition(text: string): Promise<WaitCondition> {
  const lower = text.toLowerCase();
  if (lower === 'delete') return { kind: 'delete' };
  if (lower === 'create') return { kind: 'create' };
  if (text.startsWith('condition=')) {
    let name = text.slice('condition='.length);
    let value = 'true';
    const eq = name.indexOf('=');
    if (eq >= 0) {
      value = name.slice(eq + 1);
      name = name.slice(0, eq);
    }
    return { kind: 'check', text, test: (object) => conditionMet(object, name, value) };
  }
  if (text.startsWith('jsonpath=')) return jsonPathCondition(text.slice('jsonpath='.length));
  throw new UsageError(`unrecognized condition: ${JSON.stringify(text)}`, false);
}
