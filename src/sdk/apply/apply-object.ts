/**
 * Applying one object, client-side (kubectl's default: last-applied annotation and a three-way
 * patch) or server-side (an apply patch owned by a field manager).
 */
import { InputError, isStatusError } from '../errors.js';
import { ANNOTATIONS, BINARY_NAME } from '../naming.js';
import type { PatchType } from '../rest/options.js';
import type { ResourceClient } from '../rest/resource-client.js';
import type { KubeObject } from '../types/meta.js';
import { builtinSchema } from '../types/schema/builtin/index.js';
import { ApplyConflictError, withSource } from './apply-errors.js';
import { createThreeWayJsonMergePatch } from './json-merge-three-way.js';
import { checkAnnotationSize, readLastApplied, withLastApplied } from './last-applied.js';
import { describeObject, splitApiVersion } from './object-ref.js';
import type { JsonMap } from './patch-meta.js';
import { createThreeWayStrategicMergePatch } from './strategic-three-way.js';

/** What applying an object did, in kubectl's words. */
export type ApplyAction = 'created' | 'configured' | 'unchanged' | 'serverside-applied';

/** `none` sends changes; `client` computes them without sending; `server` sends them with dryRun=All. */
export type DryRunMode = 'none' | 'client' | 'server';

/** Options of {@link applyObject}. */
export interface ApplyObjectOptions {
  /** Server-side apply instead of client-side. */
  serverSide?: boolean | undefined;
  /** Field manager (default: the client's, the program's name; client-side `<that>-client-side-apply`). */
  fieldManager?: string | undefined;
  /** Server-side apply: take ownership of conflicting fields. */
  force?: boolean | undefined;
  dryRun?: DryRunMode | undefined;
  /** How the server treats unknown or duplicate fields (`--validate`). */
  fieldValidation?: 'Strict' | 'Warn' | 'Ignore' | undefined;
  /** Where the object came from, for error messages. */
  source: string;
  signal?: AbortSignal | undefined;
  /** Receives kubectl's warning about objects without a last-applied annotation. */
  onWarning?: ((message: string) => void) | undefined;
}

/** The result of applying one object. */
export interface ApplyObjectResult {
  action: ApplyAction;
  /** The object as the server returned it (or, for client dry runs, as it would be sent). */
  object: KubeObject;
  /** The live object before the apply, when it was read (client-side apply). */
  live?: KubeObject | undefined;
}

/** The patch type client-side apply uses for a kind: strategic for kinds with a schema, else JSON merge. */
export function clientSidePatchType(object: KubeObject): Extract<PatchType, 'strategic' | 'merge'> {
  const { group, version } = splitApiVersion(object.apiVersion ?? '');
  return builtinSchema(group, version, object.kind ?? '') === undefined ? 'merge' : 'strategic';
}

/**
 * The patch that makes `live` match `object` (which carries its last-applied annotation), with
 * deletions taken from the last-applied configuration on `live`; `{}` when nothing changes.
 */
export function clientSidePatch(object: KubeObject, live: KubeObject): { type: 'strategic' | 'merge'; patch: JsonMap } {
  const original = readLastApplied(live);
  const modified = object as JsonMap;
  const current = live as JsonMap;
  const { group, version } = splitApiVersion(object.apiVersion ?? '');
  const schema = builtinSchema(group, version, object.kind ?? '');
  if (schema === undefined) return { type: 'merge', patch: createThreeWayJsonMergePatch(original, modified, current) };
  return { type: 'strategic', patch: createThreeWayStrategicMergePatch(original, modified, current, schema) };
}

const MAX_PATCH_RETRIES = 5;

type CallOptions = { signal?: AbortSignal; dryRun?: boolean; fieldManager: string; fieldValidation?: 'Strict' | 'Warn' | 'Ignore' };

function call(options: ApplyObjectOptions, manager: string): CallOptions {
  const out: CallOptions = { fieldManager: manager };
  if (options.signal !== undefined) out.signal = options.signal;
  if (options.dryRun === 'server') out.dryRun = true;
  if (options.fieldValidation !== undefined) out.fieldValidation = options.fieldValidation;
  return out;
}

function nameOf(object: KubeObject): string {
  const name = object.metadata?.name;
  if (name === undefined || name === '') throw new InputError(`${describeObject(object)}: resource name may not be empty`);
  return name;
}

async function getLive(client: ResourceClient, object: KubeObject, options: ApplyObjectOptions): Promise<KubeObject | undefined> {
  try {
    return await client.get(nameOf(object), options.signal === undefined ? {} : { signal: options.signal });
  } catch (err) {
    if (isStatusError(err, 'NotFound')) return undefined;
    throw withSource(err, `retrieving current configuration of ${describeObject(object)} from server for`, options.source);
  }
}

async function applyClientSide(client: ResourceClient, object: KubeObject, options: ApplyObjectOptions): Promise<ApplyObjectResult> {
  const manager = options.fieldManager ?? `${client.fieldManager}-client-side-apply`;
  const annotated = withLastApplied(object);
  checkAnnotationSize(annotated, describeObject(object));
  let live = await getLive(client, object, options);
  if (live === undefined) {
    if (options.dryRun === 'client') return { action: 'created', object: annotated };
    try {
      return { action: 'created', object: await client.create(annotated, call(options, manager)) };
    } catch (err) {
      throw withSource(err, 'creating', options.source);
    }
  }
  if (live.metadata?.annotations?.[ANNOTATIONS.lastApplied] === undefined) {
    const resource = `${client.descriptor.resource}/${object.metadata?.name ?? ''}`;
    options.onWarning?.(
      `resource ${resource} is missing the ${ANNOTATIONS.lastApplied} annotation which is required by ${BINARY_NAME} apply. ${BINARY_NAME} apply should only be used on resources created declaratively by either ${BINARY_NAME} create --save-config or ${BINARY_NAME} apply. The missing annotation will be patched automatically.`,
    );
  }
  for (let attempt = 0; ; attempt++) {
    const { type, patch } = clientSidePatch(annotated, live);
    if (Object.keys(patch).length === 0) return { action: 'unchanged', object: live, live };
    if (options.dryRun === 'client') return { action: 'configured', object: annotated, live };
    try {
      const patched = await client.patch(nameOf(object), patch, { ...call(options, manager), type });
      return { action: 'configured', object: patched, live };
    } catch (err) {
      if (!isStatusError(err, 'Conflict') || attempt >= MAX_PATCH_RETRIES) throw withSource(err, 'patching', options.source);
    }
    // Someone changed the object between our read and our patch: read it again and recompute.
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
    const again = await getLive(client, object, options);
    if (again === undefined) throw new InputError(`${describeObject(object)} was deleted while it was being applied`);
    live = again;
  }
}

async function applyServerSide(client: ResourceClient, object: KubeObject, options: ApplyObjectOptions): Promise<ApplyObjectResult> {
  if (options.dryRun === 'client') throw new InputError("--dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)");
  const applyOptions: Parameters<ResourceClient['apply']>[1] = { ...call(options, options.fieldManager ?? client.fieldManager) };
  if (options.force === true) applyOptions.force = true;
  try {
    return { action: 'serverside-applied', object: await client.apply(object, applyOptions) };
  } catch (err) {
    if (isStatusError(err, 'Conflict') && err.causes.some((c) => c.reason === 'FieldManagerConflict')) throw new ApplyConflictError(err);
    throw err;
  }
}

/**
 * Applies one object through `client` (the resource client of its type, bound to its namespace).
 *
 * Client-side: reads the live object; creates it with the last-applied annotation when it does
 * not exist; otherwise sends the three-way patch (strategic merge for built-in kinds, JSON merge
 * for others) and reports `unchanged` when there is nothing to send; retries on conflicts.
 * Server-side: sends an apply patch as `fieldManager`.
 *
 * @throws {@link ApplyConflictError} on server-side apply conflicts;
 *   {@link AnnotationTooLargeError} when the last-applied annotation would be too large;
 *   {@link StatusError} (prefixed with the source as kubectl does) for other server errors.
 */
export function applyObject(client: ResourceClient, object: KubeObject, options: ApplyObjectOptions): Promise<ApplyObjectResult> {
  return options.serverSide === true ? applyServerSide(client, object, options) : applyClientSide(client, object, options);
}
