/**
 * The parameters of the API's operations, described in our own words, written as OpenAPI v2
 * (`type` beside the name) or v3 (`schema`) parameters.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { Flavor } from './definitions.js';

interface ParameterSpec {
  type: 'string' | 'boolean' | 'integer';
  description: string;
}

const QUERY: Record<string, ParameterSpec> = {
  allowWatchBookmarks: { type: 'boolean', description: 'Ask for BOOKMARK events while watching. The server sends them when it chooses; clients must not depend on their timing. Ignored unless watching.' },
  continue: { type: 'string', description: 'The continue token of the previous chunk of a list, to read the next chunk. Tokens expire; an expired one is answered with 410 Gone.' },
  dryRun: { type: 'string', description: 'When `All`, the request goes through every stage (admission and validation included) but nothing is persisted. Other values are refused.' },
  fieldManager: { type: 'string', description: 'Name of the actor making the change, recorded in managedFields: at most 128 printable characters. By default derived from the user agent.' },
  fieldManagerApply: { type: 'string', description: 'Name of the actor making the change, recorded in managedFields: at most 128 printable characters. Required for apply patches; derived from the user agent for other patch types.' },
  fieldSelector: { type: 'string', description: 'A field selector that narrows the list of returned objects to those whose fields match, such as `metadata.name=web` or `status.phase!=Running`. All objects when empty.' },
  fieldValidation: { type: 'string', description: 'What to do with fields of the body that the type does not declare, or that appear twice: Ignore drops them silently; Warn (the default) drops them and names each in a Warning header; Strict refuses the request with 400 Bad Request naming all of them.' },
  force: { type: 'boolean', description: 'Apply patches only: take over fields that other managers own instead of failing with a conflict. Must be unset for other patch types.' },
  gracePeriodSeconds: { type: 'integer', description: 'Seconds the object may take to terminate, at least 0; 0 deletes at once. The kind\'s default when unset.' },
  ignoreStoreReadErrorWithClusterBreakingPotential: { type: 'boolean', description: 'Delete an object the server can no longer read from storage, skipping finalizers and admission. Dangerous; needs the unsafe-delete-ignore-read-errors permission.' },
  labelSelector: { type: 'string', description: 'A label selector that narrows the list of returned objects to those whose labels match, such as `app=web,tier!=cache`. All objects when empty.' },
  limit: { type: 'integer', description: 'The most objects to return at once. When more remain, the list carries a continue token for the next chunk; chunks of one list are consistent with each other.' },
  orphanDependents: { type: 'boolean', description: 'Deprecated: use propagationPolicy. True orphans the dependents, false deletes them.' },
  pretty: { type: 'string', description: 'When `true`, the JSON answer is indented.' },
  propagationPolicy: { type: 'string', description: 'What happens to dependents: Orphan leaves them, Background deletes them after the object, Foreground deletes them before it. The kind\'s default (from finalizers) when unset.' },
  resourceVersion: { type: 'string', description: 'Which state to read: unset for the most recent, `0` for any (possibly cached) state, or a version the result must be at least as new as (see resourceVersionMatch). A watch starts after this version.' },
  resourceVersionMatch: { type: 'string', description: 'How a list honours resourceVersion: `Exact` reads exactly that version, `NotOlderThan` that version or newer. Needs resourceVersion.' },
  sendInitialEvents: { type: 'boolean', description: 'With a watch: first send ADDED events for the current objects, then a BOOKMARK marking their end (needs allowWatchBookmarks and resourceVersionMatch=NotOlderThan).' },
  timeoutSeconds: { type: 'integer', description: 'End the list or watch call after this many seconds, whatever it is doing.' },
  watch: { type: 'boolean', description: 'Watch for changes to the described resources instead of listing them: a stream of ADDED, MODIFIED and DELETED events. Start from the resourceVersion of a list.' },
};

/** The parameters of each kind of operation, in the order a real server lists them. */
export const OPERATION_PARAMETERS = {
  list: ['allowWatchBookmarks', 'continue', 'fieldSelector', 'labelSelector', 'limit', 'resourceVersion', 'resourceVersionMatch', 'sendInitialEvents', 'timeoutSeconds', 'watch'],
  create: ['dryRun', 'fieldManager', 'fieldValidation'],
  read: [],
  replace: ['dryRun', 'fieldManager', 'fieldValidation'],
  patch: ['dryRun', 'fieldManagerApply', 'fieldValidation', 'force'],
  delete: ['dryRun', 'gracePeriodSeconds', 'ignoreStoreReadErrorWithClusterBreakingPotential', 'orphanDependents', 'propagationPolicy'],
  deletecollection: [
    'continue', 'dryRun', 'fieldSelector', 'gracePeriodSeconds', 'ignoreStoreReadErrorWithClusterBreakingPotential', 'labelSelector', 'limit',
    'orphanDependents', 'propagationPolicy', 'resourceVersion', 'resourceVersionMatch', 'sendInitialEvents', 'timeoutSeconds',
  ],
} as const satisfies Record<string, readonly (keyof typeof QUERY)[]>;

/** A query parameter. */
export function queryParameter(key: keyof typeof QUERY, flavor: Flavor): JsonObject {
  const spec = QUERY[key];
  const name = key === 'fieldManagerApply' ? 'fieldManager' : key;
  if (spec === undefined) return { name, in: 'query' };
  if (flavor === 'v2') return { uniqueItems: true, type: spec.type, description: spec.description, name, in: 'query' };
  return { name, in: 'query', description: spec.description, schema: { type: spec.type, uniqueItems: true } };
}

/** The path parameters `name` and `namespace`. */
export function pathParameter(name: 'name' | 'namespace', kind: string, flavor: Flavor): JsonObject {
  const description = name === 'name' ? `Name of the ${kind}.` : 'The namespace of the objects; also the scope of the authorization check.';
  if (flavor === 'v2') return { uniqueItems: true, type: 'string', description, name, in: 'path', required: true };
  return { name, in: 'path', description, required: true, schema: { type: 'string', uniqueItems: true } };
}
