/**
 * Resource arithmetic the scheduler and the node agent share: a pod's effective requests (the
 * larger of the sum over its containers and the largest init container, plus overhead), and a
 * container's request or limit of one resource, in milli-units.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { parseMilliQuantity } from '../admission/quota/quantity.js';
import { asArray, asObject } from '../util/json.js';

function containers(pod: JsonObject, list: 'containers' | 'initContainers'): JsonObject[] {
  return (asArray(asObject(pod.spec)?.[list]) ?? []).map((c) => asObject(c) ?? {});
}

function milliOf(v: unknown): bigint {
  return parseMilliQuantity(v)?.milli ?? 0n;
}

/** A container's request of a resource (its limit when only that is set, as defaulting does), in milli-units. */
export function containerRequest(container: JsonObject, resource: string): bigint {
  const res = asObject(container.resources) ?? {};
  const requests = asObject(res.requests) ?? {};
  const limits = asObject(res.limits) ?? {};
  return milliOf(requests[resource] ?? limits[resource]);
}

/** A container's limit of a resource in milli-units, undefined when it has none. */
export function containerLimit(container: JsonObject, resource: string): bigint | undefined {
  const v = asObject(asObject(container.resources)?.limits)?.[resource];
  return v === undefined ? undefined : milliOf(v);
}

/** The pod's effective request of a resource (what the scheduler counts), in milli-units. */
export function podRequest(pod: JsonObject, resource: string): bigint {
  let sum = 0n;
  for (const c of containers(pod, 'containers')) sum += containerRequest(c, resource);
  let initMax = 0n;
  for (const c of containers(pod, 'initContainers')) {
    const r = containerRequest(c, resource);
    if (r > initMax) initMax = r;
  }
  const overhead = milliOf(asObject(asObject(pod.spec)?.overhead)?.[resource]);
  return (sum > initMax ? sum : initMax) + overhead;
}

/** Parses a quantity into milli-units (0 when malformed). */
export function quantityMilli(v: unknown): bigint {
  return milliOf(v);
}
