/**
 * `describe statefulset`: replicas, update strategy, the pods by phase, the pod template, the
 * volume claim templates and events.
 */
import type { KubeObject } from '../../sdk/types/meta.js';
import { quantityString } from '../../machinery/quantity/text.js';
import { controllerPodCounts, podPhaseCountsText } from './controller-pods.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { formatRfc1123z, printLabelsMultiline, printListSection } from './format.js';
import { intOrString, num, obj, objs, partsOf, str } from './json-access.js';
import { claimStorageClass } from './persistent-volume-claim.js';
import { describePodTemplate } from './pod.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, LEVEL_1, tabbedString } from './writer.js';
import { fromObjectSelector, selectorString } from '../../machinery/labels/selector.js';
import { printNameAndNamespace, printLabelsAndAnnotations } from './object-header.js';

/** kubectl's `describeVolumeClaimTemplates`. */
function describeVolumeClaimTemplates(templates: Record<string, unknown>[], w: DescribeWriter): void {
  printListSection(w, 'Volume Claims', templates, (pvc) => {
    const meta = obj(pvc['metadata']);
    const spec = obj(pvc['spec']);
    w.write(LEVEL_1, `Name:\t${str(meta['name'])}\n`);
    w.write(LEVEL_1, `StorageClass:\t${claimStorageClass(pvc)}\n`);
    printLabelsMultiline(w, 'Labels', meta['labels'] as Record<string, string> | undefined, '  ');
    printLabelsMultiline(w, 'Annotations', meta['annotations'] as Record<string, string> | undefined, '  ');
    const storage = obj(obj(spec['resources'])['requests'])['storage'];
    w.write(LEVEL_1, `Capacity:\t${storage === undefined ? '<default>' : quantityString(String(storage))}\n`);
    w.write(LEVEL_1, `Access Modes:\t[${(Array.isArray(spec['accessModes']) ? spec['accessModes'] : []).map(String).join(' ')}]\n`);
  });
}

/** `describe statefulset`. */
export function describeStatefulSet(sts: KubeObject, pods: readonly KubeObject[], events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const { meta, spec, status } = partsOf(sts);
  return tabbedString((w) => {
    printNameAndNamespace(w, meta);
    w.write(LEVEL_0, `CreationTimestamp:\t${formatRfc1123z(meta.creationTimestamp, options)}\n`);
    w.write(LEVEL_0, `Selector:\t${selectorString(fromObjectSelector(spec['selector']))}\n`);
    printLabelsAndAnnotations(w, meta);
    w.write(LEVEL_0, `Replicas:\t${num(spec['replicas'])} desired | ${num(status['replicas'])} total\n`);
    const strategy = obj(spec['updateStrategy']);
    w.write(LEVEL_0, `Update Strategy:\t${str(strategy['type'])}\n`);
    const rolling = strategy['rollingUpdate'];
    if (rolling !== undefined && rolling !== null) {
      const ru = obj(rolling);
      if (typeof ru['partition'] === 'number') {
        w.write(LEVEL_1, `Partition:\t${ru['partition']}\n`);
        if (ru['maxUnavailable'] !== undefined && ru['maxUnavailable'] !== null) w.write(LEVEL_1, `MaxUnavailable:\t${intOrString(ru['maxUnavailable'])}\n`);
      }
    }
    w.write(LEVEL_0, `Pods Status:\t${podPhaseCountsText(controllerPodCounts(pods, meta.uid))}\n`);
    describePodTemplate(obj(spec['template']), w, options);
    describeVolumeClaimTemplates(objs(spec['volumeClaimTemplates']), w);
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}
