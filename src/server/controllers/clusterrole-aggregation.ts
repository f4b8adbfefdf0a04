/**
 * The ClusterRole aggregation controller: a ClusterRole with an `aggregationRule` gets, as its
 * rules, the rules of every other ClusterRole its selectors match (by name order, without
 * duplicates), kept in sync whenever any ClusterRole changes. With `bootstrap` it first creates
 * the default policy, so the aggregated defaults are filled in before the server is ready.
 */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import type { ServerContext } from '../context.js';
import type { RbacPolicyStore } from '../auth/authz/rbac/policy-store.js';
import { PolicyWriter } from '../auth/authz/policy-writer.js';
import { ensureBootstrapPolicy } from '../auth/authz/bootstrap-policy.js';
import { fromObjectSelector, matchesLabels } from '../../machinery/labels/selector.js';
import { asArray, asObject, nameOf } from '../util/json.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { realClock } from '../control/clock.js';
import { reconcileLoop, STEADY_RETRY, type ReconcileLoop } from '../control/reconcile-loop.js';

function selectorsOf(obj: JsonObject): JsonValue[] | undefined {
  const rule = asObject(obj.aggregationRule);
  return rule === undefined ? undefined : asArray(rule.clusterRoleSelectors) ?? [];
}

/** The rules an aggregated ClusterRole should have given the current ClusterRoles. */
export function aggregatedRules(role: JsonObject, all: JsonObject[]): JsonValue[] {
  const selectors = (selectorsOf(role) ?? []).map((s) => fromObjectSelector(s));
  const self = nameOf(role);
  const matched = all
    .filter((c) => nameOf(c) !== self && selectors.some((s) => matchesLabels(s, asObject(asObject(c.metadata)?.labels))))
    .sort((a, b) => (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0));
  const rules: JsonValue[] = [];
  for (const c of matched) {
    for (const rule of asArray(c.rules) ?? []) if (!rules.some((x) => jsonEqual(x, rule))) rules.push(structuredClone(rule));
  }
  return rules;
}

/** Creates the aggregation controller (and, with `bootstrap`, the bootstrap policy writer). */
export function clusterRoleAggregationController(ctx: ServerContext, policy: RbacPolicyStore, options: { bootstrap: boolean }): ReconcileLoop {
  const writer = new PolicyWriter(ctx, 'clusterrole-aggregation-controller');
  const def = policy.def('clusterroles');

  async function sync(name: string): Promise<void> {
    const role = policy.get('clusterroles', '', name);
    if (role === undefined || selectorsOf(role) === undefined) return;
    const want = aggregatedRules(role, policy.list('clusterroles'));
    if (jsonEqual(role.rules ?? [], want)) return;
    await writer.update(def, '', name, (obj) => {
      const fresh = aggregatedRules(obj, policy.list('clusterroles'));
      if (jsonEqual(obj.rules ?? [], fresh)) return false;
      obj.rules = fresh;
      return true;
    });
  }

  function aggregatedNames(): string[] {
    return policy.list('clusterroles').filter((c) => selectorsOf(c) !== undefined).map(nameOf);
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
