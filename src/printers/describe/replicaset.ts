/**
 * `describe replicaset`: selector, owner, replica counts, the pods by phase, the pod template,
 * conditions and events.
 */
import type { KubeObject } from '../../sdk/types/meta.js';
import { controllerPodCounts, podPhaseCountsText } from './controller-pods.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { num, obj, objs, partsOf, str } from './json-access.js';
import { controllerOf, describePodTemplate } from './pod.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, LEVEL_1, tabbedString } from './writer.js';
import { formatObjectSelector } from '../../machinery/labels/selector.js';
import { printNameAndNamespace, printLabelsAndAnnotations } from './object-header.js';

/** The pods a workload describer counts: those its selector matched, or why they could not be listed. */
export type SelectedPods = readonly KubeObject[] | { error: string };

/** The `Type / Status / Reason` conditions table of ReplicaSets and Deployments. */
export function describeReplicaConditions(conditions: Record<string, unknown>[], w: DescribeWriter): void {
  if (conditions.length === 0) return;
  w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tReason\n');
  w.write(LEVEL_1, '----\t------\t------\n');
  for (const c of conditions) w.write(LEVEL_1, `${str(c['type'])} \t${str(c['status'])}\t${str(c['reason'])}\n`);
}

/** `describe replicaset`. */
export function describeReplicaSet(rs: KubeObject, pods: SelectedPods, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const { meta, spec, status } = partsOf(rs);
  return tabbedString((w) => {
    printNameAndNamespace(w, meta);
    w.write(LEVEL_0, `Selector:\t${formatObjectSelector(spec['selector'])}\n`);
    printLabelsAndAnnotations(w, meta);
    const controlledBy = controllerOf(rs);
    if (controlledBy) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
    w.write(LEVEL_0, `Replicas:\t${num(status['replicas'])} current / ${num(spec['replicas'])} desired\n`);
    w.write(LEVEL_0, 'Pods Status:\t');
    if ('error' in pods) w.write(LEVEL_0, `error in fetching pods: ${pods.error}\n`);
    else w.write(LEVEL_0, `${podPhaseCountsText(controllerPodCounts(pods, meta.uid))}\n`);
    describePodTemplate(obj(spec['template']), w, options);
    describeReplicaConditions(objs(status['conditions']), w);
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}
