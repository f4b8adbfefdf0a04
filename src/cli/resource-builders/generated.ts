/**
 * What every `create <kind> NAME` generator shares, in kubectl's order: required flags, the NAME
 * argument, `--dry-run`, `-o` and `--validate` (kubectl's Complete), then the generator's own
 * checks and object, then `--save-config`, the create request (or, with `--dry-run=client`,
 * nothing) and the printed result.
 */
import type { DryRunMode } from '../../sdk/apply/apply-object.js';
import { PlatformError } from '../../sdk/errors.js';
import { ANNOTATIONS, BINARY_NAME } from '../../sdk/naming.js';
import type { ResourceDescriptor } from '../../sdk/rest/resource-client.js';
import type { KubeObject } from '../../sdk/types/meta.js';
import { inGoFieldOrder, toJson } from '../../machinery/json/go-json.js';
import type { CommandContext } from '../framework/context.js';
import type { ChangedReader, FlagReader, FlagsOf } from '../framework/flag-reader.js';
import type { FlagSpec } from '../framework/spec.js';
import { UsageError } from '../framework/usage-error.js';
import { usageErrorf } from '../framework/usage-errorf.js';
import { DRY_RUN_FLAG, dryRunMode, dryRunSuffix } from '../writes/dry-run.js';
import { OUTPUT_FLAGS, objectOutput, type ObjectOutput } from '../writes/object-output.js';
import { VALIDATE_FLAG, fieldValidation } from '../writes/validate.js';
import { goMap, metadataOf, type Struct } from './typed.js';

/** The default field manager of `create`. */
export const CREATE_FIELD_MANAGER = `${BINARY_NAME}-create`;

/** `--field-manager` of the create commands. */
export const CREATE_FIELD_MANAGER_FLAG = { name: 'field-manager', type: 'string', default: CREATE_FIELD_MANAGER, description: 'Name of the manager used to track field ownership.' } as const satisfies FlagSpec;

/** `--save-config`. */
export const SAVE_CONFIG_FLAG = { name: 'save-config', type: 'bool', default: false, description: `If true, the configuration of current object will be saved in its annotation. Otherwise, the annotation will be unchanged. This flag is useful when you want to perform ${BINARY_NAME} apply on this object in the future.` } as const satisfies FlagSpec;

/** Flags of every generator. */
export const GENERATOR_FLAGS = [DRY_RUN_FLAG, CREATE_FIELD_MANAGER_FLAG, ...OUTPUT_FLAGS, SAVE_CONFIG_FLAG, VALIDATE_FLAG] as const satisfies readonly FlagSpec[];

/** One of {@link GENERATOR_FLAGS}. */
export type GeneratorFlag = (typeof GENERATOR_FLAGS)[number];

/** What the generator helpers read: {@link GENERATOR_FLAGS}. */
export type GeneratorFlags = FlagsOf<typeof GENERATOR_FLAGS>;

/** `--append-hash` of the ConfigMap and Secret generators (`noun`: `configmap` or `secret`). */
export function appendHashFlag(noun: 'configmap' | 'secret') {
  return { name: 'append-hash', type: 'bool', default: false, description: `Append a hash of the ${noun} to its name.` } as const satisfies FlagSpec;
}

/**
 * cobra's check of flags marked required, made before anything else runs: `required flag(s)
 * "image", "schedule" not set` (names sorted, as cobra visits flags). `names` must be flags of
 * the command.
 */
export function requireFlags<const N extends string>(flags: ChangedReader<N>, names: readonly N[]): void {
  const missing = names.filter((n) => !flags.changed(n)).sort();
  if (missing.length > 0) throw new UsageError(`required flag(s) "${missing.join('", "')}" not set`, false);
}

/**
 * kubectl's `NameFromCommandArgs`: exactly one argument before a `--` (or in all, without one).
 * Arguments after it (`create deployment NAME --image=x -- COMMAND`) are the command's business.
 */
export function nameFromCommandArgs(ctx: CommandContext, args: readonly string[], flags: FlagReader<never>): string {
  const atDash = flags.argsLenAtDash();
  const count = atDash === -1 ? args.length : atDash;
  if (count !== 1) throw usageErrorf(ctx.commandPath, `exactly one NAME is required, got ${count}`);
  return args[0] as string;
}

/** One generator invocation after kubectl's Complete step. */
export interface GeneratorInvocation {
  name: string;
  /** The arguments after NAME (a deployment's, job's or cron job's command). */
  command: string[];
  dryRun: DryRunMode;
  output: ObjectOutput;
  validation: ReturnType<typeof fieldValidation>;
  /**
   * The namespace to write into the object: only one given with `-n` (kubectl's
   * EnforceNamespace); otherwise the object has none and is created in the context's namespace.
   */
  enforcedNamespace: string | undefined;
}

/** Checks required flags (of the command) and NAME, and reads `--dry-run`, `-o` and `--validate`, in kubectl's order. */
export async function startGenerator<const N extends string = never>(
  ctx: CommandContext, args: readonly string[], flags: GeneratorFlags & ChangedReader<N>, required: readonly N[] = [],
): Promise<GeneratorInvocation> {
  requireFlags(flags, required);
  const name = nameFromCommandArgs(ctx, args, flags);
  const dryRun = dryRunMode(flags);
  const output = await objectOutput(ctx, flags);
  const validation = fieldValidation(flags);
  return { name, command: args.slice(1), dryRun, output, validation, enforcedNamespace: ctx.globals.namespace };
}

/** Orders a metadata map as `metav1.ObjectMeta` orders its fields (annotations may have been added). */
const OBJECT_META_FIELDS = [
  'name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation', 'creationTimestamp',
  'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields',
];

function withAnnotations(object: Struct, annotations: Record<string, string>): Struct {
  const metadata: Struct = { ...metadataOf(object), annotations: goMap(annotations) };
  const ordered: Struct = {};
  for (const key of OBJECT_META_FIELDS) if (metadata[key] !== undefined) ordered[key] = metadata[key];
  for (const [key, value] of Object.entries(metadata)) if (!(key in ordered) && value !== undefined) ordered[key] = value;
  return { ...object, metadata: ordered };
}

/**
 * kubectl's `CreateApplyAnnotation` of a typed object: the object without the annotation, encoded
 * as Go encodes the struct (field order, empty maps left out, a final newline), stored in the
 * last-applied annotation.
 */
export function withTypedLastApplied(object: Struct): Struct {
  const annotations: Record<string, string> = { ...(metadataOf(object).annotations as Record<string, string> | undefined) };
  delete annotations[ANNOTATIONS.lastApplied];
  const modified = `${toJson(inGoFieldOrder(withAnnotations(object, annotations)))}\n`;
  annotations[ANNOTATIONS.lastApplied] = modified;
  return inGoFieldOrder(withAnnotations(object, annotations));
}

/** What a generator built, and how kubectl's generator sends and reports it. */
export interface GeneratedObject {
  descriptor: ResourceDescriptor;
  /** The typed object (in Go field order). */
  object: Struct;
  /**
   * kubectl's prefix of a failed create (`failed to create deployment: `) before the server's
   * message; without one, the server's error is reported as it is.
   */
  failurePrefix?: string;
  /** Whether `--save-config` applies (kubectl's service generators never read the flag). */
  saveConfig?: boolean;
}

/** Adds the annotation when asked, sends the object unless `--dry-run=client`, and prints the result. */
export async function sendGenerated(ctx: CommandContext, flags: GeneratorFlags, invocation: GeneratorInvocation, generated: GeneratedObject): Promise<void> {
  const { descriptor, failurePrefix } = generated;
  const { dryRun, output } = invocation;
  let typed = inGoFieldOrder(generated.object);
  if ((generated.saveConfig ?? true) && flags.bool('save-config')) typed = withTypedLastApplied(typed);
  let object = typed as KubeObject;
  if (dryRun !== 'client') {
    const [client, { namespace }] = await Promise.all([ctx.client(), ctx.namespace()]);
    const rc = client.resource(descriptor, descriptor.namespaced ? namespace : undefined);
    const createOptions: Parameters<typeof rc.create>[1] = { fieldManager: flags.string('field-manager') ?? '', fieldValidation: invocation.validation, signal: ctx.io.signal };
    if (dryRun === 'server') createOptions.dryRun = true;
    try {
      object = await rc.create(object, createOptions);
    } catch (err) {
      if (failurePrefix === undefined) throw err;
      throw new PlatformError(`${failurePrefix}${(err as Error).message}`, { cause: err });
    }
  }
  const { describeObject } = await import('../../sdk/apply/object-ref.js');
  if (output.printsObjects) await output.printObjects([object]);
  else ctx.io.stdout.write(output.resultLine(describeObject(object), `created${dryRunSuffix(dryRun)}`));
}

/**
 * The older entry point of the simple generators (configmap, secret generic, namespace,
 * serviceaccount): NAME, then the object `build` makes for the namespace to record.
 */
export async function createGenerated(
  ctx: CommandContext,
  args: readonly string[],
  flags: GeneratorFlags,
  descriptor: ResourceDescriptor,
  failurePrefix: string | undefined,
  build: (invocation: GeneratorInvocation) => Promise<Struct> | Struct,
): Promise<void> {
  const invocation = await startGenerator(ctx, args, flags);
  const object = await build(invocation);
  await sendGenerated(ctx, flags, invocation, failurePrefix === undefined ? { descriptor, object } : { descriptor, object, failurePrefix });
}
