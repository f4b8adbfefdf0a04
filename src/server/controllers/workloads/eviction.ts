/**
 * `POST pods/<name>/eviction` (policy/v1 and v1beta1 Eviction bodies): deletes the pod unless a
 * PodDisruptionBudget would be violated, which answers 429 "Cannot evict pod as it would violate
 * the pod's disruption budget." with the budget's numbers as the cause. An allowed eviction takes
 * one disruption from the budget and records the pod in its `disruptedPods` (so the disruption
 * controller does not count it as healthy meanwhile), marks the pod with the DisruptionTarget
 * condition, then deletes it with the eviction's delete options.
 */
import { GROUPS } from '../../../sdk/naming.js';
import type { JsonObject } from '../../../sdk/types/meta.js';
import type { ServerContext } from '../../context.js';
import { timestamp } from '../../util/time.js';
import { ApiError, badRequest, notFound } from '../../errors.js';
import { decodeObjectBody, readBody } from '../../http/body.js';
import type { PipelineEndpoint } from '../../http/handler.js';
import { negotiate } from '../../http/negotiation.js';
import { send } from '../../http/respond.js';
import { parseDeleteParams, parseDryRun } from '../../http/write-params.js';
import { deleteObject } from '../../rest/delete.js';
import { findObject } from '../../rest/get.js';
import type { WriteRequest } from '../../rest/write-request.js';
import type { ResourceDef } from '../../registry/types.js';
import { asArray, asNumber, asObject, asString } from '../../util/json.js';
import { InternalClient } from '../../control/client.js';
import { conditionsOf } from '../../util/conditions.js';
import { pdbSelects } from './util/pdb.js';
import { isPodReady, podPhase } from './util/pods.js';

/** The message of a refused eviction (policy/v1's wording). */
export const EVICTION_REFUSED = "Cannot evict pod as it would violate the pod's disruption budget.";
/** More than this many unconfirmed evictions in one budget are refused. */
const MAX_DISRUPTED_PODS = 2000;

function tooManyRequests(pdb: JsonObject): ApiError {
  const st = asObject(pdb.status) ?? {};
  return new ApiError(429, 'TooManyRequests', EVICTION_REFUSED, {
    causes: [{ reason: 'DisruptionBudget', message: `The disruption budget ${String(asObject(pdb.metadata)?.name ?? '')} needs ${asNumber(st.desiredHealthy) ?? 0} healthy pods and has ${asNumber(st.currentHealthy) ?? 0} currently` }],
  });
}

function forbiddenPdb(name: string, why: string): ApiError {
  return new ApiError(403, 'Forbidden', `poddisruptionbudgets.policy "${name}" is forbidden: ${why}`, { name, group: 'policy', kind: 'poddisruptionbudgets' });
}

/** The eviction endpoint. */
export function evictionEndpoint(ctx: ServerContext): PipelineEndpoint {
  const system = new InternalClient(ctx, 'eviction', 'platform-apiserver');
  return {
    matches: (info) => info.isResourceRequest && info.apiGroup === '' && info.resource === 'pods' && info.subresource === 'eviction' && info.verb === 'create',
    async serve(rc) {
      const podDef = ctx.registry.served('', 'v1', 'pods');
      const pdbDef = ctx.registry.served(GROUPS.policy, 'v1', 'poddisruptionbudgets');
      const { namespace, name } = rc.info;
      const body = asObject(await decodeObjectBody(rc.req, await readBody(rc.req)));
      if (body === undefined) throw badRequest('the body of the request must be a JSON or YAML object');
      const av = asString(body.apiVersion) ?? '';
      if (av !== '' && av !== 'policy/v1' && av !== 'policy/v1beta1') throw badRequest(`the API version in the data (${av}) does not match the expected API version (policy/v1)`);
      const bodyName = asString(asObject(body.metadata)?.name) ?? '';
      if (bodyName !== '' && bodyName !== name) throw badRequest(`name in URL does not match name in Eviction object`);
      const { params, dryRunBody, options } = parseDeleteParams(rc.url.searchParams, asObject(body.deleteOptions));
      const dryRun = parseDryRun(rc.url.searchParams, 'DeleteOptions', dryRunBody ?? asObject(body.deleteOptions)?.dryRun);
      const pod = await findObject(ctx, podDef, namespace, name);
      if (pod === undefined) throw notFound({ group: '', resource: 'pods' }, name);
      const phase = podPhase(pod);
      const ignorePdb = phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || typeof asObject(pod.metadata)?.deletionTimestamp === 'string';
      if (!ignorePdb) {
        const pdbs = (await system.list(pdbDef, namespace)).filter((p) => pdbSelects(p, pod));
        if (pdbs.length > 1) throw new ApiError(500, 'InternalError', 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.');
        const pdb = pdbs[0];
        if (pdb !== undefined) await takeDisruption(system, pdbDef, pdb, pod, name, dryRun, ctx.now());
      }
      const req: WriteRequest = {
        def: podDef, namespace, name, subresource: '', user: rc.user, userAgent: rc.req.headers['user-agent'], dryRun, fieldManager: '', options: dryRun ? { ...options, dryRun: ['All'] } : options,
      };
      if (!dryRun) {
        await system.update(podDef, namespace, name, (o) => {
          const status = asObject(o.status) ?? {};
          const list = conditionsOf(status);
          if (list.some((c) => c.type === 'DisruptionTarget' && c.status === 'True')) return false;
          status.conditions = [...list.filter((c) => c.type !== 'DisruptionTarget'), {
            type: 'DisruptionTarget', status: 'True', lastProbeTime: null, lastTransitionTime: timestamp(ctx.now()), reason: 'EvictionByEvictionAPI', message: 'Eviction API: evicting',
          }];
          o.status = status;
          return true;
        }, 'status');
      }
      try {
        await deleteObject(ctx, req, params);
      } catch (e) {
        if (!(e instanceof ApiError && e.code === 404)) throw e;
      }
      const out = negotiate(rc.req.headers.accept, { transforms: false }, false);
      await send(rc.res, 201, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 }, out, rc.headers);
    },
  };
}

/** `checkAndDecrement`: takes one disruption from the budget or refuses the eviction. */
async function takeDisruption(client: InternalClient, pdbDef: ResourceDef, pdb: JsonObject, pod: JsonObject, podName: string, dryRun: boolean, now: number): Promise<void> {
  const meta = asObject(pdb.metadata) ?? {};
  const pdbName = asString(meta.name) ?? '';
  const spec = asObject(pdb.spec) ?? {};
  const st = asObject(pdb.status) ?? {};
  // An unhealthy pod may go when the budget is met (IfHealthyBudget) or always (AlwaysAllow).
  if (!isPodReady(pod)) {
    const policy = asString(spec.unhealthyPodEvictionPolicy) ?? 'IfHealthyBudget';
    const desired = asNumber(st.desiredHealthy) ?? 0;
    if (policy === 'AlwaysAllow' || ((asNumber(st.currentHealthy) ?? 0) >= desired && desired > 0)) return;
  }
  await client.update(pdbDef, asString(meta.namespace) ?? '', pdbName, (o) => {
    const status = asObject(o.status) ?? {};
    if ((asNumber(status.observedGeneration) ?? 0) < (asNumber(asObject(o.metadata)?.generation) ?? 0)) throw tooManyRequests(o);
    const allowed = asNumber(status.disruptionsAllowed) ?? 0;
    if (allowed < 0) throw forbiddenPdb(pdbName, 'pdb disruptions allowed is negative');
    const disrupted = asObject(status.disruptedPods) ?? {};
    if (Object.keys(disrupted).length > MAX_DISRUPTED_PODS) throw forbiddenPdb(pdbName, 'DisruptedPods map too big - too many evictions not confirmed by PDB controller');
    if (allowed === 0) throw tooManyRequests(o);
    if (dryRun) return false;
    status.disruptionsAllowed = allowed - 1;
    if (allowed - 1 === 0) {
      status.conditions = (asArray(status.conditions) ?? []).map((c) => {
        const cond = asObject(c) ?? {};
        return cond.type === 'DisruptionAllowed' ? { ...cond, status: 'False', reason: 'InsufficientPods', message: '', lastTransitionTime: timestamp(now) } : cond;
      });
    }
    status.disruptedPods = { ...disrupted, [podName]: timestamp(now) };
    o.status = status;
    return true;
  }, 'status');
}
