/**
 * The `pods/binding` sub-resource (and the older `bindings` resource): a Binding assigns a pending
 * pod to a node. It sets `spec.nodeName` (which no pod update may change), adds the Binding's
 * annotations and marks the pod `PodScheduled=True`; a pod that is already assigned or being
 * deleted is a conflict. The scheduler binds through the same function as HTTP requests.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { Binding } from '../../sdk/types/generated/core-v1.js';
import { GROUPS } from '../../sdk/naming.js';
import type { ServerContext } from '../context.js';
import { timestamp } from '../util/time.js';
import { badRequest, conflict } from '../errors.js';
import { decodeAnswered, parseWriteBody } from '../http/write-body.js';
import type { PipelineEndpoint } from '../http/handler.js';
import { negotiate } from '../http/negotiation.js';
import { send } from '../http/respond.js';
import { fieldManagerOf, parseDryRun } from '../http/write-params.js';
import { trackUpdate } from '../rest/managed-fields.js';
import { checkTypeMeta } from '../rest/object-meta.js';
import { updateObject } from '../rest/update.js';
import type { WriteRequest } from '../rest/write-request.js';
import { asArray, asObject, childOf, metaOf } from '../util/json.js';
import { storedAs } from '../registry/kind-def.js';
import { fieldError, invalid, type FieldError } from '../validation/field-errors.js';

const PODS_BINDING = { group: '', resource: 'pods/binding' };

/** ValidatePodBinding (of a Binding the endpoint decoded as its kind, which may lack its target, or the scheduler's own). */
function validateBinding(binding: Binding): FieldError[] {
  const errs: FieldError[] = [];
  const kind = binding.target?.kind ?? '';
  if (kind !== '' && kind !== 'Node') errs.push(fieldError.notSupported('target.kind', kind, ['Node', '<empty>']));
  if ((binding.target?.name ?? '') === '') errs.push(fieldError.required('target.name'));
  return errs;
}

/** Sets the PodScheduled condition to True (a new transition time only when its status changes); untyped, for the null lastProbeTime. */
function markScheduled(pod: JsonObject, now: number): void {
  const status = asObject(pod.status) ?? {};
  const conditions = (asArray(status.conditions) ?? []).map((c) => asObject(c) ?? {});
  const existing = conditions.find((c) => c.type === 'PodScheduled');
  if (existing === undefined) {
    conditions.push({ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: timestamp(now) });
  } else {
    if (existing.status !== 'True') existing.lastTransitionTime = timestamp(now);
    existing.status = 'True';
    delete existing.reason;
    delete existing.message;
  }
  status.conditions = conditions;
  pod.status = status;
}

/** Binds a pod to the Binding's target node. `req` names the pod (`pods` def, sub-resource `binding`). */
export async function bindPod(ctx: ServerContext, req: WriteRequest, binding: Binding): Promise<void> {
  const podDef = ctx.registry.kind('v1', 'Pod');
  const errs = validateBinding(binding);
  if (errs.length > 0) throw invalid({ group: '', kind: 'Binding' }, binding.metadata?.name ?? '', errs);
  const node = binding.target?.name ?? '';
  const uid = binding.metadata?.uid ?? '';
  const annotations = binding.metadata?.annotations ?? {};
  await updateObject(ctx, req, {
    allowCreate: false,
    transform: (existing) => {
      if (existing === undefined) return {};
      const pod = storedAs(podDef, existing);
      if (uid !== '' && pod.metadata?.uid !== uid) {
        throw conflict(PODS_BINDING, req.name, `Precondition failed: UID in precondition: ${uid}, UID in object meta: ${pod.metadata?.uid ?? ''}`);
      }
      if (typeof pod.metadata?.deletionTimestamp === 'string') throw conflict(PODS_BINDING, req.name, `pod ${req.name} is being deleted, cannot be assigned to a host`);
      const assigned = pod.spec?.nodeName ?? '';
      if (assigned !== '') throw conflict(PODS_BINDING, req.name, `pod ${req.name} is already assigned to node "${assigned}"`);
      const next = structuredClone(existing);
      childOf(next, 'spec').nodeName = node;
      if (Object.keys(annotations).length > 0) metaOf(next).annotations = { ...pod.metadata?.annotations, ...annotations };
      markScheduled(next, ctx.now());
      return trackUpdate(req, existing, next, ctx.now());
    },
  });
}

function isBindingCreate(info: { isResourceRequest: boolean; apiGroup: string; resource: string; subresource: string; verb: string }): boolean {
  if (!info.isResourceRequest || info.apiGroup !== '' || info.verb !== 'create') return false;
  return (info.resource === 'pods' && info.subresource === 'binding') || (info.resource === 'bindings' && info.subresource === '');
}

/** POST `pods/<name>/binding` and POST `bindings`. */
export function bindingEndpoint(ctx: ServerContext): PipelineEndpoint {
  return {
    matches: isBindingCreate,
    async serve(rc) {
      const pods = ctx.registry.lookup('', 'v1', 'pods');
      const bindings = ctx.registry.lookup('', 'v1', 'bindings');
      if (pods === undefined || bindings === undefined) throw badRequest('pods are not served');
      const parsed = await parseWriteBody(rc, 'Binding');
      checkTypeMeta(bindings, parsed.obj, 'Binding', 'v1');
      const body = await decodeAnswered(rc, parsed, 'v1', 'Binding');
      const bodyName = body.metadata?.name ?? '';
      const name = rc.info.resource === 'pods' ? rc.info.name : bodyName;
      if (rc.info.resource === 'pods' && bodyName !== name) throw badRequest('name in URL does not match name in Binding object');
      const bodyNs = body.metadata?.namespace ?? '';
      if (bodyNs !== '' && bodyNs !== rc.info.namespace) throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
      const dryRun = parseDryRun(rc.url.searchParams, 'CreateOptions');
      await bindPod(ctx, {
        def: pods, namespace: rc.info.namespace, name, subresource: 'binding', user: rc.user,
        dryRun, fieldManager: fieldManagerOf(rc.url.searchParams, rc.req.headers['user-agent'], false),
        options: { kind: 'CreateOptions', apiVersion: `${GROUPS.meta}/v1`, ...(dryRun ? { dryRun: ['All'] } : {}) },
      }, body);
      await send(rc.res, 201, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 }, negotiate(rc.req.headers.accept, { transforms: false }, false), rc.headers);
    },
  };
}
