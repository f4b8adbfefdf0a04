/**
 * CONNECT semantics of the streaming and proxy sub-resources: admission plugins and webhooks see
 * operation `CONNECT` with the options object (PodExecOptions, PodAttachOptions, ...), and a
 * WebSocket upgrade of `pods/exec`, `pods/attach` or `pods/portforward` (an HTTP GET, authorized as
 * `get` by the pipeline) must also be allowed `create`, as SPDY's POST always was (the API server's
 * AuthorizePodWebsocketUpgradeCreatePermission).
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { AdmissionAttributes } from '../admission/types.js';
import { requestRecordOf } from '../audit/request-scope.js';
import { forbiddenMessage, type Authorizer, type AuthorizationAttributes } from '../auth/authorizer.js';
import type { ServerContext } from '../context.js';
import { ApiError, badRequest } from '../errors.js';
import type { RequestContext } from '../http/request-context.js';

const CREATE_ON_UPGRADE = new Set(['exec', 'attach', 'portforward']);

/** The secondary `create` check of a GET to exec, attach or portforward. */
export async function authorizeCreate(rc: RequestContext, authorizer: Authorizer): Promise<void> {
  const info = rc.info;
  if (!CREATE_ON_UPGRADE.has(info.subresource) || info.verb === 'create') return;
  const attrs: AuthorizationAttributes = {
    user: rc.user, verb: 'create', isResourceRequest: true, path: info.path, apiGroup: info.apiGroup, apiVersion: info.apiVersion,
    resource: info.resource, subresource: info.subresource, namespace: info.namespace, name: info.name,
  };
  const decision = await authorizer.authorize(attrs);
  if (decision.decision !== 'allow') {
    throw new ApiError(403, 'Forbidden', forbiddenMessage(attrs, decision.reason ?? ''), { name: info.name, kind: info.resource });
  }
}

/** Runs admission with operation CONNECT for `options` (kind `PodExecOptions`, ...). */
export async function admitConnect(ctx: ServerContext, rc: RequestContext, options: JsonObject): Promise<void> {
  const def = ctx.registry.lookup(rc.info.apiGroup, rc.info.apiVersion, rc.info.resource);
  if (def === undefined) throw badRequest(`${rc.info.resource} are not served`);
  const attrs: AdmissionAttributes = {
    operation: 'CONNECT', def, subresource: rc.info.subresource, namespace: rc.info.namespace, name: rc.info.name,
    object: { apiVersion: 'v1', ...options }, oldObject: undefined, user: rc.user, dryRun: false, options: {},
  };
  const record = requestRecordOf(rc.req);
  if (record !== undefined) attrs.record = record;
  await ctx.admission.admit(attrs);
  await ctx.admission.validate(attrs);
}

/** A boolean query parameter as the API server's conversion reads it. */
export function boolParam(q: URLSearchParams, name: string): boolean {
  const v = q.get(name);
  return v !== null && (v === '' || v === '1' || v.toLowerCase() === 'true');
}
