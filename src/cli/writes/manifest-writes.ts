/**
 * The common run of `create -f` and `replace -f`: read the manifests, write each object with the
 * command's operation through the SDK's ordered, concurrent runner, print each result in input
 * order (`configmap/foo created`), print objects for `-o`, and list every failure at the end.
 * Each object goes to the operation with the last-applied annotation when it is to have one, and
 * then the change cause of `--record`.
 */
import type { DryRunMode } from '../../sdk/apply/apply-object.js';
import type { ReadManifestsOptions } from '../../sdk/apply/manifests.js';
import type { ResourceClient } from '../../sdk/rest/resource-client.js';
import type { KubeObject } from '../../sdk/types/meta.js';
import type { CommandContext } from '../framework/context.js';
import type { FlagReader } from '../framework/flag-reader.js';
import { recordedCause, withChangeCause, type RECORD_FLAG } from '../flags/record.js';
import { UsageError } from '../framework/usage-error.js';
import { dryRunMode, dryRunSuffix, type DRY_RUN_FLAG } from './dry-run.js';
import { failuresError, throwFailures } from './error-list.js';
import { InterruptSummary } from './interrupted.js';
import { readCommandManifests, readsStdin, type FilenameFlag } from '../manifests/manifest-flags.js';
import { SELECTOR_FLAG } from '../resource/selection.js';
import { objectOutput, type OUTPUT_FLAGS } from './object-output.js';
import { OrderedWriter } from './ordered-writer.js';
import { ProgressLine } from './progress.js';
import { allowConcurrentListeners } from './signal.js';
import { fieldValidation, type VALIDATE_FLAG } from './validate.js';

/** What the operation of one object gets besides the object. */
export interface WriteContext {
  source: string;
  dryRun: DryRunMode;
  signal: AbortSignal;
  /** The options of the write request: field manager, field validation, the signal, and a server-side dry run. */
  writeOptions: { fieldManager: string; fieldValidation: 'Strict' | 'Warn' | 'Ignore'; signal: AbortSignal; dryRun?: true };
}

/** The command-specific part of a manifest write. */
export interface ManifestWriteOptions {
  /** `creating`, `replacing`: for the progress line. */
  verb: string;
  /** `created`, `replaced`: for the summary of an interrupted run. */
  past: string;
  requireName: ReadManifestsOptions['requireName'];
  /** Whether the object is written with the last-applied annotation (`--save-config`, for one). */
  savesConfig: (object: KubeObject) => boolean;
  operation: (client: ResourceClient, object: KubeObject, context: WriteContext) => Promise<{ action: string; object: KubeObject; notes?: string[] }>;
}

/** The flags {@link runManifestWrites} reads. */
type ManifestWriteFlags =
  | typeof DRY_RUN_FLAG | (typeof OUTPUT_FLAGS)[number] | typeof VALIDATE_FLAG | FilenameFlag
  | typeof RECORD_FLAG | { name: 'field-manager'; type: 'string' };

/** Runs a manifest-driven write command. */
export async function runManifestWrites(ctx: CommandContext, flags: FlagReader<ManifestWriteFlags>, options: ManifestWriteOptions): Promise<void> {
  const dryRun = dryRunMode(flags);
  const output = await objectOutput(ctx, flags);
  const validation = fieldValidation(flags);
  const writeOptions: WriteContext['writeOptions'] = { fieldManager: flags.string('field-manager') ?? '', fieldValidation: validation, signal: ctx.io.signal };
  if (dryRun === 'server') writeOptions.dryRun = true;
  const cause = recordedCause(ctx, flags);
  const readErrors: unknown[] = [];
  const progress = new ProgressLine(ctx.io);
  let manifests = await readCommandManifests(ctx, flags, { requireName: options.requireName, errors: readErrors, progress, schemaValidation: validation });
  // `replace` has no `-l`: it reads as empty.
  const selector = flags.optional(SELECTOR_FLAG) ?? '';
  if (selector !== '') manifests = (await import('../../sdk/apply/label-selector.js')).selectManifests(manifests, selector);
  if (manifests.length === 0) throw (await failuresError(readErrors, ctx.commandPath)) ?? new UsageError(`no objects passed to ${ctx.commandPath[0] ?? 'create'}`, false);

  const [client, { namespace }, { applyManifests }, { describeObject }, { withLastApplied }] = await Promise.all([
    ctx.client({ stdinInUse: readsStdin(flags) }),
    ctx.namespace(),
    import('../../sdk/apply/apply-manifests.js'),
    import('../../sdk/apply/object-ref.js'),
    import('../../sdk/apply/last-applied.js'),
  ]);
  allowConcurrentListeners(ctx.io.signal, 8);
  const suffix = dryRunSuffix(dryRun);
  progress.start(options.verb, manifests.length);
  const writer = new OrderedWriter(ctx.io.stdout, manifests.length, (write) => progress.around('stdout', write));
  const summary = new InterruptSummary(manifests.length, `${options.past}${suffix}`, progress, () => writer.flushKnown());
  const results = await applyManifests(client, manifests, {
    namespace,
    enforceNamespace: ctx.globals.namespace !== undefined,
    dryRun,
    signal: ctx.io.signal,
    operation: (rc, object, { source }) => {
      // kubectl records the command after it computed the last-applied annotation.
      const body = withChangeCause(options.savesConfig(object) ? withLastApplied(object) : object, cause);
      return options.operation(rc, body, { source, dryRun, signal: ctx.io.signal, writeOptions });
    },
    onResult: (r) => {
      progress.tick();
      if (r.action !== undefined && r.error === undefined) summary.count();
      const ok = r.action !== undefined && !output.printsObjects;
      const notes = (r.notes ?? []).map((n) => `${n}\n`).join('');
      // kubectl's name printer says <unknown> for an object without a name (a SubjectAccessReview).
      const described = describeObject(r.object ?? r.manifest.object).replace(/\/$/, '/<unknown>');
      writer.set(r.index, notes + (ok ? output.resultLine(described, `${r.action ?? ''}${suffix}`) : ''));
    },
  });
  progress.clear();
  const interrupted = summary.error(ctx.io.signal);
  if (interrupted !== undefined) throw interrupted;
  await output.printObjects(results.flatMap((r) => (r.error === undefined && r.object !== undefined ? [r.object] : [])));
  await throwFailures(results.flatMap((r) => (r.error === undefined ? [] : [r.error])), ctx.commandPath, readErrors);
}
