/**
 * `platformctl patch`: reads each object (named by arguments or `-f`), sends the patch as the given
 * type, and reports `patched` or `patched (no change)` (the object came back as it was read). With
 * `--local` the patch is applied to the manifests in memory by machinery's engines, as kubectl
 * applies it (a strategic merge patch only to a built-in kind).
 */
import { ANNOTATIONS } from '../../../sdk/naming.js';
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { recordedCause } from '../../flags/record.js';
import { dryRunMode, dryRunSuffix } from '../../writes/dry-run.js';
import { throwFailures } from '../../writes/error-list.js';
import { hasManifestInput, readsStdin } from '../../manifests/manifest-flags.js';
import { objectOutput } from '../../writes/object-output.js';
import { parseApiVersion } from '../../../machinery/group-version.js';

const PATCH_TYPES = ['json', 'merge', 'strategic'] as const;
type CliPatchType = (typeof PATCH_TYPES)[number];

/** The patch text from `-p` or `--patch-file`, parsed as YAML or JSON (kubectl's `yaml.ToJSON`). */
async function readPatch(ctx: CommandContext, flags: Flags): Promise<unknown> {
  const inline = flags.string('patch') ?? '';
  const file = flags.string('patch-file') ?? '';
  if (inline === '' && file === '') throw new UsageError('must specify --patch or --patch-file containing the contents of the patch', false);
  if (inline !== '' && file !== '') throw new UsageError('cannot specify --patch and --patch-file together', false);
  let text = inline;
  if (file !== '') {
    const [{ INPUT_FILE_LIMIT, readTextFileLimited }, { resolve }] = await Promise.all([import('../../../sdk/bounded-read.js'), import('node:path')]);
    try {
      text = await readTextFileLimited(resolve(ctx.io.cwd, file), INPUT_FILE_LIMIT);
    } catch (err) {
      const op = (err as NodeJS.ErrnoException).code === undefined ? 'read' : 'open';
      throw new UsageError(`unable to read patch file: ${op} ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : (err as Error).message}`, false);
    }
  }
  const { loadYaml, YamlSyntaxError } = await import('../../../machinery/yaml/read.js');
  try {
    const value: unknown = await loadYaml(text, { schema: 'json' });
    if (value === undefined || value === null) throw new Error('the patch is empty');
    return value;
  } catch (err) {
    const reason = err instanceof YamlSyntaxError ? err.reason : (err as Error).message;
    throw new UsageError(`unable to parse ${JSON.stringify(text)}: ${reason}`, false);
  }
}

/** Applies a JSON merge, JSON or strategic merge patch to an object in memory (`--local`). */
async function patchLocally(object: KubeObject, patch: unknown, type: CliPatchType): Promise<KubeObject> {
  if (type === 'merge') {
    const { applyMergePatch } = await import('../../../sdk/apply/patches.js');
    return applyMergePatch(object, patch) as KubeObject;
  }
  if (type === 'json') {
    if (!Array.isArray(patch)) throw new UsageError('a JSON patch must be a list of operations', false);
    // Our own RFC 6902: `__proto__` and `constructor` paths are ordinary keys, as in kubectl.
    const { applyJsonPatch } = await import('../../../sdk/apply/patches.js');
    return applyJsonPatch(object, patch) as KubeObject;
  }
  // kubectl merges strategically into a typed object: a kind without a built-in type has none.
  const { group, version } = parseApiVersion(object.apiVersion ?? '');
  const [{ builtinSchema }, { applyStrategicMergePatch }] = await Promise.all([
    import('../../../sdk/types/schema/index.js'),
    import('../../../sdk/apply/patches.js'),
  ]);
  const schema = builtinSchema(group, version, object.kind ?? '');
  if (schema === undefined) {
    throw new UsageError(`strategic merge patch is not supported for ${group}/${version}, Kind=${object.kind ?? ''} locally, try --type merge`, false);
  }
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) throw new UsageError('a strategic merge patch must be an object', false);
  return applyStrategicMergePatch(object as Record<string, unknown>, patch as Record<string, unknown>, schema) as KubeObject;
}

/** Runs `patch`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const type = flags.string('type') ?? 'strategic';
  if (!(PATCH_TYPES as readonly string[]).includes(type)) throw new UsageError(`--type must be one of [json merge strategic], not "${type}"`, false);
  const patchType = type as CliPatchType;
  const local = flags.bool('local');
  const dryRun = dryRunMode(flags);
  const subresource = flags.string('subresource') ?? '';
  if (local && args.length > 0) throw new UsageError('cannot specify --local and server resources', false);
  if (local && dryRun === 'server') throw new UsageError('cannot specify --local and --dry-run=server - did you mean --dry-run=client?', false);
  if (local && !hasManifestInput(flags)) throw new UsageError('--local requires a file given with -f', false);
  const patch = await readPatch(ctx, flags);
  const output = await objectOutput(ctx, flags);
  const { describeObject } = await import('../../../sdk/apply/object-ref.js');
  const errors: unknown[] = [];
  const report = (object: KubeObject, operation: string): void => {
    if (output.printsObjects) output.printOne(object);
    else ctx.io.stdout.write(output.resultLine(describeObject(object), operation));
  };

  if (local) {
    const { readCommandManifests } = await import('../../manifests/manifest-flags.js');
    for (const manifest of await readCommandManifests(ctx, flags, { requireName: 'none' })) {
      try {
        report(await patchLocally(manifest.object, patch, patchType), 'patched');
      } catch (err) {
        errors.push(err);
      }
    }
  } else {
    const client = await ctx.client({ stdinInUse: readsStdin(flags) });
    const { liveObjects } = await import('../../manifests/live-objects.js');
    const live = await liveObjects(ctx, flags, client, args);
    if (live.objects.length === 0 && live.errors.length === 0) throw new UsageError('no objects passed to patch', false);
    errors.push(...live.errors);
    const { goJsonCompact } = await import('../../../sdk/apply/go-json.js');
    const suffix = dryRunSuffix(dryRun);
    const cause = recordedCause(ctx, flags);
    for (const item of live.objects) {
      try {
        const rc = client.resource(item.mapping, item.namespace);
        const options: Parameters<typeof rc.patch>[2] = { type: patchType, fieldManager: flags.string('field-manager') ?? '', signal: ctx.io.signal };
        if (dryRun === 'server') options.dryRun = true;
        if (subresource !== '') options.subresource = subresource;
        let before = item.object;
        if (subresource !== '') before = await rc.get(item.name, { signal: ctx.io.signal, subresource });
        let patched = dryRun === 'client' ? before : await rc.patch(item.name, patch, options);
        // The server returns the object unchanged (same resourceVersion) when the patch changes nothing.
        const changed = dryRun === 'client' || goJsonCompact(stripType(patched)) !== goJsonCompact(stripType(before));
        // --record: kubectl sends the change cause as a merge patch of its own, when it changes anything.
        if (dryRun !== 'client' && cause !== undefined && patched.metadata?.annotations?.[ANNOTATIONS.changeCause] !== cause) {
          patched = await rc.patch(item.name, { metadata: { annotations: { [ANNOTATIONS.changeCause]: cause } } }, { ...options, type: 'merge' });
        }
        const described = { ...patched, apiVersion: patched.apiVersion ?? item.object.apiVersion, kind: patched.kind ?? item.object.kind } as KubeObject;
        report(described, `patched${changed ? '' : ' (no change)'}${suffix}`);
      } catch (err) {
        errors.push(err);
      }
    }
  }
  await throwFailures(errors, ctx.commandPath);
}

/** The object without apiVersion and kind (a GET and a PATCH answer may differ only there). */
function stripType(object: KubeObject): KubeObject {
  const { apiVersion: _a, kind: _k, ...rest } = object;
  return rest;
}
