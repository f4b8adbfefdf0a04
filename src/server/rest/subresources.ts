/**
 * The `status`, `scale` and `finalize` sub-resources. Status writes change only `.status`; scale
 * reads and writes an autoscaling/v1 Scale mapped onto the object's replica fields; finalize sets a
 * namespace's spec finalizers. Writes to one part never change the others.
 */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import type { ServerContext } from '../context.js';
import { badRequest, methodNotAllowed } from '../errors.js';
import { asObject, childOf, getPath, metaOf, nameOf, setPath } from '../util/json.js';
import { fieldError, invalid } from '../validation/field-errors.js';
import { parseLabelSelector } from '../../machinery/labels/parse.js';
import { fromLabelMap, fromObjectSelector, selectorString, type LabelSelector } from '../../machinery/labels/selector.js';
import type { ResourceDef } from '../registry/types.js';
import { decodedAs, storedAs } from '../registry/kind-def.js';
import type { Scale } from '../../sdk/types/generated/autoscaling-v1.js';
import { trackUpdate } from './managed-fields.js';
import { checkTypeMeta } from './object-meta.js';
import { patchObject, type PatchParams } from './patch.js';
import { updateObject, type UpdateResult } from './update.js';
import type { WriteRequest } from './write-request.js';
import { patchProjected, updateProjected, withBookkeepingOf, type Projection } from './projected-write.js';

/** The object with `.status` (and nothing else) taken from `source`, keeping the new managedFields. */
function withStatusOf(existing: JsonObject, source: JsonObject): JsonObject {
  const out = structuredClone(existing);
  if (source.status === undefined) delete out.status;
  else out.status = structuredClone(source.status);
  return withBookkeepingOf(out, source);
}

/** The object with only `status.conditions` taken from `source` (the CSR `approval` sub-resource). */
function withConditionsOf(existing: JsonObject, source: JsonObject): JsonObject {
  const out = withStatusOf(existing, { ...existing, metadata: source.metadata ?? {} });
  const status = asObject(out.status) ?? {};
  const conditions = asObject(source.status)?.conditions;
  if (conditions === undefined) delete status.conditions;
  else status.conditions = structuredClone(conditions);
  out.status = status;
  return out;
}

/** How a status-like sub-resource projects a written object onto the stored one. */
function projection(subresource: string): Projection {
  return subresource === 'approval' ? withConditionsOf : withStatusOf;
}

/** PUT of `.../status` (and of `.../approval`, which sets only the conditions). */
export async function updateStatus(ctx: ServerContext, req: WriteRequest, body: JsonObject): Promise<UpdateResult> {
  const obj = structuredClone(body);
  checkTypeMeta(req.def, obj);
  const name = nameOf(obj);
  if (name !== '' && name !== req.name) throw badRequest(`the name of the object (${name}) does not match the name on the URL (${req.name})`);
  return updateProjected(ctx, req, obj, projection(req.subresource));
}

/** PATCH of `.../status` or `.../approval` (any patch type; only the status part of the result is kept). */
export async function patchStatus(ctx: ServerContext, req: WriteRequest, params: Omit<PatchParams, 'view'>): Promise<UpdateResult> {
  return patchProjected(ctx, req, params, projection(req.subresource));
}

/**
 * The pods a scalable object selects, read from its selector in the form its kind keeps it (a
 * custom resource's string that does not parse selects nothing); nothing without a selector.
 */
export function scaleSelector(def: ResourceDef, obj: JsonObject): LabelSelector {
  const path = def.scale?.labelSelectorPath;
  const sel = path === undefined ? undefined : getPath(obj, path);
  switch (def.scale?.selectorForm) {
    case 'labelSelector': return fromObjectSelector(sel);
    case 'labels': return asObject(sel) === undefined ? { requirements: [], nothing: true } : fromLabelMap(sel);
    case 'string':
      if (typeof sel !== 'string') return { requirements: [], nothing: true };
      try {
        return parseLabelSelector(sel);
      } catch {
        return { requirements: [], nothing: true };
      }
    default: return { requirements: [], nothing: true };
  }
}

/** The autoscaling/v1 Scale of an object. */
export function scaleOf(def: ResourceDef, obj: JsonObject): JsonObject {
  const scale = def.scale;
  const meta = asObject(obj.metadata) ?? {};
  const scaleMeta: JsonObject = {};
  for (const k of ['name', 'namespace', 'uid', 'resourceVersion', 'creationTimestamp']) if (meta[k] !== undefined) scaleMeta[k] = meta[k];
  const specReplicas = scale === undefined ? undefined : getPath(obj, scale.specReplicasPath);
  const statusReplicas = scale === undefined ? undefined : getPath(obj, scale.statusReplicasPath);
  const status: JsonObject = { replicas: typeof statusReplicas === 'number' ? statusReplicas : 0 };
  if (scale?.labelSelectorPath !== undefined) {
    const sel = getPath(obj, scale.labelSelectorPath);
    if (scale.selectorForm === 'string') {
      if (typeof sel === 'string' && sel !== '') status.selector = sel;
    } else {
      const s = asObject(sel) === undefined ? '' : selectorString(scaleSelector(def, obj));
      if (s !== '') status.selector = s;
    }
  }
  const spec: JsonObject = {};
  if (typeof specReplicas === 'number') spec.replicas = specReplicas;
  return { kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: scaleMeta, spec, status };
}

function scaleReplicas(scale: JsonObject, name: string): number {
  const r = asObject(scale.spec)?.replicas;
  if (r === undefined || r === null) return 0;
  if (typeof r !== 'number' || !Number.isInteger(r) || r < 0) {
    throw invalid({ group: 'autoscaling', kind: 'Scale' }, name, [fieldError.invalid('spec.replicas', r, 'must be greater than or equal to 0')]);
  }
  return r;
}

/** The object with the decoded Scale's replicas (and its resourceVersion precondition) applied: a PUT's body or a patch's result. */
function withScale(def: ResourceDef, existing: JsonObject, scale: Scale, name: string): JsonObject {
  const paths = def.scale;
  if (paths === undefined) throw methodNotAllowed();
  const out = structuredClone(existing);
  setPath(out, paths.specReplicasPath, scaleReplicas(scale, name));
  const rv = scale.metadata?.resourceVersion;
  const meta = metaOf(out);
  if (rv !== undefined && rv !== '') meta.resourceVersion = rv;
  return out;
}

/** PUT of `.../scale`. */
export async function updateScale(ctx: ServerContext, req: WriteRequest, body: JsonObject): Promise<UpdateResult> {
  const scale = decodedAs('autoscaling/v1', 'Scale', body);
  const av = scale.apiVersion ?? '';
  // A string, not the type's 'Scale': a custom resource's decoder lets a body of another kind through.
  const kind: string = scale.kind ?? '';
  if (av !== '' && av !== 'autoscaling/v1') throw badRequest(`the API version in the data (${av}) does not match the expected API version (autoscaling/v1)`);
  if (kind !== '' && kind !== 'Scale') throw badRequest(`the kind in the data (${kind}) does not match the expected kind (Scale)`);
  const name = scale.metadata?.name ?? '';
  if (name !== '' && name !== req.name) throw badRequest(`the name of the object (${name}) does not match the name on the URL (${req.name})`);
  const result = await updateObject(ctx, req, {
    allowCreate: false,
    transform: (existing) => {
      if (existing === undefined) return body;
      return trackUpdate(req, existing, withScale(req.def, existing, scale, req.name), ctx.now());
    },
  });
  return { object: scaleOf(req.def, result.object), created: false };
}

/** PATCH of `.../scale`: the patch applies to the Scale; apply tracks ownership of the replica field. */
export async function patchScale(ctx: ServerContext, req: WriteRequest, params: Omit<PatchParams, 'view'>): Promise<UpdateResult> {
  const def = req.def;
  const paths = def.scale;
  if (paths === undefined) throw methodNotAllowed();
  let body: JsonValue = params.body;
  if (params.type === 'apply') {
    // Apply on the scale sub-resource is ownership of the object's replica field.
    const applied = asObject(params.body) ?? {};
    const replicas = scaleReplicas(applied, req.name);
    const parent: JsonObject = { metadata: { name: req.name } };
    setPath(parent, paths.specReplicasPath, replicas);
    body = parent;
    const result = await patchObject(ctx, req, { type: 'apply', body, force: params.force });
    return { object: scaleOf(def, result.object), created: false };
  }
  const result = await patchObject(ctx, req, {
    type: params.type,
    body,
    force: params.force,
    ...(params.validation === undefined ? {} : { validation: params.validation }),
    view: {
      kind: { group: 'autoscaling', version: 'v1', kind: 'Scale' },
      toPatchTarget: (existing) => scaleOf(def, existing),
      fromPatchResult: (existing, patched) => withScale(def, existing, decodedAs('autoscaling/v1', 'Scale', patched), req.name),
    },
  });
  return { object: scaleOf(def, result.object), created: false };
}

/** PUT of `namespaces/<name>/finalize`: only `spec.finalizers` changes. */
export async function finalizeNamespace(ctx: ServerContext, req: WriteRequest, body: JsonObject): Promise<UpdateResult> {
  // The body was decoded as a Namespace, the one kind with this sub-resource.
  const ns = storedAs(ctx.registry.kind('v1', 'Namespace'), body);
  const finalizers = ns.spec?.finalizers ?? [];
  const rv = ns.metadata?.resourceVersion;
  return updateObject(ctx, { ...req, subresource: 'finalize' }, {
    allowCreate: false,
    transform: (existing) => {
      if (existing === undefined) return body;
      const out = structuredClone(existing);
      childOf(out, 'spec').finalizers = structuredClone(finalizers);
      if (rv !== undefined && rv !== '') metaOf(out).resourceVersion = rv;
      return out;
    },
  });
}
