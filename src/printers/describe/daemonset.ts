/**
 * `describe daemonset`: selectors, the scheduling counts, the pods by phase, the pod template and
 * events.
 */
import type { KubeObject } from '../../sdk/types/meta.js';
import { controllerPodCounts, podPhaseCountsText } from './controller-pods.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { num, obj, partsOf, strMap } from './json-access.js';
import { describePodTemplate } from './pod.js';
import { LEVEL_0, tabbedString } from './writer.js';
import { formatLabels, fromObjectSelector, selectorString } from '../../machinery/labels/selector.js';
import { printLabelsAndAnnotations } from './object-header.js';

/** `describe daemonset`. */
export function describeDaemonSet(ds: KubeObject, pods: readonly KubeObject[], events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const { meta, spec, status } = partsOf(ds);
  const template = obj(spec['template']);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
    w.write(LEVEL_0, `Selector:\t${selectorString(fromObjectSelector(spec['selector']))}\n`);
    w.write(LEVEL_0, `Node-Selector:\t${formatLabels(strMap(obj(template['spec'])['nodeSelector']))}\n`);
    printLabelsAndAnnotations(w, meta);
    w.write(LEVEL_0, `Desired Number of Nodes Scheduled: ${num(status['desiredNumberScheduled'])}\n`);
    w.write(LEVEL_0, `Current Number of Nodes Scheduled: ${num(status['currentNumberScheduled'])}\n`);
    w.write(LEVEL_0, `Number of Nodes Scheduled with Up-to-date Pods: ${num(status['updatedNumberScheduled'])}\n`);
    w.write(LEVEL_0, `Number of Nodes Scheduled with Available Pods: ${num(status['numberAvailable'])}\n`);
    w.write(LEVEL_0, `Number of Nodes Misscheduled: ${num(status['numberMisscheduled'])}\n`);
    w.write(LEVEL_0, `Pods Status:\t${podPhaseCountsText(controllerPodCounts(pods, meta.uid))}\n`);
    describePodTemplate(template, w, options);
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}
