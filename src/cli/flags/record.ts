/**
 * `--record`, deprecated in kubectl but still accepted by kubectl 1.32 and used by scripts: with
 * `--record` (or `--record=true`) the command line is written into the change-cause annotation of
 * each object the command writes, which `rollout history` shows; `--record=false`, the default,
 * leaves the annotation as it is.
 */
import { ANNOTATIONS } from '../../sdk/naming.js';
import type { KubeObject } from '../../sdk/types/meta.js';
import type { CommandContext } from '../framework/context.js';
import type { FlagReader } from '../framework/flag-reader.js';
import type { FlagSpec } from '../framework/spec.js';

/** `--record` (hidden, as pflag hides deprecated flags). */
export const RECORD_FLAG = { name: 'record', type: 'bool', default: false, hidden: true, deprecated: '--record will be removed in the future', description: 'Record current command in the resource annotation. If set to false, do not record the command. If set to true, record the command. If not set, default to updating the existing annotation value only if one already exists.' } as const satisfies FlagSpec;

/** The change cause to record, or undefined without `--record`. */
export function recordedCause(ctx: Pick<CommandContext, 'commandLine'>, flags: FlagReader<typeof RECORD_FLAG>): string | undefined {
  return recordedCauseIfDeclared(ctx, flags);
}

/** {@link recordedCause} for a helper serving commands of which only some have `--record` (undefined for the others). */
export function recordedCauseIfDeclared(ctx: Pick<CommandContext, 'commandLine'>, flags: FlagReader<never>): string | undefined {
  return flags.optional(RECORD_FLAG) === true ? ctx.commandLine() : undefined;
}

/** `object` with the change-cause annotation set to `cause` (the same object when `cause` is undefined). */
export function withChangeCause<T extends KubeObject>(object: T, cause: string | undefined): T {
  if (cause === undefined) return object;
  return { ...object, metadata: { ...object.metadata, annotations: { ...object.metadata?.annotations, [ANNOTATIONS.changeCause]: cause } } };
}
