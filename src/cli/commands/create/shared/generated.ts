/**
 * What every `create <kind> NAME` generator shares: its flags, the NAME argument, placing the
 * object in the namespace, `--save-config`, `--dry-run`, sending it, and printing the result.
 */
import { PlatformError } from '../../../../sdk/errors.js';
import { BINARY_NAME } from '../../../../sdk/naming.js';
import type { ResourceDescriptor } from '../../../../sdk/rest/resource-client.js';
import type { KubeObject } from '../../../../sdk/types/meta.js';
import type { CommandContext } from '../../../framework/context.js';
import type { FlagValues } from '../../../framework/flag-values.js';
import type { FlagSpec } from '../../../framework/spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { DRY_RUN_FLAG, dryRunMode, dryRunSuffix } from '../../apply/shared/dry-run.js';
import { OUTPUT_FLAGS, objectOutput } from '../../apply/shared/object-output.js';
import { VALIDATE_FLAG, fieldValidation } from '../../apply/shared/validate.js';

/** The default field manager of `create`. */
export const CREATE_FIELD_MANAGER = `${BINARY_NAME}-create`;

/** `--field-manager` of the create commands. */
export const CREATE_FIELD_MANAGER_FLAG: FlagSpec = { name: 'field-manager', type: 'string', default: CREATE_FIELD_MANAGER, description: 'Name of the manager used to track field ownership.' };

/** `--save-config`. */
export const SAVE_CONFIG_FLAG: FlagSpec = {
  name: 'save-config', type: 'bool', default: false,
  description: `If true, the configuration of current object will be saved in its annotation. Otherwise, the annotation will be unchanged. This flag is useful when you want to perform ${BINARY_NAME} apply on this object in the future.`,
};

/** Flags of every generator. */
export const GENERATOR_FLAGS: readonly FlagSpec[] = [DRY_RUN_FLAG, CREATE_FIELD_MANAGER_FLAG, ...OUTPUT_FLAGS, SAVE_CONFIG_FLAG, VALIDATE_FLAG];

/** The single NAME argument (kubectl's `NameFromCommandArgs`). */
export function nameArgument(args: readonly string[]): string {
  if (args.length !== 1) throw new UsageError(`exactly one NAME is required, got ${args.length}`);
  return args[0] as string;
}

/**
 * kubectl's generated objects are typed Go objects: an unset creation time prints as
 * `creationTimestamp: null`. Keeping it makes `--dry-run=client -o yaml` and `--save-config`
 * match kubectl's text.
 */
export function generatedMetadata(name: string, namespace: string | undefined): Record<string, unknown> {
  const metadata: Record<string, unknown> = { creationTimestamp: null, name };
  if (namespace !== undefined) metadata.namespace = namespace;
  return metadata;
}

/**
 * Sends (or, with `--dry-run=client`, only prints) a generated object. `build` receives the
 * namespace to record in the object (only when `-n` was given, as kubectl does). A failed create
 * is reported as kubectl's generator reports it: `failurePrefix` and the server's message
 * (`failed to create configmap: ...`), or the server error itself when there is no prefix.
 */
export async function createGenerated(
  ctx: CommandContext,
  flags: FlagValues,
  descriptor: ResourceDescriptor,
  failurePrefix: string | undefined,
  build: (namespace: string | undefined) => Record<string, unknown>,
): Promise<void> {
  const dryRun = dryRunMode(flags);
  const output = await objectOutput(ctx, flags);
  const validation = fieldValidation(flags);
  const explicit = descriptor.namespaced ? ctx.globals.namespace : undefined;
  let object = build(explicit) as KubeObject;
  const { describeObject } = await import('../../../../sdk/apply/object-ref.js');
  if (flags.bool('save-config')) {
    const { withLastApplied } = await import('../../../../sdk/apply/last-applied.js');
    object = withLastApplied(object);
  }
  if (dryRun !== 'client') {
    const [client, { namespace }] = await Promise.all([ctx.client(), ctx.namespace()]);
    const rc = client.resource(descriptor, descriptor.namespaced ? namespace : undefined);
    const createOptions: Parameters<typeof rc.create>[1] = { fieldManager: flags.string('field-manager') ?? '', fieldValidation: validation, signal: ctx.io.signal };
    if (dryRun === 'server') createOptions.dryRun = true;
    try {
      object = await rc.create(object, createOptions);
    } catch (err) {
      if (failurePrefix === undefined) throw err;
      throw new PlatformError(`${failurePrefix}${(err as Error).message}`, { cause: err });
    }
  }
  if (output.printsObjects) await output.printObjects([object]);
  else ctx.io.stdout.write(output.resultLine(describeObject(object), `created${dryRunSuffix(dryRun)}`));
}
