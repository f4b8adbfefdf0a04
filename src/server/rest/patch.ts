/**
 * PATCH in its four forms: JSON merge patch, JSON patch (with `test`), strategic merge patch
 * (built-in kinds only: 415 for custom resources) and server-side apply (`fieldManager` required,
 * `force`, conflicts as 409 with one cause per field, creation by apply).
 */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import { GROUPS, MEDIA_TYPES } from '../../sdk/naming.js';
import type { TypeSchema } from '../../sdk/types/schema/index.js';
import type { ServerContext } from '../context.js';
import { ApiError, badRequest, resourceVersionOnCreate, unsupportedMediaType } from '../errors.js';
import { ApplyConflictError, validateAppliedObject } from '../fieldmanager/index.js';
import { applyJsonPatch, applyMergePatch, applyStrategicMergePatch, PatchError } from '../patch/index.js';
import { apiVersionOf, groupKind, type GVK, type ResourceDef } from '../registry/types.js';
import { decodePatchedObject, normalizeBuiltin, type ValidationScope } from '../field-validation/index.js';
import { asObject, asString, metaOf } from '../util/json.js';
import { exceedsDepth, MAX_OBJECT_DEPTH } from '../util/json-limits.js';
import { fieldError, invalid, OMIT_VALUE } from '../validation/field-errors.js';
import { trackApply, trackUpdate } from './managed-fields.js';
import { ensureNamespace } from './object-meta.js';
import { updateObject, type UpdateResult } from './update.js';
import { asKube, type WriteRequest } from './write-request.js';

/** The patch formats by media type. */
export type PatchType = 'json' | 'merge' | 'strategic' | 'apply';

/** Media types of PATCH bodies. */
export const PATCH_MEDIA_TYPES: Record<string, PatchType> = {
  [MEDIA_TYPES.jsonPatch]: 'json',
  [MEDIA_TYPES.mergePatch]: 'merge',
  [MEDIA_TYPES.strategicMergePatch]: 'strategic',
  [MEDIA_TYPES.applyPatch]: 'apply',
};

/** The patch types a kind accepts, in the order the 415 message lists them. */
export function acceptedPatchTypes(strategic: boolean): string[] {
  const types: string[] = [MEDIA_TYPES.jsonPatch, MEDIA_TYPES.mergePatch];
  if (strategic) types.push(MEDIA_TYPES.strategicMergePatch);
  types.push(MEDIA_TYPES.applyPatch);
  return types;
}

/** A PATCH request. */
export interface PatchParams {
  type: PatchType;
  /** The parsed body: an object (merge/strategic/apply) or an operations array (json). */
  body: JsonValue;
  force: boolean;
  /** Maps the current object to the document the patch applies to, and back (sub-resources). */
  view?: {
    /** The kind of the patch target when it is not the resource's (autoscaling/v1 Scale). */
    kind?: GVK;
    toPatchTarget(existing: JsonObject): JsonObject;
    fromPatchResult(existing: JsonObject, patched: JsonObject): JsonObject;
  };
  /** Field validation of the request, and the strict errors of the patch body itself. */
  validation?: { scope: ValidationScope; bodyErrors: readonly string[] };
}

function patchFailure(e: unknown): never {
  if (e instanceof PatchError) {
    const details = e.detail === undefined ? undefined : { causes: [{ message: e.detail }] };
    throw new ApiError(e.statusCode, e.reason, e.message, details);
  }
  throw e;
}

/** The 409 of an apply conflict: the field manager's message, one `FieldManagerConflict` cause per field. */
export function applyConflict(e: ApplyConflictError): ApiError {
  const status = e.toStatus();
  return new ApiError(409, 'Conflict', status.message ?? e.message, status.details);
}

/** Applies a patch of any type to one object. */
export async function patchObject(ctx: ServerContext, req: WriteRequest, params: PatchParams): Promise<UpdateResult> {
  const def = req.def;
  if (params.type === 'strategic' && !def.strategicMerge) throw unsupportedMediaType(acceptedPatchTypes(false));
  if (params.type === 'apply') {
    if (req.fieldManager === '') {
      throw invalid({ group: GROUPS.meta, kind: 'PatchOptions' }, '', [{ type: 'FieldValueRequired', field: 'fieldManager', detail: 'is required for apply patch' }]);
    }
    const applied = asObject(params.body);
    if (applied === undefined) throw badRequest('error decoding YAML: the apply body must be an object');
    const problem = validateAppliedObject(asKube(applied), { apiVersion: apiVersionOf(def), kind: def.kind });
    if (problem !== undefined) throw badRequest(problem);
  } else if (params.type === 'json') {
    if (!Array.isArray(params.body)) throw badRequest('json: cannot unmarshal object into Go value of type jsonpatch.Patch');
  } else if (asObject(params.body) === undefined) {
    throw badRequest('json: cannot unmarshal non-object into Go value of type map[string]interface {}');
  }
  const now = (): number => ctx.now();
  return updateObject(ctx, req, {
    allowCreate: params.type === 'apply' && req.subresource === '',
    transform: (existing) => {
      if (params.type === 'apply') {
        const applied = structuredClone(asObject(params.body) ?? {});
        const expectedApiVersion = apiVersionOf(def);
        const av = asString(applied.apiVersion) ?? '';
        const kind = asString(applied.kind) ?? '';
        if (av !== '' && av !== expectedApiVersion) {
          throw badRequest(`the API version in the data (${av}) does not match the expected API version (${expectedApiVersion})`);
        }
        if (kind !== '' && kind !== def.kind) throw badRequest(`the kind in the data (${kind}) does not match the expected kind (${def.kind})`);
        applied.apiVersion = expectedApiVersion;
        applied.kind = def.kind;
        const meta = metaOf(applied);
        const name = asString(meta.name) ?? '';
        if (name !== '' && name !== req.name) throw badRequest(`the name of the object (${name}) does not match the name on the URL (${req.name})`);
        meta.name = req.name;
        ensureNamespace(def, meta, req.namespace);
        const target = existing === undefined ? undefined : params.view === undefined ? existing : params.view.toPatchTarget(existing);
        let merged: JsonObject;
        try {
          merged = trackApply(req, target, applied, params.force, now());
        } catch (e) {
          if (e instanceof ApplyConflictError) throw applyConflict(e);
          if (e instanceof PatchError) patchFailure(e);
          throw e;
        }
        checkPatchedDepth(def, req.name, merged);
        merged = normalizeBuiltin(def, merged);
        if (existing === undefined) {
          const rv = asString(asObject(applied.metadata)?.resourceVersion) ?? '';
          if (/^[1-9]\d*$/.test(rv) && !req.dryRun) throw resourceVersionOnCreate();
          def.hooks.defaults?.(merged);
          return merged;
        }
        const result = params.view === undefined ? merged : params.view.fromPatchResult(existing, merged);
        def.hooks.defaults?.(result);
        return result;
      }
      if (existing === undefined) throw badRequest('cannot patch a missing object');
      const target = params.view === undefined ? existing : params.view.toPatchTarget(existing);
      let patched: JsonObject;
      try {
        patched = applyPatchBody(params, target, def.schema);
      } catch (e) {
        patchFailure(e);
      }
      checkPatchedDepth(def, req.name, patched);
      const scope = params.validation?.scope ?? { directive: 'Ignore' as const };
      patched = decodePatchedObject(def, patched, params.view?.kind ?? def, { type: params.type, body: params.body, bodyErrors: params.validation?.bodyErrors ?? [] }, scope);
      const patchedMeta = asObject(patched.metadata);
      if (patchedMeta !== undefined) {
        const n = asString(patchedMeta.name) ?? '';
        if (n !== '' && n !== req.name) throw invalid(groupKind(def), req.name, [fieldError.immutable('metadata.name', n)]);
      }
      const result = params.view === undefined ? patched : params.view.fromPatchResult(existing, patched);
      def.hooks.defaults?.(result);
      return trackUpdate(req, existing, result, now());
    },
  });
}

/**
 * A patch result nested deeper than the store keeps is refused as the API server refuses a patched
 * document it cannot decode: 422 on the field `patch`.
 */
function checkPatchedDepth(def: ResourceDef, name: string, patched: JsonObject): void {
  if (!exceedsDepth(patched, MAX_OBJECT_DEPTH)) return;
  throw invalid(groupKind(def), name, [{ type: 'FieldValueInvalid', field: 'patch', value: OMIT_VALUE, detail: `exceeded max depth of ${MAX_OBJECT_DEPTH}` }]);
}

function applyPatchBody(params: PatchParams, target: JsonObject, schema: () => TypeSchema): JsonObject {
  let out: JsonValue;
  switch (params.type) {
    case 'merge':
      out = applyMergePatch(target, params.body);
      break;
    case 'json':
      out = applyJsonPatch(target, params.body);
      break;
    case 'strategic':
      out = applyStrategicMergePatch(target, asObject(params.body) ?? {}, schema());
      break;
    default:
      out = target;
  }
  const obj = asObject(out);
  if (obj === undefined) throw badRequest('the patch produced a document that is not an object');
  return obj;
}
