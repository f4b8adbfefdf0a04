/**
 * The lines about the object itself that open kubectl's describers: its name and namespace, and
 * its labels and annotations (the last-applied record left out). Each describer puts its own
 * lines between and after them, in kubectl's order.
 */
import type { ObjectMeta } from '../../sdk/types/meta.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './format.js';
import { LAST_APPLIED } from './skip.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0 } from './writer.js';

/** `Name:` and `Namespace:`. */
export function printNameAndNamespace(w: DescribeWriter, meta: ObjectMeta): void {
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
}

/** `Labels:` and `Annotations:`, one per line under their title. */
export function printLabelsAndAnnotations(w: DescribeWriter, meta: ObjectMeta): void {
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations, LAST_APPLIED);
}

/** `Name:`, `Namespace:`, `Labels:` and `Annotations:`, for the describers that put nothing between them. */
export function printObjectHeader(w: DescribeWriter, meta: ObjectMeta): void {
  printNameAndNamespace(w, meta);
  printLabelsAndAnnotations(w, meta);
}
