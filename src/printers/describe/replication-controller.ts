/**
 * `describe replicationcontroller`: kubectl's ReplicationControllerDescriber: the selector (a
 * map of labels), replica counts, the pods it controls by phase, the pod template (`<unset>`
 * when there is none), conditions and events.
 */
import type { KubeObject } from '../../sdk/types/meta.js';
import { controllerPodCounts, podPhaseCountsText } from './controller-pods.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { num, obj, objs, partsOf } from './json-access.js';
import { describePodTemplate } from './pod.js';
import { describeReplicaConditions } from './replicaset.js';
import { LEVEL_0, tabbedString } from './writer.js';
import { formatLabels } from '../../machinery/labels/selector.js';
import { printNameAndNamespace, printLabelsAndAnnotations } from './object-header.js';

/** `describe replicationcontroller`; `pods` are those its selector matched (it counts the ones it controls). */
export function describeReplicationController(rc: KubeObject, pods: readonly KubeObject[], events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const { meta, spec, status } = partsOf(rc);
  const template = spec['template'];
  return tabbedString((w) => {
    printNameAndNamespace(w, meta);
    w.write(LEVEL_0, `Selector:\t${formatLabels(spec['selector'] as Record<string, string> | undefined)}\n`);
    printLabelsAndAnnotations(w, meta);
    w.write(LEVEL_0, `Replicas:\t${num(status['replicas'])} current / ${num(spec['replicas'])} desired\n`);
    w.write(LEVEL_0, `Pods Status:\t${podPhaseCountsText(controllerPodCounts(pods, meta.uid))}\n`);
    describePodTemplate(template === undefined || template === null ? undefined : obj(template), w, options);
    describeReplicaConditions(objs(status['conditions']), w);
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}
