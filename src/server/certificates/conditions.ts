/**
 * Reading and merging the conditions of a signing request.
 */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import { conditionsOf } from '../util/conditions.js';
import { asObject, asString } from '../util/json.js';

/** Condition types of the approval decision. */
export const APPROVAL_TYPES: readonly string[] = ['Approved', 'Denied'];

/** True when the request has a condition of the type with status True. */
export function hasTrueCondition(csr: JsonObject, type: string): boolean {
  return conditionsOf(csr.status).some((c) => c.type === type && c.status === 'True');
}

/** The issued certificate PEM text, or ''. */
export function certificateOf(csr: JsonObject): string {
  const c = asString(asObject(csr.status)?.certificate) ?? '';
  return c === '' ? '' : Buffer.from(c, 'base64').toString('latin1');
}

/** Sets the conditions (creating `status`). */
export function setConditions(csr: JsonObject, conditions: JsonObject[]): void {
  const status = asObject(csr.status) ?? {};
  if (conditions.length === 0) delete status.conditions;
  else status.conditions = conditions as JsonValue[];
  csr.status = status;
}

/**
 * Fills missing condition times as the API server does: `lastUpdateTime` now, and
 * `lastTransitionTime` from the old condition of the same type and status, else now.
 */
export function populateConditionTimestamps(csr: JsonObject, old: JsonObject | undefined, now: string): void {
  const before = old === undefined ? [] : conditionsOf(old.status);
  for (const c of conditionsOf(csr.status)) {
    if (c.lastUpdateTime === undefined || c.lastUpdateTime === null) c.lastUpdateTime = now;
    if (c.lastTransitionTime !== undefined && c.lastTransitionTime !== null) continue;
    const prev = before.find((p) => p.type === c.type);
    c.lastTransitionTime = prev !== undefined && prev.status === c.status && typeof prev.lastTransitionTime === 'string' ? prev.lastTransitionTime : now;
  }
}
