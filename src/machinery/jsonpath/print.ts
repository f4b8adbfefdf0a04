/** Printing of JSONPath results as kubectl prints them. */
import { toJson } from '../json/go-json.js';
import { formatGoFloat } from '../go-number.js';
import { goSprint } from '../json/go-sprint.js';
import { FloatLiteral, NO_VALUE } from './values.js';
import type { Value } from './values.js';

function toJsonValue(v: Value): unknown {
  if (v instanceof FloatLiteral) return v.value;
  if (v === NO_VALUE) return null;
  return v;
}

/** One result as text: objects and arrays as compact JSON, null as `null`, scalars as Go prints them. */
export function resultText(v: Value): string {
  if (v === null || v === undefined || v === NO_VALUE) return 'null';
  if (typeof v === 'object' && !(v instanceof FloatLiteral)) return toJson(v);
  if (v instanceof FloatLiteral) return formatGoFloat(v.value);
  return goSprint(v);
}

/**
 * kubectl's `PrintResults` for the results of one action: separated by single spaces. With
 * `asJson` (`-o jsonpath-as-json`) the results of each action are one JSON array instead,
 * four-space indented and followed by a newline.
 */
export function printResults(results: readonly Value[], asJson: boolean): string {
  if (asJson) return `${toJson(results.map(toJsonValue), { indent: '    ' })}\n`;
  return results.map(resultText).join(' ');
}
