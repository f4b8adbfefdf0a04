/**
 * What `label` and `annotate` share: the `KEY=VALUE` / `KEY-` arguments after the resources, the
 * flags, reading the objects (live, or local files with --local), changing the map, sending the
 * change as a JSON merge patch (with --resource-version as a precondition), `--list`, and kubectl's
 * messages. The two commands differ only in the map, the parsing rules and the words.
 */
import type { PlatformClient } from '../../../../sdk/client.js';
import type { ResourceMapping } from '../../../../sdk/discovery/rest-mapper.js';
import type { KubeObject } from '../../../../sdk/types/meta.js';
import type { CommandContext } from '../../../framework/context.js';
import type { FlagsOf } from '../../../framework/flag-reader.js';
import type { FlagSpec } from '../../../framework/spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { RECORD_FLAG, recordedCause, withChangeCause } from '../../../flags/record.js';
import { DRY_RUN_FLAG, dryRunMode, dryRunSuffix } from '../../../writes/dry-run.js';
import { throwFailures } from '../../../writes/error-list.js';
import { filenameFlag, hasManifestInput, kustomizeFlag, readsStdin, RECURSIVE_FLAG } from '../../../manifests/manifest-flags.js';
import { OUTPUT_FLAGS, objectOutput } from '../../../writes/object-output.js';
import { ALL_FLAG_COMMA_HELP, ALL_NAMESPACES_FLAG_CHECK_HELP, FIELD_SELECTOR_FLAG, SELECTOR_FLAG_EQUALITY_HELP } from '../../../resource/selection.js';

/** The parts that differ between `label` and `annotate`. */
export interface MetadataKind {
  /** `label`, `annotation`. */
  noun: 'label' | 'annotation';
  field: 'labels' | 'annotations';
  /** Parses the `KEY=VALUE` and `KEY-` arguments. */
  parse(pairs: readonly string[]): { set: Map<string, string>; remove: string[] };
  /** The error when a key would be overwritten without --overwrite (undefined: none). */
  overwriteError(current: Readonly<Record<string, string>>, set: ReadonlyMap<string, string>): string | undefined;
  /** The operation printed after a change (`labeled`, `unlabeled`, `not labeled`, `annotated`). */
  operation(before: string, after: string, overwrite: boolean): string;
  /** Whether removing a key that is not there prints kubectl's `label "x" not found.`. */
  reportMissing: boolean;
}

/** The flags of `label` and `annotate` (field manager default differs). */
export function metadataFlags(noun: 'label' | 'annotate', fieldManager: string) {
  const what = noun === 'label' ? 'labels' : 'annotations';
  return [
    ALL_FLAG_COMMA_HELP,
    ALL_NAMESPACES_FLAG_CHECK_HELP,
    DRY_RUN_FLAG,
    { name: 'field-manager', type: 'string', default: fieldManager, description: 'Name of the manager used to track field ownership.' },
    FIELD_SELECTOR_FLAG,
    filenameFlag(`Filename, directory, or URL to files identifying the resource to update the ${what}`),
    kustomizeFlag('the'),
    { name: 'list', type: 'bool', default: false, description: `If true, display the ${what} for a given resource.` },
    { name: 'local', type: 'bool', default: false, description: `If true, ${noun} will NOT contact api-server but run locally.` },
    ...OUTPUT_FLAGS,
    { name: 'overwrite', type: 'bool', default: false, description: `If true, allow ${what} to be overwritten, otherwise reject ${noun} updates that overwrite existing ${what}.` },
    RECORD_FLAG,
    RECURSIVE_FLAG,
    { name: 'resource-version', type: 'string', default: '', description: `If non-empty, the ${noun} update will only succeed if this is the current resource-version for the object. Only valid when specifying a single resource.` },
    SELECTOR_FLAG_EQUALITY_HELP,
  ] as const satisfies readonly FlagSpec[];
}

/** kubectl's `GetResourcesAndPairs`: resources first, then the key changes. */
export function splitResourcesAndPairs(args: readonly string[], noun: string): { resources: string[]; pairs: string[] } {
  const resources: string[] = [];
  const pairs: string[] = [];
  for (const s of args) {
    const isPair = (s.includes('=') && !s.startsWith('=')) || (s.endsWith('-') && s !== '-');
    if (isPair) pairs.push(s);
    else if (pairs.length > 0) throw new UsageError(`all resources must be specified before ${noun} changes: ${s}`, false);
    else resources.push(s);
  }
  return { resources, pairs };
}

function sortedEntries(map: Readonly<Record<string, string>> | undefined): [string, string][] {
  return Object.entries(map ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Runs `label` or `annotate`. */
export async function runMetadataCommand(ctx: CommandContext, args: string[], flags: FlagsOf<ReturnType<typeof metadataFlags>>, kind: MetadataKind): Promise<void> {
  const { resources, pairs } = splitResourcesAndPairs(args, kind.noun);
  const { set, remove } = kind.parse(pairs);
  const list = flags.bool('list');
  const local = flags.bool('local');
  const overwrite = flags.bool('overwrite');
  const resourceVersion = flags.string('resource-version') ?? '';
  const files = flags.strings('filename');
  const fromFiles = hasManifestInput(flags);
  const dryRun = dryRunMode(flags);
  if (list && (flags.string('output') ?? '') !== '') throw new UsageError('--list and --output may not be specified together', false);
  if (flags.bool('all') && (flags.string('selector') ?? '') !== '') throw new UsageError('cannot set --all and --selector at the same time', false);
  if (flags.bool('all') && (flags.string('field-selector') ?? '') !== '') throw new UsageError('cannot set --all and --field-selector at the same time', false);
  const example = kind.noun === 'label' ? 'pod.yaml' : 'rsrc.yaml';
  if (local) {
    if (dryRun === 'server') throw new UsageError('cannot specify --local and --dry-run=server - did you mean --dry-run=client?', false);
    if (resources.length > 0) throw new UsageError(`can only use local files by -f ${example} or --filename=${kind.noun === 'label' ? 'pod.json' : 'rsrc.json'} when --local=true is set`, false);
    if (!fromFiles) throw new UsageError(`one or more files must be specified as -f ${example} or --filename=${kind.noun === 'label' ? 'pod.json' : 'rsrc.json'}`, false);
  } else if (resources.length === 0 && !fromFiles) {
    throw new UsageError('one or more resources must be specified as <resource> <name> or <resource>/<name>', false);
  }
  if (set.size === 0 && remove.length === 0 && !list) throw new UsageError(`at least one ${kind.noun} update is required`, false);
  const output = await objectOutput(ctx, flags);
  const [{ describeObject }, { goJsonCompact }, { createMergePatch }] = await Promise.all([
    import('../../../../sdk/apply/object-ref.js'),
    import('../../../../sdk/apply/go-json.js'),
    import('../../../../sdk/apply/patches.js'),
  ]);

  const errors: unknown[] = [];
  let objects: { object: KubeObject; mapping?: ResourceMapping; namespace?: string | undefined }[];
  let single: boolean;
  let client: PlatformClient | undefined;
  if (local) {
    const { readCommandManifests } = await import('../../../manifests/manifest-flags.js');
    const manifests = await readCommandManifests(ctx, flags, { requireName: 'none' });
    objects = manifests.map((m) => ({ object: m.object }));
    single = files.length === 1 && manifests.length === 1;
  } else {
    client = await ctx.client({ stdinInUse: readsStdin(flags) });
    const { liveObjects } = await import('../../../manifests/live-objects.js');
    const live = await liveObjects(ctx, flags, client, resources);
    objects = live.objects;
    errors.push(...live.errors);
    single = live.singleItemImplied;
  }
  if (!single && resourceVersion !== '') throw new UsageError('--resource-version may only be used with a single resource', false);

  const suffix = dryRunSuffix(dryRun);
  const cause = recordedCause(ctx, flags);
  for (const item of objects) {
    try {
      const before: KubeObject = structuredClone(item.object);
      // With --resource-version the version must be in the patch: compare from an object without it.
      if (resourceVersion !== '' && before.metadata !== undefined) delete before.metadata.resourceVersion;
      const current = { ...before.metadata?.[kind.field] };
      if (!overwrite) {
        const problem = kind.overwriteError(current, set);
        if (problem !== undefined) throw new UsageError(problem, false);
      }
      const next = { ...current };
      for (const [k, v] of set) next[k] = v;
      for (const k of remove) delete next[k];
      let after: KubeObject = { ...before, metadata: { ...before.metadata, [kind.field]: next } };
      // kubectl records the command only in what it sends.
      if (!(dryRun === 'client' || local || list)) after = withChangeCause(after, cause);
      if (resourceVersion !== '') after.metadata = { ...after.metadata, resourceVersion };
      const operation = kind.operation(goJsonCompact(before), goJsonCompact(after), overwrite);
      let result = after;
      if (!(dryRun === 'client' || local || list) && client !== undefined && item.mapping !== undefined) {
        if (kind.reportMissing) {
          for (const k of remove) if (!Object.hasOwn(current, k)) ctx.io.stdout.write(`${kind.noun} ${JSON.stringify(k)} not found.\n`);
        }
        const rc = client.resource(item.mapping, item.namespace);
        const patchOptions: Parameters<typeof rc.patch>[2] = { type: 'merge', fieldManager: flags.string('field-manager') ?? '', signal: ctx.io.signal };
        if (dryRun === 'server') patchOptions.dryRun = true;
        result = await rc.patch(after.metadata?.name ?? '', createMergePatch(before as Record<string, unknown>, after as Record<string, unknown>), patchOptions);
      }
      if (list) {
        const indent = single ? '' : ' ';
        if (!single) {
          const apiVersion = after.apiVersion ?? '';
          const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.lastIndexOf('/')) : '';
          ctx.io.stdout.write(`Listing ${kind.field} for ${after.kind ?? ''}.${group}/${after.metadata?.name ?? ''}:\n`);
        }
        for (const [k, v] of sortedEntries(result.metadata?.[kind.field])) ctx.io.stdout.write(`${indent}${k}=${v}\n`);
        continue;
      }
      if (output.printsObjects) output.printOne(result);
      else ctx.io.stdout.write(output.resultLine(describeObject(after), `${operation}${suffix}`));
    } catch (err) {
      errors.push(err);
    }
  }
  await throwFailures(errors, ctx.commandPath);
}
