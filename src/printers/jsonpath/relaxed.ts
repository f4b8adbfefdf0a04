import { PrinterError } from '../errors.js';

const JSON_REGEXP = /^\{\.?([^{}]+)\}$|^\.?([^{}]+)$/s;

/**
 * kubectl's `RelaxedJSONPathExpression`, used by `--sort-by` and custom columns: `a.b`, `.a.b`,
 * `{a.b}` and `{.a.b}` all become `{.a.b}`.
 *
 * @throws PrinterError for anything else (for example text with braces inside)
 */
export function relaxedJsonPathExpression(pathExpression: string): string {
  if (pathExpression.length === 0) return pathExpression;
  const m = JSON_REGEXP.exec(pathExpression);
  if (!m) {
    throw new PrinterError(
      "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'",
    );
  }
  return `{.${m[1] ?? m[2] ?? ''}}`;
}
