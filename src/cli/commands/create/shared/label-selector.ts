/**
 * apimachinery's `metav1.ParseToLabelSelector` for `create poddisruptionbudget --selector`: the
 * selector string parsed as `labels.Parse` parses it, then `=`/`==` requirements become
 * `matchLabels` and `in`, `notin`, exists and `!` become `matchExpressions`, sorted by key.
 * `!=`, `gt` and `lt` have no LabelSelector form.
 */
import { SelectorParseError, parseLabelSelector } from '../../../../machinery/labels/parse.js';
import { UsageError, usageErrorOn } from '../../../framework/usage-error.js';
import { labelSelector, type Struct } from '../../../resource-builders/typed.js';

/** kubectl's `metav1.ParseToLabelSelector`, as a `metav1.LabelSelector` struct. */
export function parseToLabelSelector(selector: string): Struct {
  const { requirements } = usageErrorOn(SelectorParseError, () => parseLabelSelector(selector), (err) => `couldn't parse the selector string ${JSON.stringify(selector)}: ${err.message}`);
  const matchLabels: Record<string, string> = {};
  const matchExpressions: Struct[] = [];
  const OPERATORS = { in: 'In', notin: 'NotIn', exists: 'Exists', '!': 'DoesNotExist' } as const;
  for (const r of requirements) {
    if (r.op === '=' || r.op === '==') {
      matchLabels[r.key] = r.values[0] ?? '';
      continue;
    }
    if (r.op === 'gt' || r.op === 'lt') throw new UsageError(`"${r.op}" isn't supported in label selectors`, false);
    if (r.op === '!=') throw new UsageError('"!=" is not a valid label selector operator', false);
    const values = r.values.length === 0 ? undefined : r.values;
    matchExpressions.push(values === undefined ? { key: r.key, operator: OPERATORS[r.op] } : { key: r.key, operator: OPERATORS[r.op], values });
  }
  return labelSelector(matchLabels, matchExpressions);
}
