/**
 * `platformctl delete`: resolves the objects (from manifests, or types and names, or a selector),
 * deletes them several at a time with results printed in order (`configmap "foo" deleted`), then
 * waits on a watch until each is gone (unless --wait=false), and lists every failure.
 */
import { paintVerb } from '../../io/colors.js';
import type { DeleteTarget } from '../../../sdk/apply/delete-objects.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { dryRunMode, dryRunSuffix } from '../../writes/dry-run.js';
import { throwFailures } from '../../writes/error-list.js';
import { hasManifestInput, readsStdin } from '../../manifests/manifest-flags.js';
import { OrderedWriter } from '../../writes/ordered-writer.js';
import { InterruptSummary } from '../../writes/interrupted.js';
import { NO_RESOURCES_MESSAGE } from '../../manifests/no-resources.js';
import { ProgressLine } from '../../writes/progress.js';
import { allowConcurrentListeners } from '../../writes/signal.js';
import { FORCE_DELETE_WARNING, gracePeriod, kindString, propagationPolicy } from './shared/delete-flags.js';
import { targetsFromArguments, targetsFromManifests } from './shared/targets.js';


/** Runs `delete`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if ((flags.string('raw') ?? '') !== '') {
    const { deleteRaw } = await import('./shared/raw.js');
    await deleteRaw(ctx, flags);
    return;
  }
  const fromFiles = hasManifestInput(flags);
  const selector = flags.string('selector') ?? '';
  const fieldSelector = flags.string('field-selector') ?? '';
  const all = flags.bool('all');
  if (fromFiles && args.length > 0) throw new UsageError('when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well', false);
  if (!fromFiles && args.length === 0) throw new UsageError(NO_RESOURCES_MESSAGE, false);
  if (all && selector !== '') throw new UsageError('cannot set --all and --selector at the same time', false);
  const output = flags.string('output') ?? '';
  if (output !== '' && output !== 'name') throw new UsageError(`unexpected -o output mode: ${output}. We only support '-o name'`, false);
  const policy = propagationPolicy(flags, (m) => ctx.warn(m));
  const grace = gracePeriod(flags);
  const dryRun = dryRunMode(flags);
  const ignoreNotFound = flags.changed('ignore-not-found') ? flags.bool('ignore-not-found') : all || selector !== '' || fieldSelector !== '';
  if (grace === 0 && flags.bool('force')) ctx.warn(FORCE_DELETE_WARNING);

  const client = await ctx.client({ stdinInUse: readsStdin(flags) });
  const errors: unknown[] = [];
  const readErrors: unknown[] = [];
  const progress = new ProgressLine(ctx.io);
  let targets: DeleteTarget[];
  if (fromFiles) {
    const resolved = await targetsFromManifests(ctx, flags, client, progress);
    targets = resolved.targets;
    errors.push(...resolved.errors);
    readErrors.push(...resolved.readErrors);
  } else {
    targets = await targetsFromArguments(ctx, flags, client, args);
    if (targets.length === 0) {
      ctx.io.stdout.write('No resources found\n');
      return;
    }
  }

  if (flags.bool('interactive')) {
    const { confirmDeletion } = await import('./shared/interactive.js');
    if (!(await confirmDeletion(ctx, targets))) return;
  }
  // kubectl warns once when -n was given and it deletes something that lives in no namespace.
  if (ctx.globals.namespace !== undefined && !flags.bool('all-namespaces') && targets.some((t) => !t.mapping.namespaced)) {
    ctx.warn('deleting cluster-scoped resources, not scoped to the provided namespace');
  }
  allowConcurrentListeners(ctx.io.signal, targets.length);
  const { deleteObjects, waitForDeleted } = await import('../../../sdk/apply/delete-objects.js');
  const operation = `${grace === 0 ? 'force deleted' : 'deleted'}${dryRunSuffix(dryRun)}`;
  progress.start('deleting', targets.length);
  const writer = new OrderedWriter(ctx.io.stdout, targets.length, (write) => progress.around('stdout', write));
  const summary = new InterruptSummary(targets.length, operation, progress, () => writer.flushKnown());
  // Namespaces and CRDs go last: deleting them first would delete (or orphan) the objects after them.
  const isContainer = (t: DeleteTarget): boolean =>
    (t.mapping.group === '' && t.mapping.resource === 'namespaces') || t.mapping.resource === 'customresourcedefinitions';
  // kubectl deletes in the order it visits: one type after the other (deployments, then their
  // ReplicaSets, then pods: a pod deleted before its ReplicaSet is replaced by it). Objects of one
  // type go together, concurrently.
  const phases: number[][] = [];
  const typeOf = (t: DeleteTarget): string => `${t.mapping.group}/${t.mapping.resource}`;
  for (const containers of [false, true]) {
    for (const [i, t] of targets.entries()) {
      if (isContainer(t) !== containers) continue;
      const last = phases.at(-1);
      const previous = last?.[0] === undefined ? undefined : targets[last[0]];
      if (last !== undefined && previous !== undefined && isContainer(previous) === containers && typeOf(previous) === typeOf(t)) last.push(i);
      else phases.push([i]);
    }
  }
  const results: Awaited<ReturnType<typeof deleteObjects>> = new Array(targets.length);
  for (const phase of phases) {
    if (phase.length === 0 || ctx.io.signal.aborted) continue;
    const done = await deleteObjects(client, phase.map((i) => targets[i] as DeleteTarget), {
      propagationPolicy: policy,
      gracePeriodSeconds: grace,
      dryRun,
      ignoreNotFound,
      signal: ctx.io.signal,
      onResult: (r, index) => {
        progress.tick();
        if (r.deleted) summary.count();
        const kind = kindString(r.target.mapping.kind, r.target.mapping.group);
        const line = !r.deleted ? '' : output === 'name' ? `${kind}/${r.target.name}\n` : `${kind} "${r.target.name}" ${paintVerb(ctx.colors.stdout, operation)}\n`;
        writer.set(phase[index] as number, line);
      },
    });
    done.forEach((r, j) => {
      results[phase[j] as number] = r;
    });
  }
  progress.clear();
  const interrupted = summary.error(ctx.io.signal);
  if (interrupted !== undefined) throw interrupted;
  for (const r of results) if (r.error !== undefined) errors.push(r.error);
  if (flags.bool('wait') && dryRun === 'none') {
    const timeoutMs = flags.durationMs('timeout') ?? 0;
    errors.push(...(await waitForDeleted(client, results, { timeoutMs: timeoutMs > 0 ? timeoutMs : undefined, signal: ctx.io.signal })));
  }
  await throwFailures(errors, ctx.commandPath, readErrors);
}
