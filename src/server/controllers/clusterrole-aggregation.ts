/**
 * The ClusterRole aggregation controller: a ClusterRole with an `aggregationRule` gets, as its
 * rules, the rules of every other ClusterRole its selectors match (by name order, without
 * duplicates), kept in sync whenever any ClusterRole changes. With `bootstrap` it first creates
 * the default policy, so the aggregated defaults are filled in before the server is ready.
 */
import type { ClusterRole, PolicyRule } from '../../sdk/types/generated/rbac-v1.js';
import type { LabelSelector } from '../../sdk/types/generated/meta-v1.js';
import type { ServerContext } from '../context.js';
import type { RbacPolicyStore } from '../auth/authz/rbac/policy-store.js';
import { PolicyWriter } from '../auth/authz/policy-writer.js';
import { ensureBootstrapPolicy } from '../auth/authz/bootstrap-policy.js';
import { fromObjectSelector, matchesLabels } from '../../machinery/labels/selector.js';
import { nameOf } from '../util/json.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { realClock } from '../control/clock.js';
import { reconcileLoop, STEADY_RETRY, type ReconcileLoop } from '../control/reconcile-loop.js';

function selectorsOf(role: ClusterRole): LabelSelector[] | undefined {
  return role.aggregationRule === undefined ? undefined : role.aggregationRule.clusterRoleSelectors ?? [];
}

/** The rules an aggregated ClusterRole should have given the current ClusterRoles. */
export function aggregatedRules(role: ClusterRole, all: ClusterRole[]): PolicyRule[] {
  const selectors = (selectorsOf(role) ?? []).map((s) => fromObjectSelector(s));
  const self = nameOf(role);
  const matched = all
    .filter((c) => nameOf(c) !== self && selectors.some((s) => matchesLabels(s, c.metadata?.labels)))
    .sort((a, b) => (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0));
  const rules: PolicyRule[] = [];
  for (const c of matched) {
    for (const rule of c.rules ?? []) if (!rules.some((x) => jsonEqual(x, rule))) rules.push(structuredClone(rule));
  }
  return rules;
}

/** Creates the aggregation controller (and, with `bootstrap`, the bootstrap policy writer). */
export function clusterRoleAggregationController(ctx: ServerContext, policy: RbacPolicyStore, options: { bootstrap: boolean }): ReconcileLoop {
  const writer = new PolicyWriter(ctx, 'clusterrole-aggregation-controller');
  const def = policy.def('clusterroles');
  const roles = (): ClusterRole[] => policy.list('clusterroles');

  async function sync(name: string): Promise<void> {
    const role = policy.get('clusterroles', '', name);
    if (role === undefined || selectorsOf(role) === undefined) return;
    const want = aggregatedRules(role, roles());
    if (jsonEqual(role.rules ?? [], want)) return;
    await writer.update(def, '', name, (obj) => {
      const fresh = aggregatedRules(obj, roles());
      if (jsonEqual(obj.rules ?? [], fresh)) return false;
      obj.rules = fresh;
      return true;
    });
  }

  function aggregatedNames(): string[] {
    return roles().filter((c) => selectorsOf(c) !== undefined).map(nameOf);
  }

  const loop = reconcileLoop({
    name: 'clusterrole-aggregation-controller', ctx, clock: realClock(ctx.now), retry: STEADY_RETRY, reconcile: sync,
    subscribe: () => [policy.onChange((plural) => {
      if (plural === 'clusterroles') for (const name of aggregatedNames()) loop.queue.add(name);
    })],
    initialKeys: async () => {
      if (options.bootstrap) await ensureBootstrapPolicy(policy, new PolicyWriter(ctx, 'platform-apiserver'));
      return aggregatedNames();
    },
    // The aggregated defaults are filled in before the server is ready.
    syncOnStart: true,
  });
  return loop;
}
