/**
 * Compatibility with client-side apply (the apiserver's lastAppliedManager / lastAppliedUpdater):
 * when the CLI's own field manager applies server-side to an object that client-side apply
 * manages, fields whose live value still matches the last-applied annotation do not conflict, and
 * the annotation is kept in step with what was applied.
 */
import { ANNOTATIONS, FIELD_MANAGER } from '../../sdk/naming.js';
import type { JsonObject, JsonValue, KubeObject } from '../../sdk/types/meta.js';
import { isJsonObject, nonEmptyString } from '../../machinery/json/values.js';
import type { Context } from './core.js';
import { compareVersions } from './core.js';
import type { FieldSet } from './field-set.js';
import { goJson } from './go-json.js';
import { toFieldSet } from './typed/to-field-set.js';
import { readJson } from '../../machinery/json-numbers.js';

/**
 * The managers whose applies take over from client-side apply: the CLI's own, and `kubectl`, which
 * the API server names literally, so that stock kubectl's `apply --server-side` after `apply`
 * upgrades here as it does on a real server.
 */
const UPGRADING_MANAGERS: ReadonlySet<string> = new Set([FIELD_MANAGER, 'kubectl']);

/** True for a manager whose applies take over from client-side apply. */
export function upgradesClientSideApply(manager: string): boolean {
  return UPGRADING_MANAGERS.has(manager);
}

function lastAppliedOf(obj: JsonValue | undefined): string | undefined {
  if (!isJsonObject(obj)) return undefined;
  const metadata = obj.metadata;
  if (!isJsonObject(metadata)) return undefined;
  const annotations = metadata.annotations;
  if (!isJsonObject(annotations)) return undefined;
  return nonEmptyString(annotations[ANNOTATIONS.lastApplied]);
}

/** The fields of the last-applied configuration whose values the live object still has, or undefined. */
export function allowedConflictsFromLastApplied(live: JsonObject, apiVersion: string, ctx: Context): FieldSet | undefined {
  const text = lastAppliedOf(live);
  if (text === undefined) return undefined;
  let lastApplied: JsonValue;
  try {
    lastApplied = readJson(text);
  } catch {
    return undefined;
  }
  if (!isJsonObject(lastApplied) || lastApplied.apiVersion !== apiVersion) return undefined;
  const errors: string[] = [];
  const set = toFieldSet(lastApplied, ctx.schema, errors);
  if (errors.length > 0) return undefined;
  const cmp = compareVersions(lastApplied, live, ctx);
  return set.difference(cmp.modified).difference(cmp.added).difference(cmp.removed);
}

/** Rewrites the last-applied annotation of `result` from `applied` when `result` carries one. */
export function syncLastApplied(result: KubeObject, applied: KubeObject): KubeObject {
  if (lastAppliedOf(result as JsonObject) === undefined) return result;
  const copy = structuredClone(applied) as JsonObject;
  const metadata = isJsonObject(copy.metadata) ? copy.metadata : undefined;
  if (metadata !== undefined && isJsonObject(metadata.annotations)) delete metadata.annotations[ANNOTATIONS.lastApplied];
  const text = `${goJson(copy)}\n`;
  const out = { ...(result as JsonObject) };
  const meta = { ...(out.metadata as JsonObject) };
  meta.annotations = { ...(meta.annotations as JsonObject), [ANNOTATIONS.lastApplied]: text };
  out.metadata = meta;
  return out as KubeObject;
}
