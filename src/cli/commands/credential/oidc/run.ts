/**
 * `credential oidc`: prints the ExecCredential of a stored OIDC login. Runs before every request
 * of an exec-plugin user whose cached credential has expired, so it loads only what it needs.
 */
import { EXEC_API_GROUP, EXEC_INFO_ENV } from '../../../../sdk/naming.js';
import type { ExecCredential } from '../../../../sdk/types/exec-credential.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { oidcSettings, readOidcFlags } from '../../login/shared/oidc-flags.js';
import { openStore } from '../../login/shared/store.js';

const SUPPORTED = [`${EXEC_API_GROUP}/v1`, `${EXEC_API_GROUP}/v1beta1`];

/** The apiVersion the exec machinery asked for (in PLATFORM_EXEC_INFO), else v1. */
export function requestedApiVersion(env: Readonly<Record<string, string | undefined>>): string {
  const info = env[EXEC_INFO_ENV];
  if (info === undefined || info === '') return `${EXEC_API_GROUP}/v1`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(info);
  } catch {
    throw new UsageError(`$${EXEC_INFO_ENV} is not valid JSON`, false);
  }
  const version = typeof parsed === 'object' && parsed !== null ? (parsed as { apiVersion?: unknown }).apiVersion : undefined;
  if (typeof version !== 'string' || version === '') return `${EXEC_API_GROUP}/v1`;
  if (!SUPPORTED.includes(version)) throw new UsageError(`unsupported ExecCredential apiVersion "${version}" in $${EXEC_INFO_ENV}`, false);
  return version;
}

/** Runs `credential oidc`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length > 0) throw new UsageError(`unexpected arguments: ${args.join(' ')}`);
  const values = readOidcFlags(flags, ctx.io.cwd);
  if (values === undefined) return;
  const apiVersion = requestedApiVersion(ctx.io.env);
  const [settings, store, { getValidIdToken }] = await Promise.all([
    oidcSettings(values, ctx.io.signal),
    // No fallback warning here: this runs on every refresh; `login` already said where tokens are.
    openStore(ctx),
    import('../../../../sdk/auth/oidc/id-token-source.js'),
  ]);
  const token = await getValidIdToken(settings, store, ctx.io.now().getTime());
  const credential: ExecCredential = {
    kind: 'ExecCredential',
    apiVersion,
    spec: { interactive: false },
    status: {
      token: token.idToken,
      ...(token.expiresAt === undefined ? {} : { expirationTimestamp: new Date(token.expiresAt).toISOString().replace(/\.\d{3}Z$/, 'Z') }),
    },
  };
  ctx.io.stdout.write(`${JSON.stringify(credential)}\n`);
}
