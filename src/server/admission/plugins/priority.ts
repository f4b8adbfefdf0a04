/**
 * Priority: a new pod gets `spec.priority` (and `preemptionPolicy`) from its `priorityClassName`,
 * or from the global default class; an unknown class is refused. An update keeps what create set
 * when the new body leaves it out (a PUT of the manifest the pod was created from must not read as
 * a change of an immutable field). Only one PriorityClass may be the global default.
 */
import type { JsonObject } from '../../../sdk/types/meta.js';
import { GROUPS } from '../../../sdk/naming.js';
import type { ServerCore } from '../../context.js';
import { forbidden } from '../../errors.js';
import { asNumber, asObject, asString } from '../../util/json.js';
import type { AdmissionPlugin } from '../types.js';
import { isPodWrite, podSpec } from './pod-target.js';

/** The two classes every cluster has. */
export const SYSTEM_PRIORITY_CLASSES: Record<string, number> = { 'system-node-critical': 2_000_001_000, 'system-cluster-critical': 2_000_000_000 };

async function classes(ctx: ServerCore): Promise<JsonObject[]> {
  const def = ctx.registry.lookup(GROUPS.scheduling, 'v1', 'priorityclasses');
  if (def === undefined) return [];
  return (await ctx.store.list(def.bucket)).items.map((e) => e.value);
}

function nameOf(o: JsonObject): string {
  return asString(asObject(o.metadata)?.name) ?? '';
}

/** Creates the plugin. */
export function priorityPlugin(ctx: ServerCore): AdmissionPlugin {
  return {
    name: 'Priority',
    async admit(attrs) {
      if (isPodWrite(attrs, ['UPDATE']) && attrs.object !== undefined) {
        // As the API server's plugin: fill in what the stored pod has; any other change is left
        // to the pod's update validation, which refuses it.
        const spec = podSpec(attrs.object);
        const old = asObject(attrs.oldObject?.spec) ?? {};
        if (spec.priority === undefined && old.priority !== undefined) spec.priority = old.priority;
        if (spec.preemptionPolicy === undefined && old.preemptionPolicy !== undefined) spec.preemptionPolicy = old.preemptionPolicy;
        return;
      }
      if (!isPodWrite(attrs) || attrs.object === undefined) return;
      const spec = podSpec(attrs.object);
      const className = asString(spec.priorityClassName) ?? '';
      let value: number;
      let policy: string | undefined;
      const all = await classes(ctx);
      if (className === '') {
        // Of several global defaults (a race between two creates) the lowest value wins; without
        // one the pod gets priority 0 and PreemptLowerPriority, as the API server's plugin sets.
        let best: JsonObject | undefined;
        for (const c of all) if (c.globalDefault === true && (best === undefined || (asNumber(c.value) ?? 0) < (asNumber(best.value) ?? 0))) best = c;
        value = best === undefined ? 0 : asNumber(best.value) ?? 0;
        if (best !== undefined) {
          spec.priorityClassName = nameOf(best);
          policy = asString(best.preemptionPolicy) ?? 'PreemptLowerPriority';
        } else {
          policy = 'PreemptLowerPriority';
        }
      } else {
        const found = all.find((c) => nameOf(c) === className);
        const system = SYSTEM_PRIORITY_CLASSES[className];
        if (found === undefined && system === undefined) {
          throw forbidden({ group: '', resource: 'pods' }, attrs.name, `no PriorityClass with name ${className} was found`);
        }
        value = found === undefined ? (system ?? 0) : asNumber(found.value) ?? 0;
        policy = found === undefined ? 'PreemptLowerPriority' : asString(found.preemptionPolicy) ?? 'PreemptLowerPriority';
      }
      if (spec.priority !== undefined && spec.priority !== value) {
        throw forbidden({ group: '', resource: 'pods' }, attrs.name,
          `the integer value of priority (${String(spec.priority)}) must not be provided in pod spec; priority admission controller computed ${String(value)} from the given PriorityClass name`);
      }
      spec.priority = value;
      if (policy === undefined) return;
      if (spec.preemptionPolicy !== undefined && spec.preemptionPolicy !== policy) {
        throw forbidden({ group: '', resource: 'pods' }, attrs.name,
          `the string value of PreemptionPolicy (${String(spec.preemptionPolicy)}) must not be provided in pod spec; priority admission controller computed ${policy} from the given PriorityClass name`);
      }
      spec.preemptionPolicy = policy;
    },
    async validate(attrs) {
      if (attrs.def.group !== GROUPS.scheduling || attrs.def.plural !== 'priorityclasses' || attrs.subresource !== '') return;
      if ((attrs.operation !== 'CREATE' && attrs.operation !== 'UPDATE') || attrs.object?.globalDefault !== true) return;
      for (const c of await classes(ctx)) {
        if (c.globalDefault === true && nameOf(c) !== attrs.name) {
          throw forbidden({ group: GROUPS.scheduling, resource: 'priorityclasses' }, attrs.name,
            `PriorityClass ${nameOf(c)} is already marked as default. Only one default can exist`);
        }
      }
    },
  };
}
