/**
 * `platformctl apply`: reads the manifests, applies them through the SDK's ordered, concurrent
 * apply, prints each result in input order as soon as it is known, then prunes (when asked and
 * nothing failed) and lists every failure.
 */
import type { ApplyResult } from '../../../sdk/apply/apply-manifests.js';
import type { ApplySetOptions } from '../../../sdk/apply/applyset/apply-with-set.js';
import type { PruneResult } from '../../../sdk/apply/prune.js';
import { clientVersion } from '../../build-info.js';
import { FIELD_MANAGER, FIELD_MANAGER_CLIENT_SIDE_APPLY } from '../../../sdk/naming.js';
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { usageErrorf } from '../../framework/usage-errorf.js';
import { dryRunMode, dryRunSuffix } from '../../writes/dry-run.js';
import { failuresError, throwFailures } from '../../writes/error-list.js';
import { InterruptSummary } from '../../writes/interrupted.js';
import { readCommandManifests, readsStdin } from '../../manifests/manifest-flags.js';
import { objectOutput } from '../../writes/object-output.js';
import { OrderedWriter } from '../../writes/ordered-writer.js';
import { ProgressLine } from '../../writes/progress.js';
import { fieldValidation } from '../../writes/validate.js';
import { allowConcurrentListeners } from '../../writes/signal.js';
import { recordedCause, withChangeCause } from '../../flags/record.js';

/** Checks the flag combinations kubectl rejects, before anything is read or sent. */
function checkFlags(commandPath: readonly string[], args: string[], flags: Flags, serverSide: boolean): void {
  if (args.length > 0) throw usageErrorf(commandPath, `Unexpected args: [${args.join(' ')}]`);
  if (flags.bool('force-conflicts') && !serverSide) throw new UsageError('--force-conflicts only works with --server-side', false);
  const selector = flags.string('selector') ?? '';
  const force = flags.bool('force');
  if (serverSide && force) throw new UsageError('--force cannot be used with --server-side', false);
  if (flags.string('dry-run') === 'server' && force) throw new UsageError('--dry-run=server cannot be used with --force', false);
  if (flags.bool('all') && selector !== '') throw new UsageError('cannot set --all and --selector at the same time', false);
  const applySet = flags.string('applyset') ?? '';
  if (applySet !== '' && !flags.bool('prune')) throw new UsageError('--applyset requires --prune', false);
  if (flags.bool('prune')) {
    if (force) throw new UsageError('--force cannot be used with --prune', false);
    if (applySet !== '') {
      if (flags.bool('all')) throw new UsageError('--all is incompatible with --applyset', false);
      if (selector !== '') throw new UsageError('--selector is incompatible with --applyset', false);
      if (flags.strings('prune-allowlist').length > 0) throw new UsageError('--prune-allowlist is incompatible with --applyset', false);
    } else if (!flags.bool('all') && selector === '') {
      throw new UsageError('all resources selected for prune without explicitly passing --all. To prune all resources, pass the --all flag. If you did not mean to prune all resources, specify a label selector', false);
    }
  } else if (flags.strings('prune-allowlist').length > 0) {
    throw new UsageError('--prune-allowlist must be used with --prune', false);
  }
  if ((flags.string('subresource') ?? '') !== '' && !serverSide) throw new UsageError('--subresource can only be specified for --server-side', false);
  const concurrency = flags.int('concurrency') ?? 8;
  if (concurrency < 1) throw new UsageError(`--concurrency must be at least 1, got ${concurrency}`, false);
}

/** Runs `apply`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const serverSide = flags.bool('server-side');
  // kubectl parses --cascade and --dry-run before it validates the combinations.
  const { propagationPolicy } = await import('../delete/shared/delete-flags.js');
  const cascade = propagationPolicy(flags, (message) => ctx.io.stderr.write(`warning: ${message}\n`));
  const dryRun = dryRunMode(flags);
  if (flags.bool('force-conflicts') && !serverSide) throw new UsageError('--force-conflicts only works with --server-side', false);
  if (serverSide && dryRun === 'client') throw new UsageError("--dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)", false);
  checkFlags(ctx.commandPath, args, flags, serverSide);
  // apply sends --grace-period as given (kubectl's delete rules for 0 and --now do not apply here).
  const period = flags.int('grace-period') ?? -1;
  const gracePeriodSeconds = period >= 0 ? period : undefined;
  const fieldManager = flags.changed('field-manager') ? (flags.string('field-manager') ?? '') : serverSide ? FIELD_MANAGER : FIELD_MANAGER_CLIENT_SIDE_APPLY;
  const validation = fieldValidation(flags);
  const output = await objectOutput(ctx, flags);
  const selector = flags.string('selector') ?? '';
  const prune = flags.bool('prune');
  const { parsePruneKind } = await import('../../../sdk/apply/prune.js');
  const allowlist = flags.strings('prune-allowlist').map(parsePruneKind);

  const readErrors: unknown[] = [];
  const progress = new ProgressLine(ctx.io);
  let manifests = await readCommandManifests(ctx, flags, { errors: readErrors, progress, schemaValidation: validation });
  // --record: kubectl writes the command into each object before it computes anything else.
  const cause = recordedCause(ctx, flags);
  if (cause !== undefined) manifests = manifests.map((m) => ({ ...m, object: withChangeCause(m.object, cause) }));
  if (selector !== '') manifests = (await import('../../../sdk/apply/label-selector.js')).selectManifests(manifests, selector);
  if (manifests.length === 0 && !prune) throw (await failuresError(readErrors, ctx.commandPath)) ?? new UsageError('no objects passed to apply', false);

  const [client, { namespace }, { applyManifests }, { KindMapper }] = await Promise.all([
    ctx.client({ stdinInUse: readsStdin(flags) }),
    ctx.namespace(),
    import('../../../sdk/apply/apply-manifests.js'),
    import('../../../sdk/apply/kind-mapper.js'),
  ]);
  allowConcurrentListeners(ctx.io.signal, flags.int('concurrency') ?? 8);
  const enforceNamespace = ctx.globals.namespace !== undefined;
  const suffix = dryRunSuffix(dryRun);
  progress.start('applying', manifests.length);
  const writer = new OrderedWriter(ctx.io.stdout, manifests.length, (write) => progress.around('stdout', write));
  const summary = new InterruptSummary(manifests.length, `applied${suffix}`, progress, () => writer.flushKnown());
  const kinds = new KindMapper(client.discovery);

  const applySetRef = flags.string('applyset') ?? '';
  const prunedBySet: PruneResult[] = [];
  const applySet: ApplySetOptions | undefined = applySetRef === '' ? undefined : {
    parent: applySetRef,
    // As kubectl: the parent's namespace comes from --namespace only, never from the config.
    namespace: enforceNamespace ? namespace : undefined,
    toolingVersion: clientVersion().gitVersion,
    propagationPolicy: cascade,
    gracePeriodSeconds,
    onPruned: (p) => prunedBySet.push(p),
    onWarning: (message) => progress.around('stderr', () => ctx.io.stderr.write(`${message}\n`)),
  };
  const results: ApplyResult[] = await applyManifests(client, manifests, {
    applySet,
    serverSide,
    fieldManager,
    forceConflicts: flags.bool('force-conflicts'),
    dryRun,
    fieldValidation: validation,
    namespace,
    enforceNamespace,
    concurrency: flags.int('concurrency') ?? 8,
    signal: ctx.io.signal,
    kinds,
    overwrite: flags.bool('overwrite'),
    recreate: flags.bool('force') ? { propagationPolicy: cascade, gracePeriodSeconds, timeoutMs: flags.durationMs('timeout') ?? 0 } : undefined,
    subresource: flags.string('subresource') ?? '',
    onWarning: (message) => progress.around('stderr', () => ctx.warn(message)),
    onResult: (r) => {
      progress.tick();
      if (r.action !== undefined && r.error === undefined) summary.count();
      const line = r.action === undefined || output.printsObjects ? '' : output.resultLine(r.description, `${r.action}${suffix}`);
      writer.set(r.index, line);
    },
  });
  progress.clear();
  const interrupted = summary.error(ctx.io.signal);
  if (interrupted !== undefined) throw interrupted;

  const objects: KubeObject[] = [];
  const errors: unknown[] = [];
  for (const r of results) {
    if (r.error !== undefined) errors.push(r.error);
    else if (r.object !== undefined) objects.push(r.object);
  }

  for (const p of prunedBySet) {
    if (p.error !== undefined) errors.push(p.error);
    else if (!output.printsObjects) ctx.io.stdout.write(output.resultLine(p.description, `pruned${suffix}`));
  }
  if (prune && applySet === undefined && errors.length === 0) {
    const { pruneObjects } = await import('../../../sdk/apply/prune.js');
    const pruned = await pruneObjects(client, results, {
      selector,
      allowlist: allowlist.length > 0 ? allowlist : undefined,
      namespaceSpecified: enforceNamespace,
      namespace,
      serverSide,
      fieldManager,
      dryRun,
      signal: ctx.io.signal,
      kinds,
      propagationPolicy: cascade,
      gracePeriodSeconds,
    });
    for (const p of pruned) {
      if (p.error !== undefined) errors.push(p.error);
      else if (!output.printsObjects) ctx.io.stdout.write(output.resultLine(p.description, `pruned${suffix}`));
    }
  }
  await output.printObjects(objects);
  await throwFailures(errors, ctx.commandPath, readErrors);
}
