/**
 * `login oidc`: the browser login, the tokens into the credential store, the exec-plugin user
 * into the config file (which never holds a token).
 */
import { EXEC_API_GROUP } from '../../../../sdk/naming.js';
import type { ExecEntry } from '../../../../sdk/config/types.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { loginHooks } from '../shared/hooks.js';
import { oidcArgs, oidcSettings, readOidcFlags } from '../shared/oidc-flags.js';
import { openStore } from '../shared/store.js';

/** Name of the config user when --user is not given. */
export const DEFAULT_OIDC_USER = 'oidc';

/** Runs `login oidc`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length > 0) throw new UsageError(`unexpected arguments: ${args.join(' ')}`);
  const values = readOidcFlags(flags, ctx.io.cwd);
  if (values === undefined) return;
  const settings = await oidcSettings(values, ctx.io.signal);
  const noBrowser = flags.bool('no-browser');
  const [{ loginWithBrowser }, { decodeIdToken }, { saveTokens }, { editConfig }] = await Promise.all([
    import('../../../../sdk/auth/oidc/login-flow.js'),
    import('../../../../sdk/auth/oidc/id-token.js'),
    import('../../../../sdk/auth/oidc/stored-tokens.js'),
    import('../../../../sdk/config/edit.js'),
  ]);
  const userName = ctx.globals.user ?? DEFAULT_OIDC_USER;
  const contextName = ctx.globals.context;
  // Check what can fail before the user logs in: the context, the keychain or file.
  const loaded = await ctx.loadedConfig();
  if (contextName !== undefined && !loaded.config.contexts.has(contextName)) throw new UsageError(`no context exists with the name: "${contextName}"`, false);
  const store = await openStore(ctx, (message) => ctx.warn(message));
  const timeoutMs = flags.durationMs('login-timeout') ?? 5 * 60_000;
  const { formatGoDuration } = await import('../../../../machinery/go-duration.js');
  const waiting = (): void => ctx.io.stderr.write(`Waiting up to ${formatGoDuration(timeoutMs)} for the login to complete in the browser (Ctrl-C to cancel)...\n`);
  let shown = false;
  const tokens = await loginWithBrowser(settings, {
    ...(noBrowser ? {} : {
      openUrl: async (url: string) => {
        const opened = await loginHooks.openUrl(url);
        if (opened) waiting();
        return opened;
      },
    }),
    // The URL is printed once; when the browser cannot be opened, a line says so and points at it.
    onAuthorizationUrl: (url, willOpen) => {
      if (shown) {
        ctx.io.stderr.write('The browser could not be opened: open the URL above to log in.\n');
        waiting();
        return;
      }
      shown = true;
      ctx.io.stderr.write(willOpen
        ? `Opening the browser to log in. If it does not open, visit:\n\n    ${url}\n\n`
        : `Open this URL in a browser to log in:\n\n    ${url}\n\n`);
      if (!willOpen) waiting();
    },
    timeoutMs,
    signal: ctx.io.signal,
  });
  await saveTokens(store, settings, { idToken: tokens.idToken, ...(tokens.refreshToken === undefined ? {} : { refreshToken: tokens.refreshToken }) });
  const claims = await decodeIdToken(tokens.idToken);
  const who = typeof claims.email === 'string' ? claims.email : typeof claims.sub === 'string' ? claims.sub : 'unknown subject';
  ctx.io.stdout.write(`Logged in to ${settings.issuer} as ${who}; tokens stored in ${store.kind === 'keychain' ? 'the OS keychain' : store.location}.\n`);

  const self = loginHooks.selfCommand();
  const exec: ExecEntry = {
    command: self.command,
    args: [...self.args, 'credential', 'oidc', ...oidcArgs(values)],
    apiVersion: `${EXEC_API_GROUP}/v1`,
    interactiveMode: 'IfAvailable',
    provideClusterInfo: false,
  };
  await editConfig(loaded, (config) => {
    if (contextName !== undefined) {
      const context = config.contexts.get(contextName);
      if (context === undefined) throw new UsageError(`no context exists with the name: "${contextName}"`, false);
      context.user = userName;
    }
    // The whole user is replaced: a leftover token or certificate would win over the plugin.
    config.users.set(userName, { exec });
  }, { relativizePaths: false });
  ctx.io.stdout.write(`User "${userName}" set.\n`);
  if (contextName !== undefined) ctx.io.stdout.write(`Context "${contextName}" modified.\n`);
}
