// Small helpers for the field-manager tests: a clock, apply and update with defaults, and readers.
import type { JsonObject, KubeObject, ManagedFieldsEntry } from '../../../../src/sdk/types/meta.js';
import type { TypeSchema } from '../../../../src/sdk/types/schema/index.js';
import { builtinSchema } from '../../../../src/sdk/types/schema/index.js';
import { applyObject, updateManagedFields } from '../../../../src/server/fieldmanager/index.js';

export const CONFIG_MAP = builtinSchema('', 'v1', 'ConfigMap')!;
export const DEPLOYMENT = builtinSchema('apps', 'v1', 'Deployment')!;

let seconds = 0;
/** A clock that advances one second per call. */
export function tick(): string {
  seconds++;
  return new Date(Date.UTC(2024, 0, 1, 0, 0, seconds)).toISOString().replace('.000Z', 'Z');
}

export interface Options {
  schema?: TypeSchema;
  apiVersion?: string;
  force?: boolean;
  subresource?: string;
  now?: string;
}

export function apply(live: KubeObject | undefined, manager: string, config: JsonObject, options: Options = {}): KubeObject {
  const args = {
    live,
    applied: config as KubeObject,
    manager,
    apiVersion: options.apiVersion ?? 'v1',
    force: options.force ?? false,
    schema: options.schema ?? CONFIG_MAP,
    now: options.now ?? tick(),
    ...(options.subresource === undefined ? {} : { subresource: options.subresource }),
  };
  return applyObject(args);
}

export function update(live: KubeObject | undefined, manager: string, updated: JsonObject, options: Options = {}): KubeObject {
  const args = {
    live,
    updated: updated as KubeObject,
    manager,
    apiVersion: options.apiVersion ?? 'v1',
    schema: options.schema ?? CONFIG_MAP,
    now: options.now ?? tick(),
    ...(options.subresource === undefined ? {} : { subresource: options.subresource }),
  };
  return updateManagedFields(args);
}

/** The managedFields entries of an object. */
export function entries(obj: KubeObject): ManagedFieldsEntry[] {
  return obj.metadata?.managedFields ?? [];
}

/** The fieldsV1 of `manager`'s entry (with an operation when several), as compact JSON. */
export function fieldsOf(obj: KubeObject, manager: string, operation?: 'Apply' | 'Update'): string | undefined {
  const entry = entries(obj).find((e) => e.manager === manager && (operation === undefined || e.operation === operation));
  return entry === undefined ? undefined : JSON.stringify(entry.fieldsV1);
}

/** `manager/operation` of every entry, in order. */
export function owners(obj: KubeObject): string[] {
  return entries(obj).map((e) => `${e.manager}/${e.operation}${e.subresource === undefined ? '' : `/${e.subresource}`}`);
}

/** A ConfigMap applied config. */
export function cm(data: Record<string, string>, extra: JsonObject = {}): JsonObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default', ...extra }, data };
}

/** The object without managedFields (as compact JSON) for comparisons. */
export function body(obj: KubeObject): JsonObject {
  const copy = structuredClone(obj) as JsonObject;
  const metadata = copy.metadata as JsonObject;
  delete metadata.managedFields;
  return copy;
}
