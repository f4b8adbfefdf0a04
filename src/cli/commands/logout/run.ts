/**
 * `logout`: finds the login of a config user (from its `credential oidc` exec arguments) or of
 * the flags, removes its stored tokens, and with --delete-user the user entry.
 */
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { parseOidcArgs, readOidcFlags } from '../login/shared/oidc-flags.js';
import { openStore } from '../login/shared/store.js';

/** Runs `logout`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length > 0) throw new UsageError(`unexpected arguments: ${args.join(' ')}`);
  const fromFlags = readOidcFlags(flags, ctx.io.cwd, false);
  const deleteUser = flags.bool('delete-user');
  const loaded = await ctx.loadedConfig();
  let userName = ctx.globals.user;
  if (userName === undefined && (fromFlags === undefined || deleteUser)) {
    const contextName = ctx.globals.context ?? loaded.config.currentContext;
    userName = loaded.config.contexts.get(contextName)?.user;
    if (userName === undefined || userName === '') throw new UsageError('no user to log out: give --user, or --issuer and --client-id', false);
  }
  let login = fromFlags === undefined ? undefined : { issuer: fromFlags.issuer, clientId: fromFlags.clientId };
  if (login === undefined && userName !== undefined) {
    const user = loaded.config.users.get(userName);
    if (user === undefined) throw new UsageError(`no user exists with the name: "${userName}"`, false);
    login = parseOidcArgs(user.exec?.args ?? []);
    if (login === undefined) throw new UsageError(`user "${userName}" was not configured by "login oidc"`, false);
  }
  if (login === undefined) return;
  const [store, { deleteTokens }] = await Promise.all([openStore(ctx), import('../../../sdk/auth/oidc/stored-tokens.js')]);
  const removed = await deleteTokens(store, login);
  ctx.io.stdout.write(removed ? `Logged out of ${login.issuer} (client ${login.clientId}).\n` : `No stored login for ${login.issuer} (client ${login.clientId}).\n`);
  if (deleteUser && userName !== undefined) {
    const name = userName;
    const { editConfig } = await import('../../../sdk/config/edit.js');
    await editConfig(loaded, (config) => {
      config.users.delete(name);
    });
    ctx.io.stdout.write(`deleted user ${name} from ${loaded.origins.users.get(name) ?? 'the config'}\n`);
  }
}
