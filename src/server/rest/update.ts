/**
 * The update loop behind PUT, PATCH, apply and sub-resource writes (GuaranteedUpdate): read the
 * current object, compute the new one, admit, prepare and validate it, then write it only if the
 * stored version is still the one read; a concurrent change retries with the fresh object, a
 * stale `metadata.resourceVersion` from the client is 409 Conflict. Creating on update (PUT of a
 * missing object where the kind allows it, apply) goes through the create steps.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { ServerContext } from '../context.js';
import { conflict, notFound } from '../errors.js';
import { groupResource, type ResourceDef } from '../registry/types.js';
import { ConflictError, NotFoundError } from '../storage/index.js';
import { asArray, asObject, asString, metaOf } from '../util/json.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { invalid } from '../validation/field-errors.js';
import type { AdmissionAttributes } from '../admission/types.js';
import { persistCreate } from './create.js';
import { fromStorage, objectKey } from './keys.js';
import { storeDeleted, storeModified } from './stored-writes.js';
import { beforeUpdate, validateUpdate } from './object-meta.js';
import { awaitWinningWrite } from './retry.js';
import { hookContext, type WriteRequest } from './write-request.js';

const MAX_ATTEMPTS = 16;

/** How an update computes its new object. */
export interface UpdateSpec {
  /**
   * The new object from the current one (a private mutable copy; undefined when absent). Runs again
   * on every retry. Field ownership is tracked here.
   */
  transform(existing: JsonObject | undefined): Promise<JsonObject> | JsonObject;
  /** The object may be created when missing. */
  allowCreate: boolean;
}

/** The result of an update. */
export interface UpdateResult {
  object: JsonObject;
  created: boolean;
}

/** Objects equal apart from the resource version (a no-op write is not persisted). */
function sameObject(a: JsonObject, b: JsonObject): boolean {
  const strip = (o: JsonObject): JsonObject => ({ ...o, metadata: { ...(asObject(o.metadata) ?? {}), resourceVersion: undefined } });
  return jsonEqual(strip(a), strip(b));
}

/** True when an update leaves a deleted object without finalizers: it is removed now. */
export function readyToRemove(def: ResourceDef, obj: JsonObject): boolean {
  const meta = asObject(obj.metadata) ?? {};
  if (typeof meta.deletionTimestamp !== 'string') return false;
  if ((asArray(meta.finalizers) ?? []).length > 0) return false;
  if (def.hooks.pendingFinalization?.(obj) === true) return false;
  const grace = meta.deletionGracePeriodSeconds;
  return grace === undefined || grace === 0;
}

/** Runs the update loop. */
export async function updateObject(ctx: ServerContext, req: WriteRequest, spec: UpdateSpec): Promise<UpdateResult> {
  const def = req.def;
  const key = objectKey(def, req.namespace, req.name);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const entry = await ctx.store.get(def.bucket, key);
    const existing = entry === undefined ? undefined : fromStorage(def, entry.value);
    if (existing === undefined && !spec.allowCreate) throw notFound(groupResource(def), req.name);
    const obj = await spec.transform(existing === undefined ? undefined : structuredClone(existing));
    const hctx = hookContext(ctx, req);
    const attrs: AdmissionAttributes = {
      operation: existing === undefined ? 'CREATE' : 'UPDATE', def, subresource: req.subresource, namespace: req.namespace, name: req.name,
      object: obj, oldObject: existing, user: req.user, dryRun: req.dryRun, options: req.options,
      ...(req.record === undefined ? {} : { record: req.record }),
    };
    try {
      if (existing === undefined || entry === undefined) {
        await ctx.admission.admit(attrs);
        const created = await persistCreate(ctx, { ...req }, attrs, hctx);
        return { object: created, created: true };
      }
      const newRV = asString(metaOf(obj).resourceVersion) ?? '';
      // The API server reads the version as a number: "0", like none, is an unconditional update.
      const unconditional = newRV === '' || newRV === '0';
      if (unconditional && !def.allowUnconditionalUpdate) {
        throw invalid({ group: def.group, kind: def.plural }, req.name,
          [{ type: 'FieldValueInvalid', field: 'metadata.resourceVersion', valueText: '0x0', detail: 'must be specified for an update' }]);
      }
      if (!unconditional && newRV !== String(entry.rv)) throw conflict(groupResource(def), req.name);
      await ctx.admission.admit(attrs);
      const next = attrs.object ?? obj;
      beforeUpdate(def, next, existing, req.subresource, hctx);
      validateUpdate(def, next, existing, req.subresource, hctx);
      await ctx.admission.validate(attrs);
      metaOf(next).resourceVersion = String(entry.rv);
      if (readyToRemove(def, next)) {
        if (req.dryRun) {
          hctx.rollback();
          return { object: next, created: false };
        }
        await storeDeleted(ctx, def, key, entry.rv, existing);
        return { object: next, created: false };
      }
      if (sameObject(next, existing)) {
        hctx.rollback();
        return { object: existing, created: false };
      }
      if (req.dryRun) {
        hctx.rollback();
        return { object: next, created: false };
      }
      return { object: await storeModified(ctx, def, key, entry.rv, next, existing), created: false };
    } catch (e) {
      hctx.rollback();
      if (e instanceof ConflictError || e instanceof NotFoundError) {
        await awaitWinningWrite(ctx, def.bucket, key);
        continue;
      }
      if (e instanceof Error && e.name === 'AlreadyExistsError') continue;
      throw e;
    }
  }
  throw conflict(groupResource(def), req.name);
}
