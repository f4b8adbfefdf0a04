/**
 * CREATE: defaults, system fields, field ownership, mutating admission, BeforeCreate, validation,
 * validating admission, then persistence (skipped for dry runs).
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { ServerContext } from '../context.js';
import { alreadyExists, resourceVersionOnCreate } from '../errors.js';
import { groupResource } from '../registry/types.js';
import { AlreadyExistsError } from '../storage/index.js';
import { asString, metaOf } from '../util/json.js';
import { fromStorage, objectKey, toStorage } from './keys.js';
import { trackUpdate } from './managed-fields.js';
import { beforeCreate, checkTypeMeta, ensureNamespace, generateName, validateCreate, wipeSystemFields } from './object-meta.js';
import { hookContext, type WriteHookContext, type WriteRequest } from './write-request.js';
import type { AdmissionAttributes } from '../admission/types.js';

const GENERATE_NAME_ATTEMPTS = 8;

/** Handles POST of a new object (the body is the caller's to give away: it is changed in place). */
export async function createObject(ctx: ServerContext, req: WriteRequest, body: JsonObject): Promise<JsonObject> {
  const obj = body;
  checkTypeMeta(req.def, obj);
  req.def.hooks.defaults?.(obj);
  const meta = metaOf(obj);
  const rv = asString(meta.resourceVersion) ?? '';
  if (/^[1-9]\d*$/.test(rv) && !req.dryRun) throw resourceVersionOnCreate();
  wipeSystemFields(meta);
  ensureNamespace(req.def, meta, req.namespace);
  const tracked = trackUpdate(req, undefined, obj, ctx.now());
  const hctx = hookContext(ctx, req);
  const attrs: AdmissionAttributes = {
    operation: 'CREATE', def: req.def, subresource: req.subresource, namespace: req.namespace, name: asString(meta.name) ?? '',
    object: tracked, oldObject: undefined, user: req.user, dryRun: req.dryRun, options: req.options,
    ...(req.record === undefined ? {} : { record: req.record }),
  };
  try {
    await ctx.admission.admit(attrs);
    return await persistCreate(ctx, req, attrs, hctx);
  } catch (e) {
    hctx.rollback();
    throw e;
  }
}

/**
 * BeforeCreate, validation, validating admission and the store write of an admitted object (also
 * used when PUT or apply create a missing object).
 */
export async function persistCreate(ctx: ServerContext, req: WriteRequest, attrs: AdmissionAttributes, hctx: WriteHookContext): Promise<JsonObject> {
  const def = req.def;
  const obj = attrs.object ?? {};
  beforeCreate(def, obj, hctx);
  validateCreate(def, obj, hctx);
  attrs.name = asString(metaOf(obj).name) ?? '';
  await ctx.admission.validate(attrs);
  const generated = (asString(metaOf(obj).generateName) ?? '') !== '' && req.name === '' ;
  if (req.dryRun) {
    hctx.rollback();
    return obj;
  }
  toStorage(def, obj);
  for (let attempt = 0; ; attempt++) {
    const name = asString(metaOf(obj).name) ?? '';
    try {
      const entry = await ctx.store.create(def.bucket, objectKey(def, req.namespace, name), obj);
      const stored = fromStorage(def, entry.value);
      ctx.emitWrite({ type: 'ADDED', def, object: stored });
      return stored;
    } catch (e) {
      if (e instanceof AlreadyExistsError) {
        if (generated && attempt < GENERATE_NAME_ATTEMPTS) {
          metaOf(obj).name = generateName(asString(metaOf(obj).generateName) ?? '');
          continue;
        }
        throw alreadyExists(groupResource(def), name);
      }
      throw e;
    }
  }
}
