/**
 * What every `set` subcommand shares: the objects (live by `TYPE NAME`, `-l`, `--all`, `-f`, or
 * the files' contents with `--local`), the change as a function of a copy, a JSON merge patch of
 * the difference sent to the server (nothing when nothing changed, as kubectl skips `{}`), and
 * `deployment.apps/web image updated` or the objects with `-o`.
 */
import type { KubeObject } from '../../../../sdk/types/meta.js';
import type { CommandContext } from '../../../framework/context.js';
import type { FlagReader } from '../../../framework/flag-reader.js';
import type { FlagSpec } from '../../../framework/spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { recordedCauseIfDeclared, withChangeCause } from '../../../flags/record.js';
import { DRY_RUN_FLAG, dryRunMode, dryRunSuffix } from '../../../writes/dry-run.js';
import { throwFailures } from '../../../writes/error-list.js';
import { FILENAME_TO_GET_FLAG, hasManifestInput, kustomizeFlag, readsStdin, RECURSIVE_FLAG } from '../../../manifests/manifest-flags.js';
import { OUTPUT_FLAGS, objectOutput } from '../../../writes/object-output.js';
import { typedForPrinting } from '../../../output/typed-object.js';
import { ALL_FLAG_COMMA_HELP, SELECTOR_FLAG_EQUALITY_HELP } from '../../../resource/selection.js';

/** cli-runtime's `LocalResourceError`: `--local` with resource arguments. */
export const LOCAL_RESOURCE_ERROR = "you must specify resources by --filename when --local is set.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'";

/** The lines of kubectl's help of `set env` and `set image` that list the kinds with a pod template. */
export const POD_TEMPLATE_KINDS_HELP = [
  ' Possible resources include (case insensitive):',
  '',
  '        pod (po), replicationcontroller (rc), deployment (deploy), daemonset (ds), statefulset (sts), cronjob (cj), replicaset (rs)',
];

/** The flags of the `set` subcommands. */
export function setFlags<const E extends readonly FlagSpec[]>(what: string, extra: E) {
  return [
    ALL_FLAG_COMMA_HELP,
    DRY_RUN_FLAG,
    { name: 'field-manager', type: 'string', default: 'platformctl-set', description: 'Name of the manager used to track field ownership.' },
    FILENAME_TO_GET_FLAG,
    kustomizeFlag(),
    { name: 'local', type: 'bool', default: false, description: `If true, set ${what} will NOT contact api-server but run locally.` },
    ...OUTPUT_FLAGS,
    RECURSIVE_FLAG,
    SELECTOR_FLAG_EQUALITY_HELP,
    ...extra,
  ] as const satisfies readonly FlagSpec[];
}

/**
 * Changes a copy of one object; returns errors for it (the object is still patched). `ref` is
 * kubectl's `Info.ObjectName()` of the object (`deployments/web`), which some errors start with.
 */
export type SetChange = (object: KubeObject, errors: string[], ref: string) => void | Promise<void>;

/** How a subcommand differs from `set image`. */
export interface SetCommandOptions {
  /** False: the change only reports (`set env --list`); nothing is patched or printed after it. */
  write?: boolean;
  /** Print the object even when nothing changed (`set selector` does not skip an empty patch). */
  printUnchanged?: boolean;
  /** An object whose change reports an error is not patched (kubectl's `patch.Err`). */
  skipOnError?: boolean;
  /** The first object whose change reports an error ends the command (kubectl's visitor returning it). */
  stopOnError?: boolean;
  /**
   * The error line of a failed patch (default: kubectl's `failed to patch image update to pod
   * template: ...`); `'as-is'` reports the server's error itself (`Error from server (Conflict): ...`).
   */
  patchError?: ((message: string) => string) | 'as-is';
  /** Stdin was read for something else (`set env -`): an interactive exec plugin cannot have it. */
  stdinInUse?: boolean;
}

/** kubectl's `Info.ObjectName()` for an object read from a file: lower-case kind, plural by rule. */
function localRef(object: KubeObject): string {
  const kind = (object.kind ?? '').toLowerCase();
  const plural = kind.endsWith('s') ? `${kind}es` : kind.endsWith('y') ? `${kind.slice(0, -1)}ies` : `${kind}s`;
  return `${plural}/${object.metadata?.name ?? ''}`;
}

/**
 * The flags {@link runSetCommand} needs: {@link setFlags} but `-l`, which `set selector` does not
 * have (it reads as empty there, as `--record` where a subcommand lacks it).
 */
type SetFlag = Exclude<ReturnType<typeof setFlags<readonly []>>[number], { name: 'selector' }>;

/** Runs a `set` subcommand over the resources of `resources`. */
export async function runSetCommand(ctx: CommandContext, resources: string[], flags: FlagReader<SetFlag>, operation: string, change: SetChange, options: SetCommandOptions = {}): Promise<void> {
  const local = flags.bool('local');
  const dryRun = dryRunMode(flags);
  if (flags.bool('all') && (flags.optional(SELECTOR_FLAG_EQUALITY_HELP) ?? '') !== '') throw new UsageError('cannot set --all and --selector at the same time', false);
  if (local && dryRun === 'server') throw new UsageError('cannot specify --local and --dry-run=server - did you mean --dry-run=client?', false);
  if (!local && resources.length === 0 && !hasManifestInput(flags)) throw new UsageError('one or more resources must be specified as <resource> <name> or <resource>/<name>', false);
  const output = await objectOutput(ctx, flags);
  const { createMergePatch } = await import('../../../../sdk/apply/patches.js');
  const { describeObject } = await import('../../../../sdk/apply/object-ref.js');
  const errors: unknown[] = [];
  let items: { object: KubeObject; ref: string; patch?: (p: Record<string, unknown>) => Promise<KubeObject> }[];
  if (local) {
    if (!hasManifestInput(flags)) throw new UsageError('one or more files must be specified as -f rsrc.yaml or --filename=rsrc.json', false);
    const { readCommandManifests } = await import('../../../manifests/manifest-flags.js');
    items = (await readCommandManifests(ctx, flags, { requireName: 'none' })).map((m) => ({ object: m.object, ref: localRef(m.object) }));
  } else {
    const client = await ctx.client({ stdinInUse: readsStdin(flags) || options.stdinInUse === true });
    const { liveObjects } = await import('../../../manifests/live-objects.js');
    const live = await liveObjects(ctx, flags, client, resources);
    errors.push(...live.errors);
    items = live.objects.map((o) => ({
      object: o.object,
      ref: `${o.mapping.resource}/${o.name}`,
      patch: (p) => client.resource(o.mapping, o.namespace).patch(o.name, p, {
        type: 'merge', fieldManager: flags.string('field-manager') ?? '', signal: ctx.io.signal, ...(dryRun === 'server' ? { dryRun: true } : {}),
      }),
    }));
  }
  const suffix = dryRunSuffix(dryRun);
  const cause = recordedCauseIfDeclared(ctx, flags);
  for (const item of items) {
    const before = item.object;
    const after = structuredClone(before);
    const problems: string[] = [];
    await change(after, problems, item.ref);
    // --record (image, resources, selector, serviceaccount): part of the change, as in kubectl.
    if (cause !== undefined) Object.assign(after, withChangeCause(after, cause));
    for (const p of problems) errors.push(new UsageError(p, false));
    if (options.stopOnError === true && problems.length > 0) break;
    if (options.write === false || (options.skipOnError === true && problems.length > 0)) continue;
    const patch = createMergePatch(before as Record<string, unknown>, after as Record<string, unknown>);
    if (Object.keys(patch).length === 0 && options.printUnchanged !== true) continue;
    let result = after;
    if (!local && dryRun !== 'client' && item.patch !== undefined && Object.keys(patch).length > 0) {
      try {
        result = await item.patch(patch);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const { patchError } = options;
        if (patchError === 'as-is') errors.push(err);
        else errors.push(new UsageError(patchError?.(message) ?? `failed to patch ${operation.replace(/ updated$/, '')} update to pod template: ${message}`, false));
        if (options.stopOnError === true && patchError === 'as-is') break;
        continue;
      }
    }
    // kubectl's set commands hold typed objects (their builder has the scheme), the server's answer too.
    result = typedForPrinting({ ...result, apiVersion: result.apiVersion ?? before.apiVersion ?? '', kind: result.kind ?? before.kind ?? '' });
    if (output.printsObjects) output.printOne({ ...result, apiVersion: result.apiVersion ?? before.apiVersion ?? '', kind: result.kind ?? before.kind ?? '' });
    else ctx.io.stdout.write(output.resultLine(describeObject(after), `${operation}${suffix}`));
  }
  await throwFailures(errors, ctx.commandPath);
}

/** kubectl's `GetResourcesAndPairs`: resources first, then `KEY=VALUE` pairs. */
export function splitPairs(args: readonly string[], pairType: string): { resources: string[]; pairs: string[] } {
  const resources: string[] = [];
  const pairs: string[] = [];
  for (const s of args) {
    const isPair = s.includes('=');
    if (isPair) pairs.push(s);
    else if (pairs.length > 0) throw new UsageError(`all resources must be specified before ${pairType} changes: ${s}`, false);
    else resources.push(s);
  }
  return { resources, pairs };
}
