/**
 * Helpers for plugins that act on pods.
 */
import type { Pod, PodSpec } from '../../../sdk/types/generated/core-v1.js';
import { childOf } from '../../util/json.js';
import { storedAs, type KindDef } from '../../registry/kind-def.js';
import type { AdmissionAttributes } from '../types.js';

/** True for a write to the pod itself (not a sub-resource). */
export function isPodWrite(attrs: AdmissionAttributes, ops: readonly string[] = ['CREATE']): boolean {
  return attrs.def.group === '' && attrs.def.plural === 'pods' && attrs.subresource === '' && ops.includes(attrs.operation) && attrs.object !== undefined;
}

/** The pod of a write to the pod itself ({@link isPodWrite}), typed: admission sees the decoded, defaulted object. */
export function writtenPod(pods: KindDef<Pod>, attrs: AdmissionAttributes, ops?: readonly string[]): Pod | undefined {
  return attrs.object === undefined || !isPodWrite(attrs, ops) ? undefined : storedAs(pods, attrs.object);
}

/** An admission step that runs only for writes to the pod itself ({@link writtenPod}), given the typed pod. */
export function onWrittenPod(
  pods: KindDef<Pod>, step: (pod: Pod, attrs: AdmissionAttributes) => Promise<void> | void, ops?: readonly string[],
): (attrs: AdmissionAttributes) => Promise<void> | void {
  return (attrs) => {
    const pod = writtenPod(pods, attrs, ops);
    return pod === undefined ? undefined : step(pod, attrs);
  };
}

/** The pod's spec (created when missing; its containers may then be missing too). */
export function podSpec(pod: Pod): Partial<PodSpec> {
  childOf(pod, 'spec');
  return pod.spec ?? {};
}
