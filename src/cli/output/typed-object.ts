/**
 * An object as kubectl prints one it holds in its Go type (commands whose builder has the scheme:
 * set, rollout): unknown fields dropped, Go's zero values written (`creationTimestamp: null`), and
 * `-o json` in struct order.
 */
import { inGoFieldOrder } from '../../machinery/json/go-json.js';
import type { KubeObject } from '../../sdk/types/meta.js';
import { inStructOrder } from '../resource-builders/schema-order.js';
import { asTyped } from '../commands/set/shared/typed.js';

/** `object` after a round trip through its Go type, marked for printing in struct order. */
export function typedForPrinting(object: KubeObject): KubeObject {
  return inGoFieldOrder(inStructOrder(asTyped(object)));
}
