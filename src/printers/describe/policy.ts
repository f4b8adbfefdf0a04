/**
 * `describe poddisruptionbudget` and `describe priorityclass`.
 */
import type { KubeObject } from '../../sdk/types/meta.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { bool, intOrString, num, partsOf, str } from './json-access.js';
import { LEVEL_0, LEVEL_2, tabbedString } from './writer.js';
import { formatObjectSelector, formatLabels } from '../../machinery/labels/selector.js';
import { printNameAndNamespace } from './object-header.js';

const present = (v: unknown): boolean => v !== undefined && v !== null;

/** `describe poddisruptionbudget`: the budget, its selector and the disruption status. */
export function describePodDisruptionBudget(pdb: KubeObject, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const { meta, spec, status } = partsOf(pdb);
  return tabbedString((w) => {
    printNameAndNamespace(w, meta);
    if (present(spec['minAvailable'])) w.write(LEVEL_0, `Min available:\t${intOrString(spec['minAvailable'])}\n`);
    else if (present(spec['maxUnavailable'])) w.write(LEVEL_0, `Max unavailable:\t${intOrString(spec['maxUnavailable'])}\n`);
    if (present(spec['selector'])) w.write(LEVEL_0, `Selector:\t${formatObjectSelector(spec['selector'])}\n`);
    else w.write(LEVEL_0, 'Selector:\t<unset>\n');
    w.write(LEVEL_0, 'Status:\n');
    w.write(LEVEL_2, `Allowed disruptions:\t${num(status['disruptionsAllowed'])}\n`);
    w.write(LEVEL_2, `Current:\t${num(status['currentHealthy'])}\n`);
    w.write(LEVEL_2, `Desired:\t${num(status['desiredHealthy'])}\n`);
    w.write(LEVEL_2, `Total:\t${num(status['expectedPods'])}\n`);
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}

/** `describe priorityclass`. */
export function describePriorityClass(pc: KubeObject, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const meta = pc.metadata ?? {};
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
    w.write(LEVEL_0, `Value:\t${num(pc['value'])}\n`);
    w.write(LEVEL_0, `GlobalDefault:\t${bool(pc['globalDefault'])}\n`);
    w.write(LEVEL_0, `PreemptionPolicy:\t${str(pc['preemptionPolicy'])}\n`);
    w.write(LEVEL_0, `Description:\t${str(pc['description'])}\n`);
    w.write(LEVEL_0, `Annotations:\t${formatLabels(meta.annotations)}\n`);
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}
