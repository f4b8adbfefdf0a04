/**
 * RuntimeClass: a new pod naming `runtimeClassName` must name an existing RuntimeClass; with the
 * PodOverhead gate on, the class's `overhead.podFixed` becomes the pod's `spec.overhead` (a pod
 * that sets a different overhead is refused), and the class's scheduling node selector and
 * tolerations are merged into the pod.
 */
import type { JsonObject, JsonValue } from '../../../sdk/types/meta.js';
import { GROUPS } from '../../../sdk/naming.js';
import type { ServerCore } from '../../context.js';
import { forbidden } from '../../errors.js';
import { asArray, asObject, asString } from '../../util/json.js';
import { jsonEqual } from '../../../machinery/json/equal.js';
import type { AdmissionPlugin } from '../types.js';
import { isPodWrite, podSpec } from './pod-target.js';

/** Creates the plugin. */
export function runtimeClassPlugin(ctx: ServerCore, podOverhead: boolean): AdmissionPlugin {
  const refuse = (name: string, why: string): never => {
    throw forbidden({ group: '', resource: 'pods' }, name, `pod rejected: ${why}`);
  };
  return {
    name: 'RuntimeClass',
    async admit(attrs) {
      if (!isPodWrite(attrs) || attrs.object === undefined) return;
      const spec = podSpec(attrs.object);
      const className = asString(spec.runtimeClassName) ?? '';
      if (className === '') {
        if (podOverhead && spec.overhead !== undefined) refuse(attrs.name, 'Pod Overhead set without corresponding RuntimeClass defined Overhead');
        return;
      }
      const def = ctx.registry.lookup(GROUPS.node, 'v1', 'runtimeclasses');
      const rc = def === undefined ? undefined : (await ctx.store.get(def.bucket, className))?.value;
      if (rc === undefined) return refuse(attrs.name, `RuntimeClass "${className}" not found`);
      if (podOverhead) {
        const fixed = asObject(asObject(rc.overhead)?.podFixed);
        if (fixed === undefined) {
          if (spec.overhead !== undefined) refuse(attrs.name, 'Pod Overhead set without corresponding RuntimeClass defined Overhead');
        } else {
          if (spec.overhead !== undefined && !jsonEqual(spec.overhead, fixed)) refuse(attrs.name, "Pod's Overhead doesn't match RuntimeClass's defined Overhead");
          spec.overhead = structuredClone(fixed);
        }
      }
      const scheduling = asObject(rc.scheduling) ?? {};
      const classSelector = asObject(scheduling.nodeSelector) ?? {};
      const podSelector = asObject(spec.nodeSelector) ?? {};
      for (const [k, v] of Object.entries(classSelector)) {
        if (podSelector[k] !== undefined && podSelector[k] !== v) {
          refuse(attrs.name, `conflict: runtimeClass.scheduling.nodeSelector[${k}] = ${String(v)}; pod.spec.nodeSelector[${k}] = ${String(podSelector[k])}`);
        }
      }
      if (Object.keys(classSelector).length > 0) spec.nodeSelector = { ...podSelector, ...classSelector };
      const extra = asArray(scheduling.tolerations) ?? [];
      if (extra.length > 0) {
        const current: JsonValue[] = [...(asArray(spec.tolerations) ?? [])];
        for (const t of extra) if (!current.some((c) => jsonEqual(c, t))) current.push(structuredClone(t));
        spec.tolerations = current;
      }
    },
    validate(attrs) {
      if (!podOverhead || !isPodWrite(attrs) || attrs.object === undefined) return;
      const spec: JsonObject = podSpec(attrs.object);
      if ((asString(spec.runtimeClassName) ?? '') === '' && spec.overhead !== undefined) {
        refuse(attrs.name, 'Pod Overhead set without corresponding RuntimeClass defined Overhead');
      }
    },
  };
}
