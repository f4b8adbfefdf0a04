/**
 * Field errors as the API machinery reports them: each becomes one `details.causes` entry of a 422
 * Status, and their texts join into the Status message (`metadata.name: Invalid value: "X": ...`).
 */
import type { StatusCause } from '../../sdk/types/status.js';
import { ApiError } from '../errors.js';
import { writeJson } from '../../machinery/json-numbers.js';

/** The kinds of field errors, by their cause type. */
export type FieldErrorType =
  | 'FieldValueNotFound'
  | 'FieldValueRequired'
  | 'FieldValueDuplicate'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'InternalError'
  | 'FieldValueTypeInvalid';

const TYPE_TEXT: Record<FieldErrorType, string> = {
  FieldValueNotFound: 'Not found',
  FieldValueRequired: 'Required value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
  InternalError: 'Internal error',
  FieldValueTypeInvalid: 'Invalid value',
};

/** Marker for "do not print the value". */
export const OMIT_VALUE = Symbol('omit');

/** One invalid field. */
export interface FieldError {
  type: FieldErrorType;
  /** Path as the API prints it: `metadata.name`, `spec.containers[0].image`. */
  field: string;
  value?: unknown;
  /** The bad value already formatted (Go's `%#v` of a map, for instance). */
  valueText?: string;
  /** The whole error body already formatted (schema validators produce finished texts). */
  rawBody?: string;
  detail?: string;
}

/** Formats a bad value as Go's `%q` / `%v` do for the common types. */
function formatValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return writeJson(value);
}

/** The error text without the field path (`Invalid value: "X": detail`). */
export function errorBody(err: FieldError): string {
  if (err.rawBody !== undefined) return err.rawBody;
  let s = TYPE_TEXT[err.type];
  const omit = err.type === 'FieldValueRequired' || err.type === 'FieldValueForbidden' || err.type === 'FieldValueTooLong'
    || err.type === 'InternalError' || err.value === OMIT_VALUE || !('value' in err);
  if (err.valueText !== undefined) s += `: ${err.valueText}`;
  else if (!omit) s += `: ${formatValue(err.value)}`;
  if (err.detail !== undefined && err.detail !== '') s += `: ${err.detail}`;
  return s;
}

/** `field: body`. */
export function errorText(err: FieldError): string {
  return `${err.field}: ${errorBody(err)}`;
}

/** The detail of `field.NotSupported`: the supported values quoted, in the order given. */
export function supportedDetail(supported: readonly string[]): string {
  return supported.length === 0 ? '' : `supported values: ${supported.map((s) => JSON.stringify(s)).join(', ')}`;
}

/** Constructors mirroring `field.Invalid`, `field.Required`, ... */
export const fieldError = {
  invalid: (field: string, value: unknown, detail: string): FieldError => ({ type: 'FieldValueInvalid', field, value, detail }),
  /** `field.Invalid(path, value, FieldImmutableErrorMsg)`: a field an update may not change. */
  immutable: (field: string, value: unknown): FieldError => ({ type: 'FieldValueInvalid', field, value, detail: 'field is immutable' }),
  invalidText: (field: string, valueText: string, detail: string): FieldError => ({ type: 'FieldValueInvalid', field, valueText, detail }),
  required: (field: string, detail = ''): FieldError => ({ type: 'FieldValueRequired', field, detail }),
  forbidden: (field: string, detail: string): FieldError => ({ type: 'FieldValueForbidden', field, detail }),
  duplicate: (field: string, value: unknown): FieldError => ({ type: 'FieldValueDuplicate', field, value }),
  notSupported: (field: string, value: unknown, supported: string[]): FieldError => ({ type: 'FieldValueNotSupported', field, value, detail: supportedDetail(supported) }),
  tooLong: (field: string, max: number): FieldError => ({ type: 'FieldValueTooLong', field, detail: `may not be more than ${max} bytes` }),
  notFound: (field: string, value: unknown): FieldError => ({ type: 'FieldValueNotFound', field, value }),
};

/**
 * Adds `field.NotSupported` to `errs` unless `value` is one of `supported`; a missing value is
 * never supported and shows as `""` (Go's zero string). The message lists `supported` in the
 * order given: pass it as the API server prints it (sorted where Go lists a set). True when the
 * value is supported.
 */
export function supportedValue(errs: FieldError[], field: string, value: string | undefined, supported: readonly string[]): boolean {
  if (value !== undefined && supported.includes(value)) return true;
  errs.push(fieldError.notSupported(field, value ?? '', [...supported]));
  return false;
}

/** A required string field: Required when it is empty, else Invalid with each of `check`'s messages about it. */
export function requiredValid(field: string, value: string, check: (value: string) => readonly string[]): FieldError[] {
  return value === '' ? [fieldError.required(field)] : check(value).map((msg) => fieldError.invalid(field, value, msg));
}

/** Joins error texts as an aggregate error prints: one alone, several in brackets, duplicates once. */
export function aggregateText(errors: FieldError[]): string {
  const seen = new Set<string>();
  const texts: string[] = [];
  for (const e of errors) {
    const t = errorText(e);
    if (seen.has(t)) continue;
    seen.add(t);
    texts.push(t);
  }
  return texts.length === 1 ? (texts[0] ?? '') : `[${texts.join(', ')}]`;
}

/** The kind as invalid-object messages qualify it: `ConfigMap`, `Deployment.apps`. */
export interface GroupKind {
  group: string;
  kind: string;
}

/** 422: `<Kind> "<name>" is invalid: <errors>`, with one cause per field error. */
export function invalid(gk: GroupKind, name: string, errors: FieldError[]): ApiError {
  const causes: StatusCause[] = errors.map((e) => ({ reason: e.type, message: errorBody(e), field: e.field }));
  const qualified = gk.group === '' ? gk.kind : `${gk.kind}.${gk.group}`;
  const message = errors.length === 0 ? `${qualified} "${name}" is invalid` : `${qualified} "${name}" is invalid: ${aggregateText(errors)}`;
  return new ApiError(422, 'Invalid', message, { name, ...(gk.group !== '' ? { group: gk.group } : {}), kind: gk.kind, causes });
}
