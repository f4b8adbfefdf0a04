/**
 * Resource requests: routes the verb (get, list, watch, create, update, patch, delete,
 * deletecollection) and sub-resource to the REST operations, with content negotiation of the
 * answer and the answer codes of the API server.
 */
import { addWarning, requestRecordOf, type RequestRecord } from '../audit/request-scope.js';
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import { GROUPS } from '../../sdk/naming.js';
import type { ServerContext } from '../context.js';
import { ApiError, badRequest, methodNotAllowed, pathNotFound, unsupportedMediaType } from '../errors.js';
import { apiVersionOf, type GVK, type ResourceDef } from '../registry/types.js';
import { checkApplyBody, parseFieldValidation, patchBodyErrors, type RawBody } from '../field-validation/index.js';
import { createObject } from '../rest/create.js';
import { deleteObject, deletedStatus, validateDeleteParams } from '../rest/delete.js';
import { getObject } from '../rest/get.js';
import { listObjects } from '../rest/list.js';
import { acceptedPatchTypes, PATCH_MEDIA_TYPES, patchObject, type PatchParams } from '../rest/patch.js';
import { compileSelection } from '../rest/selection.js';
import { finalizeNamespace, patchScale, patchStatus, scaleOf, updateScale, updateStatus } from '../rest/subresources.js';
import { updateObject, type UpdateResult } from '../rest/update.js';
import { patchEphemeralContainers, updateEphemeralContainers } from '../rest/ephemeral-containers.js';
import { trackUpdate } from '../rest/managed-fields.js';
import { checkTypeMeta, ensureNamespace } from '../rest/object-meta.js';
import { prepareWatch } from '../rest/watch.js';
import type { WriteRequest } from '../rest/write-request.js';
import { pathSegmentNameProblems } from '../request/request-info.js';
import { asObject, asString, metaOf } from '../util/json.js';
import { mediaType, parseJson, parseYaml, readBody } from './body.js';
import { negotiate, type Output } from './negotiation.js';
import type { RequestContext } from './request-context.js';
import { send } from './respond.js';
import { parseIncludeObject, partialMetadata, toMetadataList, toTable } from './transform.js';
import { streamWatch } from './watch-stream.js';
import { readDeleteBody, readWriteBody } from './write-body.js';
import { parseDeleteParams, parseDryRun, fieldManagerOf, parseForce } from './write-params.js';
import { oneTermEqualSelector } from '../../machinery/fields/selector.js';

/** Finds the def and checks the path's scope against it. */
function resolve(ctx: ServerContext, rc: RequestContext): { def: ResourceDef; namespace: string } {
  const info = rc.info;
  const def = ctx.registry.lookup(info.apiGroup, info.apiVersion, info.resource);
  if (def === undefined || info.parts.length > 0) throw pathNotFound();
  const nameProblems = info.name === '' ? [] : pathSegmentNameProblems(info.name);
  if (nameProblems.length > 0) throw badRequest(`Name parameter invalid: ${JSON.stringify(info.name)}: ${nameProblems.join(';')}`);
  if (info.subresource !== '' && !def.subresources.some((s) => s.name === info.subresource)) throw pathNotFound();
  const isNamespaceObject = def.group === '' && def.plural === 'namespaces';
  if (def.namespaced) {
    if (info.name !== '' && info.namespace === '') throw pathNotFound();
  } else if (info.namespace !== '' && !isNamespaceObject) {
    throw pathNotFound();
  }
  return { def, namespace: def.namespaced ? info.namespace : '' };
}

function output(rc: RequestContext, def: ResourceDef, transforms: boolean, isList: boolean): Output {
  // Custom resources have no protobuf form (the scale sub-resource's Scale has one).
  const protobuf = def.custom === undefined || rc.info.subresource === 'scale';
  return negotiate(rc.req.headers.accept, { transforms, protobuf }, isList);
}

const SCALE_KIND: GVK = { group: 'autoscaling', version: 'v1', kind: 'Scale' };

/** The request's warnings/audit record as an optional WriteRequest field. */
function recordOf(rc: RequestContext): { record?: RequestRecord } {
  const record = requestRecordOf(rc.req);
  return record === undefined ? {} : { record };
}

function writeRequest(rc: RequestContext, def: ResourceDef, namespace: string, dryRun: boolean, fieldManager: string, options: JsonObject): WriteRequest {
  return {
    def, namespace, name: rc.info.name, subresource: rc.info.subresource, user: rc.user,
    dryRun, fieldManager, options, ...recordOf(rc),
  };
}

function writeOptions(kind: string, dryRun: boolean, fieldManager: string): JsonObject {
  const o: JsonObject = { kind, apiVersion: `${GROUPS.meta}/v1` };
  if (dryRun) o.dryRun = ['All'];
  if (fieldManager !== '') o.fieldManager = fieldManager;
  return o;
}

/** Handles one resource request. */
export async function handleResource(ctx: ServerContext, rc: RequestContext): Promise<void> {
  const { def, namespace } = resolve(ctx, rc);
  // A deprecated version of a custom resource warns on every request to it, failed ones included.
  const record = requestRecordOf(rc.req);
  for (const w of def.custom?.warnings ?? []) addWarning(record, w);
  const info = rc.info;
  const verb = info.verb;
  const sub = info.subresource;
  if (sub === '' && !def.verbs.includes(verb)) throw methodNotAllowed();
  if (sub !== '') {
    const verbs = def.subresources.find((s) => s.name === sub)?.verbs ?? [];
    if (!verbs.includes(verb)) throw methodNotAllowed();
  }
  if (def.namespaced && namespace === '' && (verb === 'create' || verb === 'deletecollection')) throw methodNotAllowed();
  switch (verb) {
    case 'get': return handleGet(ctx, rc, def, namespace);
    case 'list': return handleList(ctx, rc, def, namespace);
    case 'watch': return handleWatch(ctx, rc, def, namespace);
    case 'create': return handleCreate(ctx, rc, def, namespace);
    case 'update': return handleUpdate(ctx, rc, def, namespace);
    case 'patch': return handlePatch(ctx, rc, def, namespace);
    case 'delete': return handleDelete(ctx, rc, def, namespace);
    case 'deletecollection': return handleDeleteCollection(ctx, rc, def, namespace);
    default: throw methodNotAllowed();
  }
}

/** Sends one object in the negotiated representation. */
async function sendObject(ctx: ServerContext, rc: RequestContext, def: ResourceDef, code: number, obj: JsonObject, out: Output): Promise<void> {
  if (out.kind === 'table') {
    const rv = asString(asObject(obj.metadata)?.resourceVersion);
    const include = parseIncludeObject(rc.url.searchParams.get('includeObject'));
    await send(rc.res, code, toTable(def, [obj], rv === undefined ? {} : { resourceVersion: rv }, out.version, include, ctx.now()), out, rc.headers);
    return;
  }
  if (out.kind === 'metadata') {
    await send(rc.res, code, partialMetadata(obj, out.version), out, rc.headers);
    return;
  }
  await send(rc.res, code, obj, out, rc.headers);
}

async function handleGet(ctx: ServerContext, rc: RequestContext, def: ResourceDef, namespace: string): Promise<void> {
  const isScale = rc.info.subresource === 'scale';
  const out = output(rc, def, !isScale, false);
  const obj = await getObject(ctx, def, namespace, rc.info.name, rc.url.searchParams.get('resourceVersion'), rc.signal);
  if (isScale) {
    await send(rc.res, 200, scaleOf(def, obj), out, rc.headers);
    return;
  }
  await sendObject(ctx, rc, def, 200, obj, out);
}

async function handleList(ctx: ServerContext, rc: RequestContext, def: ResourceDef, namespace: string): Promise<void> {
  const q = rc.url.searchParams;
  const out = output(rc, def, true, true);
  const include = out.kind === 'table' ? parseIncludeObject(q.get('includeObject')) : 'Metadata';
  const result = await listObjects(ctx, def, namespace, {
    labelSelector: q.get('labelSelector'), fieldSelector: q.get('fieldSelector'), limit: q.get('limit'), continue: q.get('continue'),
    resourceVersion: q.get('resourceVersion'), resourceVersionMatch: q.get('resourceVersionMatch'),
  }, rc.signal);
  const listMeta: { resourceVersion: string; continue?: string; remainingItemCount?: number } = { resourceVersion: result.resourceVersion };
  if (result.continue !== '') listMeta.continue = result.continue;
  if (result.remainingItemCount !== undefined) listMeta.remainingItemCount = result.remainingItemCount;
  if (out.kind === 'table') {
    await send(rc.res, 200, toTable(def, result.items, listMeta, out.version, include, ctx.now()), out, rc.headers);
    return;
  }
  if (out.kind === 'metadata') {
    await send(rc.res, 200, toMetadataList(result.items, listMeta, out.version), out, rc.headers);
    return;
  }
  const list = { kind: def.listKind, apiVersion: apiVersionOf(def), metadata: listMeta, items: result.items };
  await send(rc.res, 200, list, out, rc.headers);
}

async function handleWatch(ctx: ServerContext, rc: RequestContext, def: ResourceDef, namespace: string): Promise<void> {
  const q = rc.url.searchParams;
  const out = output(rc, def, true, false);
  let fieldSelector = q.get('fieldSelector');
  if (rc.info.name !== '') {
    const pin = oneTermEqualSelector('metadata.name', rc.info.name);
    fieldSelector = fieldSelector === null || fieldSelector === '' ? pin : `${fieldSelector},${pin}`;
  }
  const prepared = prepareWatch(ctx, def, namespace, {
    labelSelector: q.get('labelSelector'), fieldSelector, resourceVersion: q.get('resourceVersion'),
    resourceVersionMatch: q.get('resourceVersionMatch'), allowWatchBookmarks: q.get('allowWatchBookmarks'),
    timeoutSeconds: q.get('timeoutSeconds'), sendInitialEvents: q.get('sendInitialEvents'),
  }, rc.signal);
  const include = out.kind === 'table' ? parseIncludeObject(q.get('includeObject')) : 'Metadata';
  let first = true;
  await streamWatch(rc, prepared, out, (ev) => {
    if (ev.type === 'BOOKMARK' || ev.type === 'ERROR') return ev.object;
    if (out.kind === 'table') {
      const t = toTable(def, [ev.object], {}, out.version, include, ctx.now(), first);
      first = false;
      return t;
    }
    if (out.kind === 'metadata') return partialMetadata(ev.object, out.version);
    return ev.object;
  });
}

async function handleCreate(ctx: ServerContext, rc: RequestContext, def: ResourceDef, namespace: string): Promise<void> {
  if (rc.info.name !== '' || rc.info.subresource !== '') throw methodNotAllowed();
  const q = rc.url.searchParams;
  const out = output(rc, def, false, false);
  const dryRun = parseDryRun(q, 'CreateOptions');
  const fieldManager = fieldManagerOf(q, rc.req.headers['user-agent'], false);
  const body = await readWriteBody(rc, def, def, 'CreateOptions');
  const req = writeRequest(rc, def, namespace, dryRun, fieldManager, writeOptions('CreateOptions', dryRun, fieldManager));
  const created = await createObject(ctx, req, body);
  await send(rc.res, 201, created, out, rc.headers);
}

/** A write of one subresource: an update (PUT) takes the body, a patch its parameters. */
type SubresourceWriter<B> = (ctx: ServerContext, req: WriteRequest, body: B) => Promise<UpdateResult>;

/** The subresources an update (PUT) writes, by name; the object itself is written by `handleUpdate`. */
const SUBRESOURCE_UPDATES = new Map<string, SubresourceWriter<JsonObject>>([
  ['status', updateStatus], ['approval', updateStatus], ['scale', updateScale], ['finalize', finalizeNamespace],
  ['ephemeralcontainers', updateEphemeralContainers],
]);

/** The subresources a patch writes, by name. */
const SUBRESOURCE_PATCHES = new Map<string, SubresourceWriter<Omit<PatchParams, 'view'>>>([
  ['status', patchStatus], ['approval', patchStatus], ['scale', patchScale], ['ephemeralcontainers', patchEphemeralContainers],
]);

/** The writer of subresource `sub`; a subresource the verb does not write is a 405. */
function subresourceWriter<B>(writers: ReadonlyMap<string, SubresourceWriter<B>>, sub: string): SubresourceWriter<B> {
  const write = writers.get(sub);
  if (write === undefined) throw methodNotAllowed();
  return write;
}

async function handleUpdate(ctx: ServerContext, rc: RequestContext, def: ResourceDef, namespace: string): Promise<void> {
  const q = rc.url.searchParams;
  const sub = rc.info.subresource;
  const out = output(rc, def, false, false);
  const dryRun = parseDryRun(q, 'UpdateOptions');
  const fieldManager = fieldManagerOf(q, rc.req.headers['user-agent'], false);
  const body = await readWriteBody(rc, def, sub === 'scale' ? SCALE_KIND : def, 'UpdateOptions');
  const req = writeRequest(rc, def, namespace, dryRun, fieldManager, writeOptions('UpdateOptions', dryRun, fieldManager));
  if (sub !== '') {
    const r = await subresourceWriter(SUBRESOURCE_UPDATES, sub)(ctx, req, body);
    await send(rc.res, 200, r.object, out, rc.headers);
    return;
  }
  const obj = structuredClone(body);
  checkTypeMeta(def, obj);
  const meta = metaOf(obj);
  const name = asString(meta.name) ?? '';
  if (name !== rc.info.name) {
    throw badRequest(`the name of the object (${name}) does not match the name on the URL (${rc.info.name})`);
  }
  ensureNamespace(def, meta, namespace);
  def.hooks.defaults?.(obj);
  const result = await updateObject(ctx, req, {
    allowCreate: def.allowCreateOnUpdate,
    transform: (existing) => trackUpdate(req, existing, structuredClone(obj), ctx.now()),
  });
  await send(rc.res, result.created ? 201 : 200, result.object, out, rc.headers);
}

async function decodePatchBody(type: string, buf: Buffer): Promise<JsonValue> {
  const text = buf.toString('utf8');
  if (type === 'apply') return parseYaml(text);
  return parseJson(text);
}

async function handlePatch(ctx: ServerContext, rc: RequestContext, def: ResourceDef, namespace: string): Promise<void> {
  const q = rc.url.searchParams;
  const sub = rc.info.subresource;
  const ct = mediaType(rc.req.headers['content-type']);
  const type = PATCH_MEDIA_TYPES[ct];
  if (type === undefined || (type === 'strategic' && !def.strategicMerge)) throw unsupportedMediaType(acceptedPatchTypes(def.strategicMerge));
  const isApply = type === 'apply';
  const out = output(rc, def, false, false);
  const dryRun = parseDryRun(q, 'PatchOptions');
  const force = parseForce(q, isApply);
  const fieldManager = fieldManagerOf(q, rc.req.headers['user-agent'], isApply);
  const directive = parseFieldValidation(q, 'PatchOptions');
  const buf = await readBody(rc.req);
  const body = await decodePatchBody(type, buf);
  const options = writeOptions('PatchOptions', dryRun, fieldManager);
  if (force) options.force = true;
  const req = writeRequest(rc, def, namespace, dryRun, fieldManager, options);
  const scope = { directive, record: requestRecordOf(rc.req) };
  const raw: RawBody = { text: buf.toString('utf8'), yaml: type === 'apply' };
  const bodyErrors = type === 'apply' || directive === 'Ignore' ? [] : await patchBodyErrors(type, raw, body);
  const params = { type, body, force, validation: { scope, bodyErrors } };
  // Repeated keys of an apply body are checked before the write (the apiserver checks them inside the patch).
  if (isApply) await checkApplyBody(raw, scope);
  if (sub !== '') {
    const r = await subresourceWriter(SUBRESOURCE_PATCHES, sub)(ctx, req, params);
    await send(rc.res, 200, r.object, out, rc.headers);
    return;
  }
  const r = await patchObject(ctx, req, params);
  await send(rc.res, r.created ? 201 : 200, r.object, out, rc.headers);
}

async function handleDelete(ctx: ServerContext, rc: RequestContext, def: ResourceDef, namespace: string): Promise<void> {
  if (rc.info.subresource !== '') throw methodNotAllowed();
  const q = rc.url.searchParams;
  const out = output(rc, def, false, false);
  const body = await readDeleteBody(rc);
  const { params, dryRunBody, options } = parseDeleteParams(q, body);
  validateDeleteParams(params);
  const dryRun = parseDryRun(q, 'DeleteOptions', dryRunBody);
  if (dryRun) options.dryRun = ['All'];
  const req = writeRequest(rc, def, namespace, dryRun, '', options);
  const result = await deleteObject(ctx, req, params);
  const code = !result.deleted && params.orphanDependents === false ? 202 : 200;
  if (result.deleted && !def.returnDeletedObject) {
    await send(rc.res, code, deletedStatus(def, result.object), out, rc.headers);
    return;
  }
  await send(rc.res, code, result.object, out, rc.headers);
}

async function handleDeleteCollection(ctx: ServerContext, rc: RequestContext, def: ResourceDef, namespace: string): Promise<void> {
  const q = rc.url.searchParams;
  const out = output(rc, def, false, false);
  const body = await readDeleteBody(rc);
  const { params, dryRunBody, options } = parseDeleteParams(q, body);
  validateDeleteParams(params);
  if (params.preconditions !== undefined) throw badRequest('preconditions are not supported for deletecollection');
  const dryRun = parseDryRun(q, 'DeleteOptions', dryRunBody);
  if (dryRun) options.dryRun = ['All'];
  const selection = compileSelection(def, q.get('labelSelector'), q.get('fieldSelector'));
  const listed = await listObjects(ctx, def, namespace, { resourceVersion: q.get('resourceVersion') }, rc.signal, selection);
  const items: JsonObject[] = [];
  for (const item of listed.items) {
    const meta = asObject(item.metadata) ?? {};
    const req: WriteRequest = {
      def, namespace: asString(meta.namespace) ?? namespace, name: asString(meta.name) ?? '', subresource: '', user: rc.user,
      dryRun, fieldManager: '', options, ...recordOf(rc),
    };
    try {
      const r = await deleteObject(ctx, req, params);
      items.push(r.object);
    } catch (e) {
      if (e instanceof ApiError && e.code === 404) continue;
      throw e;
    }
  }
  const list = { kind: def.listKind, apiVersion: apiVersionOf(def), metadata: { resourceVersion: String(ctx.store.currentRV) }, items };
  await send(rc.res, 200, list, out, rc.headers);
}
