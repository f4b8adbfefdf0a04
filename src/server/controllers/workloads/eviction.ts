/**
 * `POST pods/<name>/eviction` (policy/v1 and v1beta1 Eviction bodies): deletes the pod unless a
 * PodDisruptionBudget would be violated, which answers 429 "Cannot evict pod as it would violate
 * the pod's disruption budget." with the budget's numbers as the cause. An allowed eviction takes
 * one disruption from the budget and records the pod in its `disruptedPods` (so the disruption
 * controller does not count it as healthy meanwhile), marks the pod with the DisruptionTarget
 * condition, then deletes it with the eviction's delete options.
 */
import type { Pod } from '../../../sdk/types/generated/core-v1.js';
import type { PodDisruptionBudget } from '../../../sdk/types/generated/policy-v1.js';
import type { ServerContext } from '../../context.js';
import { timestamp } from '../../util/time.js';
import { ApiError, badRequest, notFound } from '../../errors.js';
import { decodeAnswered, parseWriteBody } from '../../http/write-body.js';
import type { PipelineEndpoint } from '../../http/handler.js';
import { negotiate } from '../../http/negotiation.js';
import { send } from '../../http/respond.js';
import { parseDeleteParams, parseDryRun } from '../../http/write-params.js';
import { deleteObject } from '../../rest/delete.js';
import type { WriteRequest } from '../../rest/write-request.js';
import type { ResourceDef } from '../../registry/types.js';
import type { KindDef } from '../../registry/kind-def.js';
import { asObject, asString } from '../../util/json.js';
import { InternalClient } from '../../control/client.js';
import { conditionsOf } from '../../util/conditions.js';
import { pdbSelects } from './util/pdb.js';
import { isPodReady, podPhase } from './util/pods.js';

/** The message of a refused eviction (policy/v1's wording). */
export const EVICTION_REFUSED = "Cannot evict pod as it would violate the pod's disruption budget.";
/** More than this many unconfirmed evictions in one budget are refused. */
const MAX_DISRUPTED_PODS = 2000;

function tooManyRequests(pdb: PodDisruptionBudget): ApiError {
  return new ApiError(429, 'TooManyRequests', EVICTION_REFUSED, {
    causes: [{ reason: 'DisruptionBudget', message: `The disruption budget ${pdb.metadata?.name ?? ''} needs ${pdb.status?.desiredHealthy ?? 0} healthy pods and has ${pdb.status?.currentHealthy ?? 0} currently` }],
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
      const podDef = ctx.registry.kind('v1', 'Pod');
      const pdbDef = ctx.registry.kind('policy/v1', 'PodDisruptionBudget');
      const { namespace, name } = rc.info;
      const parsed = await parseWriteBody(rc, 'Eviction');
      const av = asString(parsed.obj.apiVersion) ?? '';
      if (av !== '' && av !== 'policy/v1' && av !== 'policy/v1beta1') throw badRequest(`the API version in the data (${av}) does not match the expected API version (policy/v1)`);
      const body = await decodeAnswered(rc, parsed, 'policy/v1', 'Eviction');
      const bodyName = body.metadata?.name ?? '';
      if (bodyName !== '' && bodyName !== name) throw badRequest(`name in URL does not match name in Eviction object`);
      const { params, dryRunBody, options } = parseDeleteParams(rc.url.searchParams, body.deleteOptions);
      const dryRun = parseDryRun(rc.url.searchParams, 'DeleteOptions', dryRunBody ?? body.deleteOptions?.dryRun);
      const pod = await system.get(podDef, namespace, name);
      if (pod === undefined) throw notFound({ group: '', resource: 'pods' }, name);
      const phase = podPhase(pod);
      const ignorePdb = phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || typeof pod.metadata?.deletionTimestamp === 'string';
      if (!ignorePdb) {
        const pdbs = (await system.list(pdbDef, namespace)).filter((p) => pdbSelects(p, pod));
        if (pdbs.length > 1) throw new ApiError(500, 'InternalError', 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.');
        const pdb = pdbs[0];
        if (pdb !== undefined) await takeDisruption(system, pdbDef, pdb, pod, name, dryRun, ctx.now());
      }
      const req: WriteRequest = {
        def: podDef, namespace, name, subresource: '', user: rc.user, dryRun, fieldManager: '', options: dryRun ? { ...options, dryRun: ['All'] } : options,
      };
      if (!dryRun) await markDisruptionTarget(system, podDef, namespace, name, ctx.now());
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

/** Sets the pod's DisruptionTarget condition (untyped: its lastProbeTime is null, Go's zero time). */
async function markDisruptionTarget(client: InternalClient, podDef: ResourceDef, namespace: string, name: string, now: number): Promise<void> {
  await client.update(podDef, namespace, name, (o) => {
    const status = asObject(o.status) ?? {};
    const list = conditionsOf(status);
    if (list.some((c) => c.type === 'DisruptionTarget' && c.status === 'True')) return false;
    status.conditions = [...list.filter((c) => c.type !== 'DisruptionTarget'), {
      type: 'DisruptionTarget', status: 'True', lastProbeTime: null, lastTransitionTime: timestamp(now), reason: 'EvictionByEvictionAPI', message: 'Eviction API: evicting',
    }];
    o.status = status;
    return true;
  }, 'status');
}

/** `checkAndDecrement`: takes one disruption from the budget or refuses the eviction. */
async function takeDisruption(client: InternalClient, pdbDef: KindDef<PodDisruptionBudget>, pdb: PodDisruptionBudget, pod: Pod, podName: string, dryRun: boolean, now: number): Promise<void> {
  const pdbName = pdb.metadata?.name ?? '';
  // An unhealthy pod may go when the budget is met (IfHealthyBudget) or always (AlwaysAllow).
  if (!isPodReady(pod)) {
    const policy = pdb.spec?.unhealthyPodEvictionPolicy ?? 'IfHealthyBudget';
    const desired = pdb.status?.desiredHealthy ?? 0;
    if (policy === 'AlwaysAllow' || ((pdb.status?.currentHealthy ?? 0) >= desired && desired > 0)) return;
  }
  await client.update(pdbDef, pdb.metadata?.namespace ?? '', pdbName, (o) => {
    const status = o.status;
    if ((status?.observedGeneration ?? 0) < (o.metadata?.generation ?? 0)) throw tooManyRequests(o);
    const allowed = status?.disruptionsAllowed ?? 0;
    if (allowed < 0) throw forbiddenPdb(pdbName, 'pdb disruptions allowed is negative');
    const disrupted = status?.disruptedPods ?? {};
    if (Object.keys(disrupted).length > MAX_DISRUPTED_PODS) throw forbiddenPdb(pdbName, 'DisruptedPods map too big - too many evictions not confirmed by PDB controller');
    if (status === undefined || allowed === 0) throw tooManyRequests(o);
    if (dryRun) return false;
    status.disruptionsAllowed = allowed - 1;
    if (allowed - 1 === 0) {
      status.conditions = (status.conditions ?? []).map((c) => c.type === 'DisruptionAllowed' ? { ...c, status: 'False', reason: 'InsufficientPods', message: '', lastTransitionTime: timestamp(now) } : c);
    }
    status.disruptedPods = { ...disrupted, [podName]: timestamp(now) };
    return true;
  }, 'status');
}
