/**
 * `create quota NAME`: a ResourceQuota with `--hard` quantities (printed as the API machinery
 * canonicalizes them) and `--scopes` (checked by the server, as kubectl leaves them).
 */
import { formatQuantity } from '../../../../machinery/quantity/format.js';
import { parseQuantity } from '../../../../machinery/quantity/parse.js';
import { InputError } from '../../../../sdk/errors.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { sendGenerated, startGenerator } from '../../../resource-builders/generated.js';
import { goMap, struct, typedObject } from '../../../resource-builders/typed.js';

const RESOURCEQUOTAS = { group: '', version: 'v1', resource: 'resourcequotas', namespaced: true, kind: 'ResourceQuota' } as const;

/** kubectl's `populateResourceListV1`: `name=quantity` pairs separated by commas. */
function resourceList(spec: string): Map<string, string> | undefined {
  if (spec === '') return undefined;
  const out = new Map<string, string>();
  for (const statement of spec.split(',')) {
    const parts = statement.split('=');
    if (parts.length !== 2) throw new UsageError(`Invalid argument syntax ${statement}, expected <resource>=<value>`, false);
    // resource.ParseQuantity: kubectl prints the quantity as the API machinery writes it.
    const quantity = parseQuantity(parts[1] ?? '');
    if ('error' in quantity) throw new InputError(quantity.error);
    out.set(parts[0] ?? '', formatQuantity(quantity));
  }
  return out;
}

/** kubectl's `parseScopes`. */
function scopes(spec: string): string[] | undefined {
  if (spec === '') return undefined;
  const out = spec.split(',');
  if (out.includes('')) throw new UsageError('invalid resource quota scope ""', false);
  return out;
}

/** Runs `create quota`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const invocation = await startGenerator(ctx, args, flags);
  const { name, enforcedNamespace } = invocation;
  if (name === '') throw new UsageError('name must be specified', false);
  const hard = resourceList(flags.string('hard') ?? '');
  const quotaScopes = scopes(flags.string('scopes') ?? '');
  await sendGenerated(ctx, flags, invocation, {
    descriptor: RESOURCEQUOTAS,
    failurePrefix: 'failed to create quota: ',
    object: typedObject(RESOURCEQUOTAS, { name, namespace: enforcedNamespace }, { spec: struct({ hard: goMap(hard), scopes: quotaScopes }), status: {} }),
  });
}
