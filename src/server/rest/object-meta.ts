/**
 * Server-owned metadata on create and update: wiping what clients may not set, namespace checks,
 * uid / creationTimestamp / generation / generateName, preserving them across updates, and the
 * common plus kind-specific validation (422 with one cause per field).
 */
import { randomUUID } from 'node:crypto';
import type { JsonObject } from '../../sdk/types/meta.js';
import { timestamp } from '../util/time.js';
import { badRequest } from '../errors.js';
import { apiVersionOf, groupKind, type HookContext, type ResourceDef } from '../registry/types.js';
import { asObject, asString, metaOf } from '../util/json.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { invalid, type FieldError } from '../validation/field-errors.js';
import { validateObjectMeta, validateObjectMetaUpdate } from '../validation/object-meta.js';

const NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
const MAX_GENERATED_PREFIX = 58;

/** A generated name: the prefix (cut to 58 characters) and 5 random characters, as the API server makes them. */
export function generateName(base: string): string {
  let prefix = base;
  if (prefix.length > MAX_GENERATED_PREFIX) prefix = prefix.slice(0, MAX_GENERATED_PREFIX);
  let suffix = '';
  for (let i = 0; i < 5; i++) suffix += NAME_ALPHABET[Math.floor(Math.random() * NAME_ALPHABET.length)];
  return prefix + suffix;
}

/** Checks `apiVersion` and `kind` of a request body against the endpoint and fills them in. */
export function checkTypeMeta(def: ResourceDef, obj: JsonObject, expectedKind = def.kind, expectedApiVersion = apiVersionOf(def)): void {
  const apiVersion = asString(obj.apiVersion) ?? '';
  const kind = asString(obj.kind) ?? '';
  if (apiVersion !== '' && apiVersion !== expectedApiVersion) {
    throw badRequest(`the API version in the data (${apiVersion}) does not match the expected API version (${expectedApiVersion})`);
  }
  if (kind !== '' && kind !== expectedKind) {
    throw badRequest(`the kind in the data (${kind}) does not match the expected kind (${expectedKind})`);
  }
  obj.apiVersion = expectedApiVersion;
  obj.kind = expectedKind;
}

/** WipeObjectMetaSystemFields. */
export function wipeSystemFields(meta: JsonObject): void {
  delete meta.creationTimestamp;
  delete meta.uid;
  delete meta.deletionTimestamp;
  delete meta.deletionGracePeriodSeconds;
  delete meta.selfLink;
}

/** The namespace of the body must match the request's; cluster-scoped objects carry none. */
export function ensureNamespace(def: ResourceDef, meta: JsonObject, namespace: string): void {
  if (!def.namespaced) {
    delete meta.namespace;
    return;
  }
  const ns = asString(meta.namespace) ?? '';
  if (ns !== '' && ns !== namespace) throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
  meta.namespace = namespace;
}

/** BeforeCreate: status reset, kind preparation, system fields, generated name. */
export function beforeCreate(def: ResourceDef, obj: JsonObject, hctx: HookContext): void {
  const meta = metaOf(obj);
  delete meta.deletionTimestamp;
  delete meta.deletionGracePeriodSeconds;
  if (def.resetStatusOnCreate) {
    if (def.custom !== undefined) delete obj.status;
    else obj.status = {};
  }
  meta.uid = randomUUID();
  meta.creationTimestamp = timestamp(hctx.now);
  const generate = asString(meta.generateName) ?? '';
  if (generate !== '' && (asString(meta.name) ?? '') === '') meta.name = generateName(generate);
  if (def.tracksGeneration) meta.generation = 1;
  else delete meta.generation;
  delete meta.resourceVersion;
  def.hooks.prepareForCreate?.(obj, hctx);
}

/** Validation of a new object: kind checks first, then metadata, as the API server orders them. */
export function validateCreate(def: ResourceDef, obj: JsonObject, hctx: HookContext): void {
  const errs: FieldError[] = [...(def.hooks.validate?.(obj, hctx) ?? []), ...(def.hooks.validateCreate?.(obj, hctx) ?? [])];
  errs.push(...validateObjectMeta(metaOf(obj), { namespaced: def.namespaced, nameRule: def.nameRule }));
  if (errs.length > 0) throw invalid(groupKind(def), asString(metaOf(obj).name) ?? '', errs);
}

/** The parts of an object whose change bumps `metadata.generation`. */
function specPart(def: ResourceDef, obj: JsonObject): JsonObject {
  const { metadata: _m, status: _s, apiVersion: _a, kind: _k, ...rest } = obj;
  if (!def.statusSubresource && def.custom !== undefined && obj.status !== undefined) return { ...rest, status: obj.status };
  return rest;
}

/** BeforeUpdate of the main resource or a sub-resource. */
export function beforeUpdate(def: ResourceDef, obj: JsonObject, old: JsonObject, subresource: string, hctx: HookContext): void {
  const meta = metaOf(obj);
  const oldMeta = asObject(old.metadata) ?? {};
  if (subresource === '') {
    if (def.statusSubresource) {
      if (old.status === undefined) delete obj.status;
      else obj.status = structuredClone(old.status);
    }
    def.hooks.prepareForUpdate?.(obj, old, hctx);
  }
  if (def.tracksGeneration) {
    const gen = typeof oldMeta.generation === 'number' ? oldMeta.generation : 1;
    // `scale` writes the main object's spec (the API server updates it through the main strategy).
    const writesSpec = subresource === '' || subresource === 'scale';
    meta.generation = writesSpec && !jsonEqual(specPart(def, obj), specPart(def, old)) ? gen + 1 : gen;
  } else if (oldMeta.generation !== undefined) {
    meta.generation = oldMeta.generation;
  } else {
    delete meta.generation;
  }
  if ((asString(meta.uid) ?? '') === '' && oldMeta.uid !== undefined) meta.uid = oldMeta.uid;
  if (oldMeta.creationTimestamp !== undefined) meta.creationTimestamp = oldMeta.creationTimestamp;
  if (oldMeta.deletionTimestamp !== undefined) meta.deletionTimestamp = oldMeta.deletionTimestamp;
  else delete meta.deletionTimestamp;
  if (oldMeta.deletionGracePeriodSeconds !== undefined && meta.deletionGracePeriodSeconds === undefined) {
    meta.deletionGracePeriodSeconds = oldMeta.deletionGracePeriodSeconds;
  }
  delete meta.selfLink;
  if (meta.generateName === undefined && oldMeta.generateName !== undefined) meta.generateName = oldMeta.generateName;
}

/** Validation of an update (new object alone, then immutability and kind update rules). */
export function validateUpdate(def: ResourceDef, obj: JsonObject, old: JsonObject, subresource: string, hctx: HookContext): void {
  const errs: FieldError[] = [];
  if (subresource === 'status' || subresource === 'approval') {
    errs.push(...(def.hooks.validateStatusUpdate?.(obj, old, hctx) ?? []));
  } else if (subresource === '') {
    errs.push(...(def.hooks.validate?.(obj, hctx) ?? []));
    errs.push(...(def.hooks.validateUpdate?.(obj, old, hctx) ?? []));
  } else {
    errs.push(...(def.hooks.validateSubresourceUpdate?.(subresource, obj, old, hctx) ?? []));
  }
  errs.push(...validateObjectMeta(metaOf(obj), { namespaced: def.namespaced, nameRule: def.nameRule }));
  errs.push(...validateObjectMetaUpdate(metaOf(obj), asObject(old.metadata) ?? {}));
  if (errs.length > 0) throw invalid(groupKind(def), asString(metaOf(obj).name) ?? '', errs);
}
