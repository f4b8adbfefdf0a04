/**
 * ConfigMap and Secret (core/v1): key syntax, `immutable`, Secret types and `stringData`.
 */
import { SECRET_TYPES } from '../../sdk/naming.js';
import type { ConfigMap } from '../../sdk/types/generated/core-v1.js';
import { setKey } from '../util/json.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { fieldError, type FieldError } from '../validation/field-errors.js';
import { defineKind } from './define.js';
import { configMapTable, secretTable } from '../tables/core.js';

const KEY_RE = /^[-._a-zA-Z0-9]+$/;
const KEY_MSG = "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";

function validateKeys(map: Record<string, string> | undefined, path: string, seen: Set<string>): FieldError[] {
  const errs: FieldError[] = [];
  for (const key of Object.keys(map ?? {})) {
    if (!KEY_RE.test(key)) errs.push(fieldError.invalid(path, key, KEY_MSG));
    if (key.length > 253) errs.push(fieldError.invalid(path, key, 'must be no more than 253 characters'));
    if (seen.has(key)) errs.push(fieldError.invalid(path, key, 'duplicate of key present in data'));
    seen.add(key);
  }
  return errs;
}

/**
 * Base64 values as a Go API server decodes []byte fields: `\r` and `\n` are ignored (kustomize
 * writes long values in 70-column lines), and the stored value is the canonical encoding.
 */
function normalizeBase64Values(values: Record<string, string> | undefined): void {
  if (!values) return;
  for (const [k, v] of Object.entries(values)) if (/[\r\n]/.test(v)) values[k] = v.replace(/[\r\n]/g, '');
}

/** What the `immutable` check reads of a ConfigMap or a Secret. */
type ImmutableData = Pick<ConfigMap, 'immutable' | 'data' | 'binaryData'>;

function validateImmutable(obj: ImmutableData, old: ImmutableData, fields: readonly ('data' | 'binaryData')[]): FieldError[] {
  const errs: FieldError[] = [];
  if (old.immutable !== true) return errs;
  if (obj.immutable !== true) errs.push(fieldError.forbidden('immutable', 'field is immutable when `immutable` is set'));
  for (const f of fields) {
    if (!jsonEqual(obj[f] ?? {}, old[f] ?? {})) errs.push(fieldError.forbidden(f, 'field is immutable when `immutable` is set'));
  }
  return errs;
}

export const configMapDef = defineKind({
  group: '', version: 'v1', kind: 'ConfigMap', plural: 'configmaps', shortNames: ['cm'], namespaced: true,
  table: configMapTable,
  hooks: {
    defaults(obj) {
      normalizeBase64Values(obj.binaryData);
    },
    validate(obj) {
      const seen = new Set<string>();
      return [...validateKeys(obj.data, 'data', seen), ...validateKeys(obj.binaryData, 'binaryData', seen)];
    },
    validateUpdate: (obj, old) => validateImmutable(obj, old, ['data', 'binaryData']),
  },
});

function base64Ok(v: string): boolean {
  return /^[A-Za-z0-9+/]*={0,2}$/.test(v) && v.length % 4 === 0;
}

export const secretDef = defineKind({
  group: '', version: 'v1', kind: 'Secret', plural: 'secrets', namespaced: true,
  fieldSelectors: { type: (o) => o.type ?? '' },
  table: secretTable,
  hooks: {
    defaults(obj) {
      if (obj.type === undefined || obj.type === '') obj.type = SECRET_TYPES.opaque;
      normalizeBase64Values(obj.data);
      // stringData is write-only: merged into data (base64) and dropped, as the API server's conversion does.
      const stringData = obj.stringData;
      if (stringData) {
        const data = (obj.data ??= {});
        for (const [k, v] of Object.entries(stringData)) setKey(data, k, Buffer.from(v, 'utf8').toString('base64'));
        delete obj.stringData;
      }
    },
    validate(obj) {
      const errs = validateKeys(obj.data, 'data', new Set());
      for (const [k, v] of Object.entries(obj.data ?? {})) {
        if (!base64Ok(v)) errs.push(fieldError.invalid(`data[${k}]`, '<secret contents redacted>', 'illegal base64 data'));
      }
      if (obj.type === SECRET_TYPES.serviceAccountToken) {
        if ((obj.metadata?.annotations?.['platform.io/service-account.name'] ?? '') === '') {
          errs.push(fieldError.required('metadata.annotations[platform.io/service-account.name]'));
        }
      }
      if (obj.type === SECRET_TYPES.dockerConfigJson) {
        if (obj.data?.['.dockerconfigjson'] === undefined) errs.push(fieldError.required('data[.dockerconfigjson]'));
      }
      if (obj.type === SECRET_TYPES.tls) {
        const data = obj.data ?? {};
        if (data['tls.key'] === undefined) errs.push(fieldError.required('data[tls.key]'));
        if (data['tls.crt'] === undefined) errs.push(fieldError.required('data[tls.crt]'));
      }
      return errs;
    },
    validateUpdate(obj, old) {
      const errs = validateImmutable(obj, old, ['data']);
      if ((obj.type ?? '') !== (old.type ?? '')) errs.push(fieldError.immutable('type', obj.type ?? ''));
      return errs;
    },
  },
});
