/**
 * `platformctl wait`: resolves the objects (arguments, selector or `-f`), then follows each on a
 * watch until every `--for` condition holds (or it is gone, for `delete`; or exists, for
 * `create`), all objects at once under one deadline. Prints `configmap/foo condition met` per
 * object in order and lists every object that timed out.
 */
import type { ResourceMapping } from '../../../sdk/discovery/rest-mapper.js';
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { throwFailures } from '../../writes/error-list.js';
import { hasManifestInput, readsStdin } from '../../manifests/manifest-flags.js';
import { NO_RESOURCES_MESSAGE } from '../../manifests/no-resources.js';
import { objectOutput } from '../../writes/object-output.js';
import { OrderedWriter } from '../../writes/ordered-writer.js';
import { allowConcurrentListeners } from '../../writes/signal.js';
import { parseCondition, type WaitCondition } from './conditions.js';
import { oneTermEqualSelector } from '../../../machinery/fields/selector.js';
import { apiVersionOf } from '../../../machinery/group-version.js';

/** A week: kubectl's wait for a negative timeout. */
const WEEK_MS = 7 * 24 * 3600 * 1000;

interface Target {
  mapping: ResourceMapping;
  namespace: string | undefined;
  name: string;
}

/** Runs `wait`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const forValues = flags.strings('for');
  if (forValues.length === 0) throw new UsageError('--for must be specified', false);
  const conditions: WaitCondition[] = [];
  for (const value of forValues) conditions.push(await parseCondition(value));
  const forDelete = conditions.some((c) => c.kind === 'delete');
  if (forDelete && conditions.length > 1) throw new UsageError('--for=delete cannot be combined with other conditions', false);
  const checks = conditions.flatMap((c) => (c.kind === 'check' ? [c.test] : []));
  const failOn: { text: string; holds: (object: KubeObject | undefined) => boolean }[] = [];
  for (const value of flags.strings('fail-on')) {
    const c = await parseCondition(value);
    if (c.kind === 'create') throw new UsageError('--fail-on=create is not a failure: use --for=create', false);
    failOn.push(c.kind === 'delete' ? { text: 'delete', holds: (o) => o === undefined } : { text: c.text, holds: (o) => o !== undefined && c.test(o) });
  }
  /** The --fail-on condition that holds for the object's state, if any. */
  const failureOf = (object: KubeObject | undefined): string | undefined => failOn.find((f) => f.holds(object))?.text;
  const fromFiles = hasManifestInput(flags);
  if (flags.bool('local')) {
    const { waitLocally } = await import('./local.js');
    await waitLocally(ctx, args, flags, conditions, failureOf);
    return;
  }
  if (fromFiles && args.length > 0) throw new UsageError('when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well', false);
  if (!fromFiles && args.length === 0) throw new UsageError(NO_RESOURCES_MESSAGE, false);
  const timeoutFlag = flags.durationMs('timeout') ?? 30_000;
  const timeoutMs = timeoutFlag < 0 ? WEEK_MS : timeoutFlag;
  const output = await objectOutput(ctx, flags);

  const client = await ctx.client({ stdinInUse: readsStdin(flags) });
  const errors: unknown[] = [];
  let targets: Target[];
  const { targetsFromArguments, targetsFromManifests } = await import('../delete/shared/targets.js');
  if (fromFiles) {
    const resolved = await targetsFromManifests(ctx, flags, client);
    targets = resolved.targets;
    errors.push(...resolved.readErrors, ...resolved.errors);
  } else {
    targets = await targetsFromArguments(ctx, flags, client, args);
  }
  if (targets.length === 0 && errors.length === 0 && !forDelete) throw new UsageError('no matching resources found', false);

  const [{ waitForObject, WaitTimeoutError: TimeoutClass, WaitFailedError: FailedClass }, { describeObject }, { withTypeMeta }] = await Promise.all([
    import('../../../sdk/apply/wait-for.js'),
    import('../../../sdk/apply/object-ref.js'),
    import('../../resource/index.js'),
  ]);
  allowConcurrentListeners(ctx.io.signal, targets.length);
  const forCreate = conditions.some((c) => c.kind === 'create');
  const writer = new OrderedWriter(ctx.io.stdout, targets.length);
  const description = (t: Target, object: KubeObject | undefined): string =>
    describeObject(object ?? { apiVersion: apiVersionOf(t.mapping), kind: t.mapping.kind, metadata: { name: t.name } });
  const until = (object: KubeObject | undefined): boolean => {
    if (forDelete) return object === undefined;
    if (object === undefined) return false;
    return checks.every((test) => test(object));
  };
  // A failure condition ends every object's wait at once.
  const failed = new AbortController();
  const signal = AbortSignal.any([ctx.io.signal, failed.signal]);
  let failure: string | undefined;

  const outcomes = await Promise.all(targets.map(async (t, index): Promise<KubeObject | { error: unknown } | undefined> => {
    const rc = client.resource(t.mapping, t.namespace);
    let seen = false;
    try {
      // Without create or delete, a missing object fails at once, as kubectl's builder does.
      if (!forDelete && !forCreate) await rc.get(t.name, { signal });
      let object: KubeObject | undefined;
      if (timeoutMs === 0) {
        // Zero: check once.
        object = (await rc.list({ fieldSelector: oneTermEqualSelector('metadata.name', t.name), signal })).items[0];
        seen = object !== undefined;
        if (failureOf(object) === undefined && !until(object)) throw new TimeoutClass(`timed out waiting for ${t.mapping.resource}/${t.name}`, object);
      } else {
        object = await waitForObject(rc, t.name, until, {
          signal,
          failWhen: failOn.length === 0 ? undefined : failureOf,
          timeoutMs,
          onChange: (o) => {
            if (o !== undefined) seen = true;
          },
        });
      }
      const failedOn = failureOf(object);
      if (failedOn !== undefined) throw new FailedClass(`${t.mapping.resource}/${t.name} failed: ${failedOn}`, failedOn, object);
      // `delete` of an object that was already gone prints nothing (kubectl ignores NotFound there).
      const line = forDelete && !seen ? '' : output.printsObjects && object !== undefined ? '' : output.resultLine(description(t, undefined), 'condition met');
      writer.set(index, line);
      return output.printsObjects && object !== undefined ? withTypeMeta(object, t.mapping) : undefined;
    } catch (err) {
      writer.set(index, '');
      if (err instanceof FailedClass) {
        failure ??= `${description(t, err.last)} failed: ${err.reason}`;
        failed.abort();
        return undefined;
      }
      if (failed.signal.aborted) return undefined;
      if (err instanceof TimeoutClass) return { error: new UsageError(`timed out waiting for the condition on ${t.mapping.resource}/${t.name}`, false) };
      return { error: err };
    }
  }));
  if (failure !== undefined) throw new UsageError(failure, false);
  const printed: KubeObject[] = [];
  for (const outcome of outcomes) {
    if (outcome === undefined) continue;
    if ('error' in outcome) errors.push(outcome.error);
    else printed.push(outcome);
  }
  for (const object of printed) output.printOne(object);
  await throwFailures(errors, ctx.commandPath);
}
