/**
 * `create poddisruptionbudget NAME`: a `policy/v1` PodDisruptionBudget with the selector and one
 * of `--min-available` / `--max-unavailable` (a number or a percentage).
 */
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { sendGenerated, startGenerator } from '../../../resource-builders/generated.js';
import { intOrString } from '../shared/int-or-string.js';
import { parseToLabelSelector } from '../shared/label-selector.js';
import { struct, typedObject } from '../../../resource-builders/typed.js';

const PODDISRUPTIONBUDGETS = { group: 'policy', version: 'v1', resource: 'poddisruptionbudgets', namespaced: true, kind: 'PodDisruptionBudget' } as const;

const COUNT_OR_PERCENT = /^[0-9]+%?$/;

/** Runs `create poddisruptionbudget`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const invocation = await startGenerator(ctx, args, flags);
  const { name, enforcedNamespace } = invocation;
  const minAvailable = flags.string('min-available') ?? '';
  const maxUnavailable = flags.string('max-unavailable') ?? '';
  const selector = flags.string('selector') ?? '';
  if (name === '') throw new UsageError('name must be specified', false);
  if (selector === '') throw new UsageError('a selector must be specified', false);
  if (maxUnavailable === '' && minAvailable === '') throw new UsageError('one of min-available or max-unavailable must be specified', false);
  if (maxUnavailable !== '' && minAvailable !== '') throw new UsageError('min-available and max-unavailable cannot be both specified', false);
  if (minAvailable !== '' && !COUNT_OR_PERCENT.test(minAvailable)) throw new UsageError('invalid format specified for min-available', false);
  if (maxUnavailable !== '' && !COUNT_OR_PERCENT.test(maxUnavailable)) throw new UsageError('invalid format specified for max-unavailable', false);
  const labelSelector = parseToLabelSelector(selector);
  await sendGenerated(ctx, flags, invocation, {
    descriptor: PODDISRUPTIONBUDGETS,
    failurePrefix: 'failed to create poddisruptionbudgets: ',
    object: typedObject(PODDISRUPTIONBUDGETS, { name, namespace: enforcedNamespace }, {
      spec: struct({
        minAvailable: minAvailable === '' ? undefined : intOrString(minAvailable),
        selector: labelSelector,
        maxUnavailable: maxUnavailable === '' ? undefined : intOrString(maxUnavailable),
      }),
      status: { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 },
    }),
  });
}
