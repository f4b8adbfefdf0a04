/** A LabelSelector (or a Service's selector map) as a label-selector query string. */
import { asJsonObject } from '../../machinery/json/values.js';
import { fromLabelMap, fromObjectSelector, selectorString } from '../../machinery/labels/selector.js';

/**
 * `matchLabels` and `matchExpressions` as kubectl sends them (`LabelSelectorAsSelector(...).String()`:
 * `k=v,k in (a,b),!k`, requirements sorted by key); with `plainMap`, a map of labels
 * (`SelectorFromSet`) as `k=v,...`. Undefined when `selector` is not an object.
 */
export function selectorQuery(selector: unknown, plainMap = false): string | undefined {
  if (asJsonObject(selector) === undefined) return undefined;
  return selectorString(plainMap ? fromLabelMap(selector) : fromObjectSelector(selector));
}
