/**
 * `describe csinode`: kubectl's CSINodeDescriber: each driver with its node ID, volume limit and
 * topology keys, and the events.
 */
import type { KubeObject } from '../../sdk/types/meta.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { formatRfc1123z } from './format.js';
import { obj, objs, str, strs } from './json-access.js';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, LEVEL_4, tabbedString } from './writer.js';
import { printLabelsAndAnnotations } from './object-header.js';

/** `describe csinode`. */
export function describeCSINode(node: KubeObject, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const meta = node.metadata ?? {};
  const drivers = obj(node['spec'])['drivers'];
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
    printLabelsAndAnnotations(w, meta);
    w.write(LEVEL_0, `CreationTimestamp:\t${formatRfc1123z(meta.creationTimestamp, options)}\n`);
    w.write(LEVEL_0, 'Spec:\n');
    if (Array.isArray(drivers)) {
      w.write(LEVEL_1, 'Drivers:\n');
      for (const driver of objs(drivers)) {
        w.write(LEVEL_2, `${str(driver['name'])}:\n`);
        w.write(LEVEL_3, `Node ID:\t${str(driver['nodeID'])}\n`);
        const count = obj(driver['allocatable'])['count'];
        if (typeof count === 'number') {
          w.write(LEVEL_3, 'Allocatables:\n');
          w.write(LEVEL_4, `Count:\t${count}\n`);
        }
        if (Array.isArray(driver['topologyKeys'])) w.write(LEVEL_3, `Topology Keys:\t[${strs(driver['topologyKeys']).join(' ')}]\n`);
      }
    }
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}
