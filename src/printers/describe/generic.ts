import type { KubeObject } from '../../sdk/types/meta.js';
import { goSprint } from '../../machinery/json/go-sprint.js';
import { compareUtf8 } from '../../machinery/json/go-json.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { smartLabelFor } from './smart-label.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, tabbedString } from './writer.js';
import { printLabelsAndAnnotations } from './object-header.js';
import { isJsonObject } from '../../machinery/json/values.js';

const SKIPPED = ['.metadata.managedFields', '.metadata.name', '.metadata.namespace', '.metadata.labels', '.metadata.annotations'];

/** kubectl's `printUnstructuredContent`: every field, sorted, nested maps and lists indented. */
export function printUnstructuredContent(
  w: DescribeWriter,
  level: number,
  content: Readonly<Record<string, unknown>>,
  skipPrefix: string,
  skip: readonly string[],
): void {
  for (const field of Object.keys(content).sort(compareUtf8)) {
    const value = content[field];
    if (value === undefined) continue;
    const skipExpr = `${skipPrefix}.${field}`;
    if (skip.includes(skipExpr)) continue;
    if (isJsonObject(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      printUnstructuredContent(w, level + 1, value, skipExpr, skip);
    } else if (Array.isArray(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      for (const child of value) {
        if (isJsonObject(child)) printUnstructuredContent(w, level + 1, child, skipExpr, skip);
        else w.write(level + 1, `${goSprint(child)}\n`);
      }
    } else {
      w.write(level, `${smartLabelFor(field)}:\t${goSprint(value)}\n`);
    }
  }
}

/**
 * The generic describer kubectl uses for every kind it has no special describer for: Name,
 * Namespace, Labels and Annotations aligned, then every other field of the object (its API
 * version and kind, the rest of the metadata such as owner references, spec, status with its
 * conditions) as indented `Field Name:  value` lines, then the Events.
 *
 * @param object - the object as the server returned it
 * @param events - the events about it (`involvedObject` / `regarding` is the object), or undefined to leave the section out
 */
export function describeGeneric(object: KubeObject, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${object.metadata?.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${object.metadata?.namespace ?? ''}\n`);
    printLabelsAndAnnotations(w, object.metadata ?? {});
    printUnstructuredContent(w, LEVEL_0, object as Record<string, unknown>, '', SKIPPED);
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}
