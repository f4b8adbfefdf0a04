/**
 * Priority: a new pod gets `spec.priority` (and `preemptionPolicy`) from its `priorityClassName`,
 * or from the global default class; an unknown class is refused. An update keeps what create set
 * when the new body leaves it out (a PUT of the manifest the pod was created from must not read as
 * a change of an immutable field). Only one PriorityClass may be the global default.
 */
import type { PodSpec } from '../../../sdk/types/generated/core-v1.js';
import type { PriorityClass } from '../../../sdk/types/generated/scheduling-v1.js';
import { GROUPS } from '../../../sdk/naming.js';
import type { ServerCore } from '../../context.js';
import { forbidden } from '../../errors.js';
import { storedAs } from '../../registry/kind-def.js';
import { nameOf } from '../../util/json.js';
import type { AdmissionPlugin } from '../types.js';
import { podSpec, writtenPod } from './pod-target.js';

/** The two classes every cluster has. */
export const SYSTEM_PRIORITY_CLASSES: Record<string, number> = { 'system-node-critical': 2_000_001_000, 'system-cluster-critical': 2_000_000_000 };

async function classes(ctx: ServerCore): Promise<PriorityClass[]> {
  const def = ctx.registry.servedKind(`${GROUPS.scheduling}/v1`, 'PriorityClass');
  if (def === undefined) return [];
  return (await ctx.store.list(def.bucket)).items.map((e) => storedAs(def, e.value));
}

/** Creates the plugin. */
export function priorityPlugin(ctx: ServerCore): AdmissionPlugin {
  const pods = ctx.registry.kind('v1', 'Pod');
  return {
    name: 'Priority',
    async admit(attrs) {
      const updated = writtenPod(pods, attrs, ['UPDATE']);
      if (updated !== undefined) {
        // As the API server's plugin: fill in what the stored pod has; any other change is left
        // to the pod's update validation, which refuses it.
        const spec = podSpec(updated);
        const old: Partial<PodSpec> = (attrs.oldObject === undefined ? undefined : storedAs(pods, attrs.oldObject).spec) ?? {};
        if (spec.priority === undefined && old.priority !== undefined) spec.priority = old.priority;
        if (spec.preemptionPolicy === undefined && old.preemptionPolicy !== undefined) spec.preemptionPolicy = old.preemptionPolicy;
        return;
      }
      const pod = writtenPod(pods, attrs);
      if (pod === undefined) return;
      const spec = podSpec(pod);
      const className = spec.priorityClassName ?? '';
      let value: number;
      let policy: string | undefined;
      const all = await classes(ctx);
      if (className === '') {
        // Of several global defaults (a race between two creates) the lowest value wins; without
        // one the pod gets priority 0 and PreemptLowerPriority, as the API server's plugin sets.
        let best: PriorityClass | undefined;
        for (const c of all) if (c.globalDefault === true && (best === undefined || (c.value ?? 0) < (best.value ?? 0))) best = c;
        value = best === undefined ? 0 : best.value ?? 0;
        if (best !== undefined) {
          spec.priorityClassName = nameOf(best);
          policy = best.preemptionPolicy ?? 'PreemptLowerPriority';
        } else {
          policy = 'PreemptLowerPriority';
        }
      } else {
        const found = all.find((c) => nameOf(c) === className);
        const system = SYSTEM_PRIORITY_CLASSES[className];
        if (found === undefined && system === undefined) {
          throw forbidden({ group: '', resource: 'pods' }, attrs.name, `no PriorityClass with name ${className} was found`);
        }
        value = found === undefined ? (system ?? 0) : found.value ?? 0;
        policy = found === undefined ? 'PreemptLowerPriority' : found.preemptionPolicy ?? 'PreemptLowerPriority';
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
