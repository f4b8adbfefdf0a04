/**
 * The operations of each served resource as OpenAPI paths: list, watch and deletecollection on the
 * collection, get, replace, patch (with its content types) and delete on each object, the
 * sub-resources, and the cluster-wide list of namespaced kinds, each with its parameters,
 * responses, `x-platform-action` and `x-platform-group-version-kind`.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { DOMAIN, MEDIA_TYPES } from '../../sdk/naming.js';
import type { GVK, ResourceDef, SubresourceDef } from '../registry/types.js';
import { refTo, X, type Flavor } from './definitions.js';
import { OPERATION_PARAMETERS, pathParameter, queryParameter } from './parameters.js';
import { groupVersionPath } from '../../machinery/group-version.js';

/** Definition names an operation refers to. */
export interface OperationTypes {
  /** The kind of the resource. */
  kind: string;
  /** Its list type (absent for create-only kinds). */
  list?: string;
  status: string;
  deleteOptions: string;
  watchEvent: string;
  patch: string;
  /** Names of the kinds sub-resources answer with (Scale, TokenRequest ...), by `group/version/kind`. */
  subresourceKinds: Record<string, string>;
}

/** `rbac.authorization.platform.io` → `RbacAuthorization`, `` → `Core`, as operation ids spell groups. */
export function groupTitle(group: string): string {
  if (group === '') return 'Core';
  const trimmed = group.endsWith(`.${DOMAIN}`) ? group.slice(0, -DOMAIN.length - 1) : group;
  return trimmed.split(/[.-]/).map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('');
}

function versionTitle(version: string): string {
  return version.charAt(0).toUpperCase() + version.slice(1);
}

/** The tag of a group version (`core_v1`, `rbacAuthorization_v1`). */
export function tagOf(group: string, version: string): string {
  const title = groupTitle(group);
  return `${title.charAt(0).toLowerCase()}${title.slice(1)}_${version}`;
}

function gvkExtension(gvk: GVK): JsonObject {
  return { group: gvk.group, kind: gvk.kind, version: gvk.version };
}

interface Op {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  action: string;
  operationId: string;
  description: string;
  parameters: readonly string[];
  /** Request body: the kind (create/replace), `patch` or `deleteOptions`. */
  body?: 'kind' | 'patch' | 'deleteOptions';
  /** Response codes and the definition each answers with. */
  responses: Record<string, string>;
  /** Watch responses are streams of WatchEvents. */
  stream?: boolean;
  /** The GVK the operation is about. */
  gvk: GVK;
}

/** Adds the paths of one resource to `paths`. */
export function addResourcePaths(paths: JsonObject, def: ResourceDef, types: OperationTypes, flavor: Flavor): void {
  const root = groupVersionPath(def.group, def.version);
  const scope = def.namespaced ? `${root}/namespaces/{namespace}` : root;
  const collection = `${scope}/${def.plural}`;
  const item = `${collection}/{name}`;
  const id = `${groupTitle(def.group)}${versionTitle(def.version)}`;
  const ns = def.namespaced ? 'Namespaced' : '';
  const gvk: GVK = { group: def.group, version: def.version, kind: def.kind };
  const builtin = def.custom === undefined;
  const verbs = new Set(def.verbs);
  const ok = (schema: string): Record<string, string> => ({ '200': schema, '401': '' });
  const written = (schema: string): Record<string, string> => ({ '200': schema, '201': schema, '202': schema, '401': '' });
  const deleted = def.returnDeletedObject ? { '200': types.kind, '202': types.kind, '401': '' } : { '200': types.status, '202': types.status, '401': '' };

  const collectionOps: Op[] = [];
  if (verbs.has('list') && types.list !== undefined) {
    collectionOps.push({ method: 'get', action: 'list', operationId: `list${id}${ns}${def.kind}`, description: `List or watch ${def.kind} objects.`, parameters: OPERATION_PARAMETERS.list, responses: ok(types.list), gvk });
  }
  if (verbs.has('create')) {
    collectionOps.push({ method: 'post', action: 'post', operationId: `create${id}${ns}${def.kind}`, description: `Create a ${def.kind}.`, parameters: OPERATION_PARAMETERS.create, body: 'kind', responses: written(types.kind), gvk });
  }
  if (verbs.has('deletecollection')) {
    collectionOps.push({
      method: 'delete', action: 'deletecollection', operationId: `delete${id}Collection${ns}${def.kind}`, description: `Delete a collection of ${def.kind} objects.`,
      parameters: OPERATION_PARAMETERS.deletecollection, body: 'deleteOptions', responses: ok(types.status), gvk,
    });
  }
  addPath(paths, collection, def.namespaced ? ['namespace'] : [], def.kind, collectionOps, builtin, types, flavor, def);

  const itemOps: Op[] = [];
  if (verbs.has('get')) itemOps.push({ method: 'get', action: 'get', operationId: `read${id}${ns}${def.kind}`, description: `Read the ${def.kind}.`, parameters: OPERATION_PARAMETERS.read, responses: ok(types.kind), gvk });
  if (verbs.has('update')) {
    itemOps.push({ method: 'put', action: 'put', operationId: `replace${id}${ns}${def.kind}`, description: `Replace the ${def.kind}.`, parameters: OPERATION_PARAMETERS.replace, body: 'kind', responses: { '200': types.kind, '201': types.kind, '401': '' }, gvk });
  }
  if (verbs.has('delete')) {
    itemOps.push({ method: 'delete', action: 'delete', operationId: `delete${id}${ns}${def.kind}`, description: `Delete the ${def.kind}.`, parameters: OPERATION_PARAMETERS.delete, body: 'deleteOptions', responses: deleted, gvk });
  }
  if (verbs.has('patch')) {
    itemOps.push({ method: 'patch', action: 'patch', operationId: `patch${id}${ns}${def.kind}`, description: `Change part of the ${def.kind}.`, parameters: OPERATION_PARAMETERS.patch, body: 'patch', responses: { '200': types.kind, '201': types.kind, '401': '' }, gvk });
  }
  addPath(paths, item, def.namespaced ? ['name', 'namespace'] : ['name'], def.kind, itemOps, builtin, types, flavor, def);

  if (def.namespaced && verbs.has('list') && types.list !== undefined) {
    addPath(paths, `${root}/${def.plural}`, [], def.kind, [{
      method: 'get', action: 'list', operationId: `list${id}${def.kind}ForAllNamespaces`, description: `List or watch ${def.kind} objects of every namespace.`,
      parameters: OPERATION_PARAMETERS.list, responses: ok(types.list), gvk,
    }], builtin, types, flavor, def);
  }
  if (verbs.has('watch') && types.list !== undefined) {
    const watchScope = def.namespaced ? `${root}/watch/namespaces/{namespace}` : `${root}/watch`;
    const watchParams = OPERATION_PARAMETERS.list;
    const event = ok(types.watchEvent);
    addPath(paths, `${watchScope}/${def.plural}`, def.namespaced ? ['namespace'] : [], def.kind, [{
      method: 'get', action: 'watchlist', operationId: `watch${id}${ns}${def.kind}List`, description: `Deprecated (use the list call with watch=true): watch ${def.kind} objects.`,
      parameters: watchParams, responses: event, stream: true, gvk,
    }], builtin, types, flavor, def);
    addPath(paths, `${watchScope}/${def.plural}/{name}`, def.namespaced ? ['name', 'namespace'] : ['name'], def.kind, [{
      method: 'get', action: 'watch', operationId: `watch${id}${ns}${def.kind}`, description: `Deprecated (use the list call with watch=true and a field selector on the name): watch one ${def.kind}.`,
      parameters: watchParams, responses: event, stream: true, gvk,
    }], builtin, types, flavor, def);
    if (def.namespaced) {
      addPath(paths, `${root}/watch/${def.plural}`, [], def.kind, [{
        method: 'get', action: 'watchlist', operationId: `watch${id}${def.kind}ListForAllNamespaces`, description: `Deprecated (use the list call with watch=true): watch ${def.kind} objects of every namespace.`,
        parameters: watchParams, responses: event, stream: true, gvk,
      }], builtin, types, flavor, def);
    }
  }
  for (const sub of def.subresources) addSubresourcePaths(paths, def, sub, item, `${id}${ns}${def.kind}`, types, flavor);
}

function addSubresourcePaths(paths: JsonObject, def: ResourceDef, sub: SubresourceDef, item: string, idBase: string, types: OperationTypes, flavor: Flavor): void {
  const k = sub.responseKind;
  const schema = types.subresourceKinds[`${k.group}/${k.version}/${k.kind}`];
  if (schema === undefined) return;
  const title = sub.name.charAt(0).toUpperCase() + sub.name.slice(1);
  const gvk: GVK = { group: k.group, version: k.version, kind: k.kind };
  const what = `the ${sub.name} of the ${def.kind}`;
  const ops: Op[] = [];
  for (const verb of sub.verbs) {
    switch (verb) {
      case 'get':
        ops.push({ method: 'get', action: 'get', operationId: `read${idBase}${title}`, description: `Read ${what}.`, parameters: [], responses: { '200': schema, '401': '' }, gvk });
        break;
      case 'update':
        ops.push({ method: 'put', action: 'put', operationId: `replace${idBase}${title}`, description: `Replace ${what}.`, parameters: OPERATION_PARAMETERS.replace, body: 'kind', responses: { '200': schema, '201': schema, '401': '' }, gvk });
        break;
      case 'patch':
        ops.push({ method: 'patch', action: 'patch', operationId: `patch${idBase}${title}`, description: `Change part of ${what}.`, parameters: OPERATION_PARAMETERS.patch, body: 'patch', responses: { '200': schema, '201': schema, '401': '' }, gvk });
        break;
      case 'create':
        ops.push({ method: 'post', action: 'post', operationId: `create${idBase}${title}`, description: `Create ${what}.`, parameters: OPERATION_PARAMETERS.create, body: 'kind', responses: { '200': schema, '201': schema, '202': schema, '401': '' }, gvk });
        break;
      default:
        break;
    }
  }
  addPath(paths, `${item}/${sub.name}`, def.namespaced ? ['name', 'namespace'] : ['name'], def.kind, ops, def.custom === undefined, { ...types, kind: schema }, flavor, def);
}

function mediaTypes(builtin: boolean, stream: boolean): string[] {
  if (stream) return builtin ? [`${MEDIA_TYPES.json};stream=watch`, `${MEDIA_TYPES.protobuf};stream=watch`] : [`${MEDIA_TYPES.json};stream=watch`];
  return builtin ? [MEDIA_TYPES.json, MEDIA_TYPES.protobuf, MEDIA_TYPES.yaml] : [MEDIA_TYPES.json, MEDIA_TYPES.yaml];
}

function patchTypes(def: ResourceDef): string[] {
  const out: string[] = [MEDIA_TYPES.applyPatch, MEDIA_TYPES.jsonPatch, MEDIA_TYPES.mergePatch];
  if (def.strategicMerge) out.push(MEDIA_TYPES.strategicMergePatch);
  return out;
}

const RESPONSE_TEXT: Record<string, string> = { '200': 'OK', '201': 'Created', '202': 'Accepted', '401': 'Unauthorized' };

function addPath(paths: JsonObject, path: string, pathParams: readonly ('name' | 'namespace')[], kind: string, ops: Op[], builtin: boolean, types: OperationTypes, flavor: Flavor, def: ResourceDef): void {
  if (ops.length === 0) return;
  const item: JsonObject = {};
  for (const op of ops) item[op.method] = operation(op, builtin, types, flavor, def);
  item.parameters = [...pathParams.map((p) => pathParameter(p, kind, flavor)), queryParameter('pretty', flavor)];
  paths[path] = item;
}

function operation(op: Op, builtin: boolean, types: OperationTypes, flavor: Flavor, def: ResourceDef): JsonObject {
  const produces = mediaTypes(builtin, op.stream === true);
  const out: JsonObject = { tags: [tagOf(def.group, def.version)], description: op.description, operationId: op.operationId };
  const parameters = op.parameters.map((p) => queryParameter(p as Parameters<typeof queryParameter>[0], flavor));
  const bodyType = op.body === 'kind' ? types.kind : op.body === 'patch' ? types.patch : op.body === 'deleteOptions' ? types.deleteOptions : undefined;
  const responses: JsonObject = {};
  for (const [code, schema] of Object.entries(op.responses)) {
    const response: JsonObject = { description: RESPONSE_TEXT[code] ?? '' };
    if (schema !== '') {
      if (flavor === 'v2') response.schema = { $ref: refTo(schema, 'v2') };
      else response.content = Object.fromEntries(produces.map((mt) => [mt, { schema: { $ref: refTo(schema, 'v3') } }]));
    }
    responses[code] = response;
  }
  if (flavor === 'v2') {
    if (bodyType !== undefined) {
      out.consumes = op.body === 'patch' ? patchTypes(def) : ['*/*'];
      parameters.unshift({ name: 'body', in: 'body', required: op.body !== 'deleteOptions', schema: { $ref: refTo(bodyType, 'v2') } });
    }
    out.produces = produces;
    out.schemes = ['https'];
    if (parameters.length > 0) out.parameters = parameters;
  } else {
    if (parameters.length > 0) out.parameters = parameters;
    if (bodyType !== undefined) {
      const content = op.body === 'patch' ? patchTypes(def) : ['*/*'];
      const requestBody: JsonObject = { content: Object.fromEntries(content.map((mt) => [mt, { schema: { $ref: refTo(bodyType, 'v3') } }])) };
      if (op.body !== 'deleteOptions') requestBody.required = true;
      out.requestBody = requestBody;
    }
  }
  out.responses = responses;
  out[X.action] = op.action;
  out[X.gvk] = gvkExtension(op.gvk);
  return out;
}
