/**
 * `create token`: POSTs a TokenRequest to `serviceaccounts/<name>/token` and prints the token
 * (with a newline only on a terminal, so `$(...)` and pipes get the bare token), or the whole
 * TokenRequest with `-o`.
 */
import { PlatformError } from '../../../../sdk/errors.js';
import { GROUPS } from '../../../../sdk/naming.js';
import type { TokenRequest } from '../../../../sdk/types/authentication.js';
import { toKubeObject } from '../../../../sdk/types/meta.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { printerFor } from '../../../output/index.js';
import { nameFromCommandArgs } from '../../../resource-builders/generated.js';
import { BOUND_OBJECT_KINDS } from './spec.js';

/** The TokenRequest the flags ask for (validated as kubectl validates them). */
export function tokenRequestFromFlags(flags: Flags): TokenRequest {
  const durationMs = flags.durationMs('duration') ?? 0;
  if (durationMs < 0) throw new UsageError('--duration must be greater than or equal to 0', false);
  if (durationMs % 1000 !== 0) throw new UsageError('--duration cannot be expressed in units less than seconds', false);
  const audiences = flags.strings('audience');
  if (audiences.some((a) => a === '')) throw new UsageError('--audience must not be an empty string', false);
  const kind = flags.string('bound-object-kind') ?? '';
  const name = flags.string('bound-object-name') ?? '';
  const uid = flags.string('bound-object-uid') ?? '';
  if (kind === '') {
    if (name !== '') throw new UsageError('--bound-object-name can only be set if --bound-object-kind is provided', false);
    if (uid !== '') throw new UsageError('--bound-object-uid can only be set if --bound-object-kind is provided', false);
  } else {
    if (BOUND_OBJECT_KINDS[kind] === undefined) throw new UsageError(`supported --bound-object-kind values are ${Object.keys(BOUND_OBJECT_KINDS).join(', ')}`, false);
    if (name === '') throw new UsageError('--bound-object-name is required if --bound-object-kind is provided', false);
  }
  const spec: TokenRequest['spec'] = {};
  if (audiences.length > 0) spec.audiences = audiences;
  if (durationMs > 0) spec.expirationSeconds = durationMs / 1000;
  if (kind !== '') spec.boundObjectRef = { kind, apiVersion: BOUND_OBJECT_KINDS[kind] ?? 'v1', name, ...(uid === '' ? {} : { uid }) };
  return { apiVersion: `${GROUPS.authentication}/v1`, kind: 'TokenRequest', metadata: {}, spec };
}

/** Runs `create token`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const serviceAccount = nameFromCommandArgs(ctx, args, flags);
  const request = tokenRequestFromFlags(flags);
  const printer = await printerFor(flags, ctx.io, { human: false });
  const [client, { namespace }] = await Promise.all([ctx.client(), ctx.namespace()]);
  let response: TokenRequest;
  try {
    response = await client.serviceAccounts(namespace).createSubresource(serviceAccount, 'token', request, { signal: ctx.io.signal });
  } catch (err) {
    throw new PlatformError(`failed to create token: ${(err as Error).message}`, { cause: err });
  }
  const token = response.status?.token ?? '';
  if (token === '') throw new PlatformError('failed to create token: no token in server response');
  if (printer !== undefined) {
    ctx.io.stdout.write(printer.printObjects([toKubeObject(response)], true));
    return;
  }
  ctx.io.stdout.write(ctx.io.stdout.isTTY ? `${token}\n` : token);
}
