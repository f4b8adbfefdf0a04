/**
 * Status conditions as the workload controllers keep them: setting a condition keeps its
 * lastTransitionTime while its status stays the same, and does nothing when status and reason
 * are unchanged (`SetDeploymentCondition` and friends).
 */
import type { JsonObject } from '../../../../sdk/types/meta.js';
import { timestamp } from '../../../util/time.js';
import { conditionsOf } from '../../../util/conditions.js';

/** A new condition (lastUpdateTime only for kinds that have it). */
export function newCondition(type: string, status: string, reason: string, message: string, now: number, withUpdateTime: boolean): JsonObject {
  const c: JsonObject = { type, status };
  if (withUpdateTime) c.lastUpdateTime = timestamp(now);
  c.lastTransitionTime = timestamp(now);
  c.reason = reason;
  c.message = message;
  return c;
}

/** Sets `condition` in `status` (a no-op when status and reason are unchanged); returns true on change. */
export function setCondition(status: JsonObject, condition: JsonObject): boolean {
  const list = conditionsOf(status);
  const current = list.find((c) => c.type === condition.type);
  if (current !== undefined && current.status === condition.status && current.reason === condition.reason) return false;
  if (current !== undefined && current.status === condition.status) condition.lastTransitionTime = current.lastTransitionTime ?? condition.lastTransitionTime ?? null;
  status.conditions = [...list.filter((c) => c.type !== condition.type), condition];
  return true;
}

/** Removes a condition type; returns true when one was there. */
export function removeCondition(status: JsonObject, type: string): boolean {
  const list = conditionsOf(status);
  const kept = list.filter((c) => c.type !== type);
  if (kept.length === list.length) return false;
  if (kept.length === 0) delete status.conditions;
  else status.conditions = kept;
  return true;
}
