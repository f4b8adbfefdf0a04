/**
 * The validation error of a workload whose selector does not select its pod template's labels.
 */
import { asObject, asString } from '../util/json.js';
import { fieldError, type FieldError } from '../validation/field-errors.js';

/** Go's `%#v` of a string map, as the API server prints the template's labels. */
function goStringMap(m: unknown): string {
  const obj = asObject(m) ?? {};
  const entries = Object.keys(obj).sort().map((k) => `${JSON.stringify(k)}:${JSON.stringify(asString(obj[k]) ?? '')}`);
  return `map[string]string{${entries.join(', ')}}`;
}

/** `<templatePath>.metadata.labels: Invalid value: map[string]string{...}: ...does not match...`. */
export function templateLabelsMismatch(templatePath: string, labels: unknown): FieldError {
  return fieldError.invalidText(`${templatePath}.metadata.labels`, goStringMap(labels), '`selector` does not match template `labels`');
}
