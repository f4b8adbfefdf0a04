/**
 * Resource arithmetic the scheduler and the node agent share: a pod's effective requests (the
 * larger of the sum over its containers and the largest init container, plus overhead), and a
 * container's request or limit of one resource, in milli-units.
 */
import type { Container, EphemeralContainer, Pod } from '../../sdk/types/generated/core-v1.js';
import { parseMilliQuantity } from '../admission/quota/quantity.js';

function milliOf(v: unknown): bigint {
  return parseMilliQuantity(v)?.milli ?? 0n;
}

/** A container's request of a resource (its limit when only that is set, as defaulting does), in milli-units. */
export function containerRequest(container: Container | EphemeralContainer, resource: string): bigint {
  const res = container.resources;
  return milliOf(res?.requests?.[resource] ?? res?.limits?.[resource]);
}

/** A container's limit of a resource in milli-units, undefined when it has none. */
export function containerLimit(container: Container | EphemeralContainer, resource: string): bigint | undefined {
  const v = container.resources?.limits?.[resource];
  return v === undefined ? undefined : milliOf(v);
}

/** The pod's effective request of a resource (what the scheduler counts), in milli-units. */
export function podRequest(pod: Pod, resource: string): bigint {
  let sum = 0n;
  for (const c of pod.spec?.containers ?? []) sum += containerRequest(c, resource);
  let initMax = 0n;
  for (const c of pod.spec?.initContainers ?? []) {
    const r = containerRequest(c, resource);
    if (r > initMax) initMax = r;
  }
  const overhead = milliOf(pod.spec?.overhead?.[resource]);
  return (sum > initMax ? sum : initMax) + overhead;
}

/** Parses a quantity into milli-units (0 when malformed). */
export function quantityMilli(v: unknown): bigint {
  return milliOf(v);
}
