/**
 * RuntimeClass: a new pod naming `runtimeClassName` must name an existing RuntimeClass; with the
 * PodOverhead gate on, the class's `overhead.podFixed` becomes the pod's `spec.overhead` (a pod
 * that sets a different overhead is refused), and the class's scheduling node selector and
 * tolerations are merged into the pod.
 */
import type { Toleration } from '../../../sdk/types/generated/core-v1.js';
import { GROUPS } from '../../../sdk/naming.js';
import type { ServerCore } from '../../context.js';
import { forbidden } from '../../errors.js';
import { storedAs } from '../../registry/kind-def.js';
import { jsonEqual } from '../../../machinery/json/equal.js';
import type { AdmissionPlugin } from '../types.js';
import { onWrittenPod, podSpec, writtenPod } from './pod-target.js';

/** Creates the plugin. */
export function runtimeClassPlugin(ctx: ServerCore, podOverhead: boolean): AdmissionPlugin {
  const refuse = (name: string, why: string): never => {
    throw forbidden({ group: '', resource: 'pods' }, name, `pod rejected: ${why}`);
  };
  const pods = ctx.registry.kind('v1', 'Pod');
  return {
    name: 'RuntimeClass',
    admit: onWrittenPod(pods, async (pod, attrs) => {
      const spec = podSpec(pod);
      const className = spec.runtimeClassName ?? '';
      if (className === '') {
        if (podOverhead && spec.overhead !== undefined) refuse(attrs.name, 'Pod Overhead set without corresponding RuntimeClass defined Overhead');
        return;
      }
      const def = ctx.registry.servedKind(`${GROUPS.node}/v1`, 'RuntimeClass');
      const stored = def === undefined ? undefined : (await ctx.store.get(def.bucket, className))?.value;
      if (def === undefined || stored === undefined) return refuse(attrs.name, `RuntimeClass "${className}" not found`);
      const rc = storedAs(def, stored);
      if (podOverhead) {
        const fixed = rc.overhead?.podFixed;
        if (fixed === undefined) {
          if (spec.overhead !== undefined) refuse(attrs.name, 'Pod Overhead set without corresponding RuntimeClass defined Overhead');
        } else {
          if (spec.overhead !== undefined && !jsonEqual(spec.overhead, fixed)) refuse(attrs.name, "Pod's Overhead doesn't match RuntimeClass's defined Overhead");
          spec.overhead = structuredClone(fixed);
        }
      }
      const classSelector = rc.scheduling?.nodeSelector ?? {};
      const podSelector = spec.nodeSelector ?? {};
      for (const [k, v] of Object.entries(classSelector)) {
        if (podSelector[k] !== undefined && podSelector[k] !== v) {
          refuse(attrs.name, `conflict: runtimeClass.scheduling.nodeSelector[${k}] = ${String(v)}; pod.spec.nodeSelector[${k}] = ${String(podSelector[k])}`);
        }
      }
      if (Object.keys(classSelector).length > 0) spec.nodeSelector = { ...podSelector, ...classSelector };
      const extra = rc.scheduling?.tolerations ?? [];
      if (extra.length > 0) {
        const current: Toleration[] = [...(spec.tolerations ?? [])];
        for (const t of extra) if (!current.some((c) => jsonEqual(c, t))) current.push(structuredClone(t));
        spec.tolerations = current;
      }
    }),
    validate(attrs) {
      const pod = podOverhead ? writtenPod(pods, attrs) : undefined;
      if (pod === undefined) return;
      const spec = podSpec(pod);
      if ((spec.runtimeClassName ?? '') === '' && spec.overhead !== undefined) {
        refuse(attrs.name, 'Pod Overhead set without corresponding RuntimeClass defined Overhead');
      }
    },
  };
}
