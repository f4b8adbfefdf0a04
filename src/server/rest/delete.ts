/**
 * DELETE and deletecollection: preconditions (uid, resourceVersion), validating admission,
 * graceful deletion of pods, finalizers and `deletionTimestamp` (the object stays until its
 * finalizers are gone), the garbage-collection finalizers of the propagation policies (`orphan`,
 * `foregroundDeletion`), and the answers (the object, or a Success Status).
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { Status } from '../../sdk/types/status.js';
import { GROUPS } from '../../sdk/naming.js';
import type { ServerContext } from '../context.js';
import { timestamp } from '../util/time.js';
import { conflict, notFound } from '../errors.js';
import { groupResource, type ResourceDef } from '../registry/types.js';
import { ConflictError, NotFoundError } from '../storage/index.js';
import { asNumber, asObject, asString, finalizersOf, metaOf } from '../util/json.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { fieldError, invalid, type FieldError } from '../validation/field-errors.js';
import type { AdmissionAttributes } from '../admission/types.js';
import { fromStorage, objectKey } from './keys.js';
import { storeDeleted, storeModified } from './stored-writes.js';
import { awaitWinningWrite } from './retry.js';
import { hookContext, type WriteRequest } from './write-request.js';

/** Delete options as the request gives them (body DeleteOptions merged with query parameters). */
export interface DeleteParams {
  gracePeriodSeconds?: number;
  propagationPolicy?: string;
  orphanDependents?: boolean;
  preconditions?: { uid?: string; resourceVersion?: string };
}

/** The outcome of one delete. */
export interface DeleteResult {
  /** The object as last stored (removed) or as updated (finalizing). */
  object: JsonObject;
  /** True when the object is gone from the store. */
  deleted: boolean;
}

const POLICIES = ['Foreground', 'Background', 'Orphan'];
const NAMESPACE_FINALIZING = 'The system is ensuring all content is removed from this namespace.  Upon completion, this namespace will automatically be purged by the system.';

/** ValidateDeleteOptions (422 `DeleteOptions.meta.platform.io "" is invalid`). */
export function validateDeleteParams(p: DeleteParams): void {
  const errs: FieldError[] = [];
  if (p.orphanDependents !== undefined && p.propagationPolicy !== undefined) {
    errs.push(fieldError.invalid('propagationPolicy', p.propagationPolicy, 'orphanDependents and deletionPropagation cannot be both set'));
  }
  if (p.propagationPolicy !== undefined && !POLICIES.includes(p.propagationPolicy)) {
    errs.push(fieldError.notSupported('propagationPolicy', p.propagationPolicy, [...POLICIES, 'nil']));
  }
  if (p.gracePeriodSeconds !== undefined && !Number.isInteger(p.gracePeriodSeconds)) {
    errs.push(fieldError.invalid('gracePeriodSeconds', p.gracePeriodSeconds, 'must be an integer'));
  }
  if (errs.length > 0) throw invalid({ group: GROUPS.meta, kind: 'DeleteOptions' }, '', errs);
}

/** Adds or removes the garbage collector's finalizers for the request's propagation policy. */
function applyPropagation(def: ResourceDef, obj: JsonObject, p: DeleteParams): void {
  let policy = p.propagationPolicy;
  if (policy === undefined && p.orphanDependents !== undefined) policy = p.orphanDependents ? 'Orphan' : 'Background';
  const current = finalizersOf(obj);
  if (policy === undefined) {
    if (current.includes('orphan') || current.includes('foregroundDeletion')) return;
    policy = def.defaultPropagation;
  }
  let next = current.filter((f) => f !== 'orphan' && f !== 'foregroundDeletion');
  if (policy === 'Orphan') next = [...next, 'orphan'];
  if (policy === 'Foreground') next = [...next, 'foregroundDeletion'];
  const meta = metaOf(obj);
  if (next.length === 0) delete meta.finalizers;
  else meta.finalizers = next;
}

/** Grace period of a pod deletion (other kinds are deleted at once). */
function gracePeriod(def: ResourceDef, obj: JsonObject, p: DeleteParams): number {
  if (!(def.group === '' && def.plural === 'pods')) return 0;
  const spec = asObject(obj.spec) ?? {};
  const phase = asObject(obj.status)?.phase;
  if ((asString(spec.nodeName) ?? '') === '' || phase === 'Succeeded' || phase === 'Failed') return 0;
  const g = p.gracePeriodSeconds ?? asNumber(spec.terminationGracePeriodSeconds) ?? 30;
  return Math.max(0, g);
}

/** Deletes one object. */
export async function deleteObject(ctx: ServerContext, req: WriteRequest, p: DeleteParams): Promise<DeleteResult> {
  const def = req.def;
  const key = objectKey(def, req.namespace, req.name);
  for (let attempt = 0; attempt < 16; attempt++) {
    const entry = await ctx.store.get(def.bucket, key);
    if (entry === undefined) throw notFound(groupResource(def), req.name);
    const existing = fromStorage(def, entry.value);
    const meta = asObject(existing.metadata) ?? {};
    const pre = p.preconditions;
    if (pre?.uid !== undefined && pre.uid !== meta.uid) {
      throw conflict(groupResource(def), req.name, `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${asString(meta.uid) ?? ''}`);
    }
    if (pre?.resourceVersion !== undefined && pre.resourceVersion !== meta.resourceVersion) {
      throw conflict(groupResource(def), req.name,
        `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${asString(meta.resourceVersion) ?? ''}`);
    }
    const hctx = hookContext(ctx, req);
    const attrs: AdmissionAttributes = {
      operation: 'DELETE', def, subresource: req.subresource, namespace: req.namespace, name: req.name,
      object: undefined, oldObject: existing, user: req.user, dryRun: req.dryRun, options: req.options,
      ...(req.record === undefined ? {} : { record: req.record }),
    };
    await ctx.admission.admit(attrs);
    await ctx.admission.validate(attrs);
    const obj = structuredClone(existing);
    const first = typeof meta.deletionTimestamp !== 'string';
    if (!first && def.group === '' && def.plural === 'namespaces' && def.hooks.pendingFinalization?.(existing) === true) {
      throw conflict(groupResource(def), req.name, NAMESPACE_FINALIZING);
    }
    if (first) def.hooks.beforeDelete?.(obj, hctx);
    applyPropagation(def, obj, p);
    const grace = gracePeriod(def, obj, p);
    const objMeta = metaOf(obj);
    const pending = finalizersOf(obj).length > 0 || def.hooks.pendingFinalization?.(obj) === true;
    const now = ctx.now();
    let remove = !pending && grace === 0;
    if (!remove) {
      if (first) {
        objMeta.deletionTimestamp = timestamp(now + grace * 1000);
        objMeta.deletionGracePeriodSeconds = grace;
        if (typeof objMeta.generation === 'number' && objMeta.generation > 0) objMeta.generation += 1;
      } else {
        const currentGrace = asNumber(meta.deletionGracePeriodSeconds) ?? 0;
        if (grace < currentGrace) {
          objMeta.deletionTimestamp = timestamp(now + grace * 1000);
          objMeta.deletionGracePeriodSeconds = grace;
          if (grace === 0 && !pending) remove = true;
        }
      }
    }
    try {
      if (remove) {
        if (req.dryRun) return { object: existing, deleted: true };
        return { object: await storeDeleted(ctx, def, key, entry.rv, existing), deleted: true };
      }
      if (jsonEqual(obj, existing)) return { object: existing, deleted: false };
      if (req.dryRun) return { object: obj, deleted: false };
      return { object: await storeModified(ctx, def, key, entry.rv, obj, existing), deleted: false };
    } catch (e) {
      if (e instanceof ConflictError) {
        await awaitWinningWrite(ctx, def.bucket, key);
        continue;
      }
      if (e instanceof NotFoundError) throw notFound(groupResource(def), req.name);
      throw e;
    }
  }
  throw conflict(groupResource(def), req.name);
}

/** The Success Status of a delete whose kind does not answer with the object. */
export function deletedStatus(def: ResourceDef, obj: JsonObject): Status {
  const meta = asObject(obj.metadata) ?? {};
  const details: NonNullable<Status['details']> = { name: asString(meta.name) ?? '' };
  if (def.group !== '') details.group = def.group;
  details.kind = def.plural;
  const uid = asString(meta.uid);
  if (uid !== undefined) details.uid = uid;
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details };
}
