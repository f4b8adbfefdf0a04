/**
 * `describe storageclass`: whether it is the default class, provisioner and parameters, volume
 * expansion, mount options, reclaim policy, binding mode, allowed topologies and events.
 */
import type { KubeObject } from '../../sdk/types/meta.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { printBoolPtr, printListSection } from './format.js';
import { objs, str, strMap, strs } from './json-access.js';
import { DEFAULT_STORAGE_CLASS_ANNOTATIONS } from './names.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, LEVEL_1, tabbedString } from './writer.js';
import { formatLabels } from '../../machinery/labels/selector.js';

function printAllowedTopologies(w: DescribeWriter, topologies: Record<string, unknown>[]): void {
  w.write(LEVEL_0, 'AllowedTopologies:\t');
  if (topologies.length === 0) {
    w.writeLine('<none>');
    return;
  }
  w.writeLine('');
  topologies.forEach((term, i) => {
    const reqs = objs(term['matchLabelExpressions']);
    w.write(LEVEL_1, `Term ${i}:\t`);
    if (reqs.length === 0) {
      w.writeLine('<none>');
      return;
    }
    reqs.forEach((req, j) => {
      if (j !== 0) w.write(LEVEL_1, '\t');
      const values = strs(req['values']);
      w.write(LEVEL_0, `${str(req['key'])} in${values.length > 0 ? ` [${values.join(', ')}]` : ''}\n`);
    });
  });
}

/** `describe storageclass`. */
export function describeStorageClass(sc: KubeObject, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const meta = sc.metadata ?? {};
  const annotations = meta.annotations ?? {};
  const isDefault = DEFAULT_STORAGE_CLASS_ANNOTATIONS.some((key) => annotations[key] === 'true');
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
    w.write(LEVEL_0, `IsDefaultClass:\t${isDefault ? 'Yes' : 'No'}\n`);
    w.write(LEVEL_0, `Annotations:\t${formatLabels(annotations)}\n`);
    w.write(LEVEL_0, `Provisioner:\t${str(sc['provisioner'])}\n`);
    w.write(LEVEL_0, `Parameters:\t${formatLabels(strMap(sc['parameters']))}\n`);
    w.write(LEVEL_0, `AllowVolumeExpansion:\t${printBoolPtr(sc['allowVolumeExpansion'])}\n`);
    printListSection(w, 'MountOptions', strs(sc['mountOptions']), (option) => w.write(LEVEL_1, `${option}\n`));
    if (typeof sc['reclaimPolicy'] === 'string') w.write(LEVEL_0, `ReclaimPolicy:\t${sc['reclaimPolicy']}\n`);
    if (typeof sc['volumeBindingMode'] === 'string') w.write(LEVEL_0, `VolumeBindingMode:\t${sc['volumeBindingMode']}\n`);
    if (Array.isArray(sc['allowedTopologies'])) printAllowedTopologies(w, objs(sc['allowedTopologies']));
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}
