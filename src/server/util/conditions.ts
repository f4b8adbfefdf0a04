/**
 * The status conditions of an object, read the one way every controller and admission step of
 * the server reads them: the `conditions` list of a status, objects only.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { asArray, asObject } from './json.js';

/** The conditions of a status (a fresh array of its objects; none when it is not an object). */
export function conditionsOf(status: unknown): JsonObject[] {
  return (asArray(asObject(status)?.conditions) ?? []).map((c) => asObject(c)).filter((c): c is JsonObject => c !== undefined);
}

/** The first condition of a type. */
export function findCondition(status: unknown, type: string): JsonObject | undefined {
  return conditionsOf(status).find((c) => c.type === type);
}
