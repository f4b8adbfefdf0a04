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
import { goJsonCompact } from './go-json.js';
import { checkAnnotationSize, readLastApplied, withLastApplied } from './last-applied.js';
import { describeObject, splitApiVersion } from './object-ref.js';
import { createThreeWayJsonMergePatch, createThreeWayStrategicMergePatch, mergingMapsHaveConflicts, strategicChanges, type JsonMap } from './patches.js';

/** What applying an object did, in kubectl's words. */
export type ApplyAction = 'created' | 'configured' | 'unchanged' | 'serverside-applied';

/** `none` sends changes; `client` computes them without sending; `server` sends them with dryRun=All. */
export type DryRunMode = 'none' | 'client' | 'server';

/** Options of {@link applyObject}. */
export interface ApplyObjectOptions {
  /** Server-side apply instead of client-side. */
  serverSide?: boolean | undefined;
  /** Field manager (default: the client's, `platformctl-sdk`; client-side `<that>-client-side-apply`). */
  fieldManager?: string | undefined;
  /** Server-side apply: take ownership of fields other managers own (kubectl's `--force-conflicts`). */
  forceConflicts?: boolean | undefined;
  /**
   * The same as {@link forceConflicts}.
   * @deprecated Use `forceConflicts`, kubectl's flag's name (kubectl's `--force` means delete and re-create).
   */
  force?: boolean | undefined;
  dryRun?: DryRunMode | undefined;
  /** How the server treats unknown or duplicate fields (`--validate`). */
  fieldValidation?: 'Strict' | 'Warn' | 'Ignore' | undefined;
  /** Where the object came from, for error messages. */
  source: string;
  signal?: AbortSignal | undefined;
  /** Receives kubectl's warning about objects without a last-applied annotation. */
  onWarning?: ((message: string) => void) | undefined;
  /**
   * Client-side, `false` (`--overwrite=false`): refuse a patch that changes fields others changed
   * since the last apply, instead of overwriting them (default true).
   */
  overwrite?: boolean | undefined;
  /** Client-side `--force`: an object the patch cannot update (conflict, invalid) is deleted and created again. */
  recreate?: RecreateOptions | undefined;
  /** Server-side: apply to this subresource (`status`, `scale`) of the object. */
  subresource?: string | undefined;
}

/** How `--force` deletes an object before creating it again. */
export interface RecreateOptions {
  propagationPolicy?: 'Background' | 'Foreground' | 'Orphan' | undefined;
  gracePeriodSeconds?: number | undefined;
  /** How long to wait for the object to be gone (0: look once, as kubectl does). */
  timeoutMs: number;
}

/** A client-side patch that would overwrite changes others made (`--overwrite=false`). */
export class OverwriteConflictError extends InputError {
  static override readonly brand: string = 'OverwriteConflictError';
  override name = 'OverwriteConflictError';
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
export function clientSidePatch(object: KubeObject, live: KubeObject, overwrite = true): { type: 'strategic' | 'merge'; patch: JsonMap } {
  const original = readLastApplied(live);
  const modified = object as JsonMap;
  const current = live as JsonMap;
  const { group, version } = splitApiVersion(object.apiVersion ?? '');
  const schema = builtinSchema(group, version, object.kind ?? '');
  // As in kubectl, only strategic patches check for overwrites; JSON merge patches always overwrite.
  if (schema === undefined) return { type: 'merge', patch: createThreeWayJsonMergePatch(original, modified, current) };
  const patch = createThreeWayStrategicMergePatch(original, modified, current, schema);
  if (!overwrite) {
    const changed = strategicChanges(original ?? {}, current, schema);
    if (mergingMapsHaveConflicts(patch, changed, schema)) {
      throw new OverwriteConflictError(`patch:\n${goJsonCompact(patch)}\nconflicts with changes made from original to current:\n${goJsonCompact(changed)}`);
    }
  }
  return { type: 'strategic', patch };
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
      return { action: 'created', object: await client.create(withoutResourceVersion(annotated), call(options, manager)) };
    } catch (err) {
      throw withSource(err, 'creating', options.source);
    }
  }
  // kubectl computes no patch under --dry-run=client (no warning, no conflict): it says configured,
  // changed or not, and the object it holds is the one it read from the server.
  if (options.dryRun === 'client') return { action: 'configured', object: live, live };
  if (live.metadata?.annotations?.[ANNOTATIONS.lastApplied] === undefined) {
    const resource = `${client.descriptor.resource}/${object.metadata?.name ?? ''}`;
    options.onWarning?.(
      `resource ${resource} is missing the ${ANNOTATIONS.lastApplied} annotation which is required by ${BINARY_NAME} apply. ${BINARY_NAME} apply should only be used on resources created declaratively by either ${BINARY_NAME} create --save-config or ${BINARY_NAME} apply. The missing annotation will be patched automatically.`,
    );
  }
  for (let attempt = 0; ; attempt++) {
    let computed: ReturnType<typeof clientSidePatch>;
    try {
      computed = clientSidePatch(annotated, live, options.overwrite ?? true);
    } catch (err) {
      if (err instanceof OverwriteConflictError) throw new OverwriteConflictError(`error when applying patch to ${describeObject(object)} from ${JSON.stringify(options.source)}: ${err.message}`);
      throw err;
    }
    const { type, patch } = computed;
    if (Object.keys(patch).length === 0) return { action: 'unchanged', object: live, live };
    try {
      const patched = await client.patch(nameOf(object), patch, { ...call(options, manager), type });
      return { action: 'configured', object: patched, live };
    } catch (err) {
      const conflict = isStatusError(err, 'Conflict');
      if (options.recreate !== undefined && ((conflict && attempt >= MAX_PATCH_RETRIES) || isStatusError(err, 'Invalid'))) {
        return { action: 'configured', object: await recreateObject(client, annotated, live, options.recreate, options, manager), live };
      }
      if (!conflict || attempt >= MAX_PATCH_RETRIES) throw withSource(err, 'patching', options.source);
    }
    // Someone changed the object between our read and our patch: read it again and recompute.
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
    const again = await getLive(client, object, options);
    if (again === undefined) throw new InputError(`${describeObject(object)} was deleted while it was being applied`);
    live = again;
  }
}

/**
 * The body of a create: a resourceVersion that a manifest carries (an object dumped with `get -o
 * yaml`) names a version of another object, so it is dropped as kubectl's resource helper drops it,
 * after the last-applied annotation recorded the manifest as written.
 */
export function withoutResourceVersion(object: KubeObject): KubeObject {
  if (object.metadata?.resourceVersion === undefined) return object;
  const metadata = { ...object.metadata };
  delete metadata.resourceVersion;
  return { ...object, metadata };
}

/** The object as it can be created again: without the identity the server gave it. */
function forCreate(object: KubeObject): KubeObject {
  const metadata = { ...object.metadata };
  delete metadata.resourceVersion;
  delete metadata.uid;
  return { ...object, metadata };
}

/**
 * kubectl's `--force` fallback: deletes the object, waits (checking every second) until it is
 * gone, then creates the new configuration; when that fails the old object is put back and the
 * error still reported.
 */
async function recreateObject(client: ResourceClient, annotated: KubeObject, live: KubeObject, r: RecreateOptions, options: ApplyObjectOptions, manager: string): Promise<KubeObject> {
  const name = nameOf(annotated);
  const signal = options.signal === undefined ? {} : { signal: options.signal };
  await client.delete(name, { ...signal, ...(r.propagationPolicy === undefined ? {} : { propagationPolicy: r.propagationPolicy }), ...(r.gracePeriodSeconds === undefined ? {} : { gracePeriodSeconds: r.gracePeriodSeconds }) });
  const deadline = Date.now() + r.timeoutMs;
  for (;;) {
    try {
      await client.get(name, signal);
    } catch (err) {
      if (isStatusError(err, 'NotFound')) break;
      throw err;
    }
    if (Date.now() >= deadline) throw new InputError(`timed out waiting for ${describeObject(annotated)} to be deleted before it is created again`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  try {
    return await client.create(forCreate(annotated), call(options, manager));
  } catch (err) {
    try {
      await client.create(forCreate(live), call(options, manager));
    } catch (restoreErr) {
      throw new InputError(`An error occurred force-replacing the existing object with the newly provided one:\n\n${(err as Error).message}.\n\nAdditionally, an error occurred attempting to restore the original object:\n\n${(restoreErr as Error).message}`);
    }
    throw err;
  }
}

async function applyServerSide(client: ResourceClient, object: KubeObject, options: ApplyObjectOptions): Promise<ApplyObjectResult> {
  if (options.dryRun === 'client') throw new InputError("--dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)");
  const applyOptions: NonNullable<Parameters<ResourceClient['apply']>[1]> = { ...call(options, options.fieldManager ?? client.fieldManager) };
  if (options.forceConflicts === true || options.force === true) applyOptions.forceConflicts = true;
  if (options.subresource !== undefined && options.subresource !== '') applyOptions.subresource = options.subresource;
  let applied: KubeObject;
  try {
    applied = await client.apply(object, applyOptions);
  } catch (err) {
    if (isStatusError(err, 'Conflict') && err.causes.some((c) => c.reason === 'FieldManagerConflict')) throw new ApplyConflictError(err);
    throw err;
  }
  if (applyOptions.subresource === undefined) applied = await migrateFromClientSideApply(client, object, applied, applyOptions, options);
  return { action: 'serverside-applied', object: applied };
}

/** kubectl's warnings when a step of the migration from client-side apply fails (the apply itself succeeded). */
const MIGRATION_WARNINGS = {
  lastApplied: `failed to migrate ${ANNOTATIONS.lastApplied} for Server-Side Apply. This is non-fatal and will be retried next time you apply. Error: `,
  patch: 'server rejected managed fields migration to Server-Side Apply. This is non-fatal and will be retried next time you apply. Error: ',
  reapply: 'failed to re-apply configuration after performing Server-Side Apply migration. This is non-fatal and will be retried next time you apply. Error: ',
};

const MAX_MIGRATION_RETRIES = 5;

/**
 * What kubectl does after a server-side apply of an object that client-side apply managed: the
 * last-applied annotation gets a manager of its own (`<default manager>-last-applied`, so that
 * server-side apply does not drop it), the client-side managers' fields become the applying
 * manager's (csaupgrade, a JSON patch retried on conflicts), and then the configuration is
 * applied again, so that fields the manifest no longer has are removed. Failures are warnings.
 */
async function migrateFromClientSideApply(client: ResourceClient, object: KubeObject, applied: KubeObject, applyOptions: NonNullable<Parameters<ResourceClient['apply']>[1]>, options: ApplyObjectOptions): Promise<KubeObject> {
  const { annotationPath, fieldsOwners, upgradeManagedFieldsPatch } = await import('./csa-upgrade.js');
  const warn = (prefix: string, err: unknown): void => options.onWarning?.(`${prefix}${err instanceof Error ? err.message : String(err)}`);
  const manager = applyOptions.fieldManager ?? client.fieldManager;
  const lastAppliedPath = annotationPath(ANNOTATIONS.lastApplied);
  const name = nameOf(object);
  const signal = options.signal === undefined ? {} : { signal: options.signal };
  const dryRun = options.dryRun === 'server' ? { dryRun: true } : {};
  let current = applied;
  // The default manager only: another name would not keep the annotation current anyway.
  const annotation = current.metadata?.annotations?.[ANNOTATIONS.lastApplied];
  if (manager === client.fieldManager && annotation !== undefined && fieldsOwners(current.metadata?.managedFields ?? [], 'Apply', lastAppliedPath).length === 0) {
    const justAnnotation = { apiVersion: object.apiVersion, kind: object.kind, metadata: { name, ...(current.metadata?.namespace === undefined ? {} : { namespace: current.metadata.namespace }), annotations: { [ANNOTATIONS.lastApplied]: annotation } } } as KubeObject;
    try {
      current = await client.apply(justAnnotation, { fieldManager: `${client.fieldManager}-last-applied`, ...signal, ...dryRun });
    } catch (err) {
      warn(MIGRATION_WARNINGS.lastApplied, err);
      return current;
    }
  }
  const csaManagers = new Set(fieldsOwners(current.metadata?.managedFields ?? [], 'Update', lastAppliedPath).map((e) => e.manager ?? ''));
  let migrated = false;
  for (let attempt = 0; attempt < MAX_MIGRATION_RETRIES; attempt++) {
    const patch = upgradeManagedFieldsPatch(current, csaManagers, manager);
    if (patch === undefined) break;
    try {
      current = await client.patch(name, patch, { type: 'json', ...signal, ...dryRun });
      migrated = true;
      break;
    } catch (err) {
      if (!isStatusError(err, 'Conflict') || attempt === MAX_MIGRATION_RETRIES - 1) {
        warn(MIGRATION_WARNINGS.patch, err);
        return current;
      }
      current = await client.get(name, signal);
    }
  }
  if (!migrated) return current;
  try {
    return await client.apply(object, applyOptions);
  } catch (err) {
    warn(MIGRATION_WARNINGS.reapply, err);
    return current;
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
