/**
 * `config use-namespace NS`: sets the namespace of the context in use (`--context`,
 * `$PLATFORM_CONTEXT` or `current-context`) and remembers the one it replaces (`-` goes back).
 * The namespace is looked up first, briefly: one that is not there, or a server that cannot be
 * asked, gets a warning and the change is made anyway (a namespace may be created later).
 */
import { switchNamespace } from '../../../../sdk/config/context-history.js';
import { editConfig } from '../../../../sdk/config/edit.js';
import { effectiveContextName } from '../../../../sdk/config/resolve.js';
import { ConfigError, StatusError } from '../../../../sdk/errors.js';
import { NAMESPACE_ENV } from '../../../../sdk/naming.js';
import { timeoutSignal } from '../../../../sdk/timeout-signal.js';
import { goQuote } from '../../../../machinery/go-quote.js';
import type { CommandContext } from '../../../framework/context.js';
import { startingConfig } from '../shared/access.js';
import { helpError, plainError } from '../shared/usage.js';
import { spec } from './spec.js';
import { goFormat } from '../../../../machinery/json/values.js';

/** How long the existence check may take before the change is made unchecked. */
const CHECK_TIMEOUT_MS = 5000;

async function checkNamespace(ctx: CommandContext, namespace: string): Promise<string | undefined> {
  try {
    const client = await ctx.client();
    await client.namespaces().get(namespace, { signal: AbortSignal.any([ctx.io.signal, timeoutSignal(CHECK_TIMEOUT_MS)]) });
    return undefined;
  } catch (e) {
    if (e instanceof StatusError && e.code === 404) return `namespace ${goQuote(namespace)} not found`;
    if (e instanceof StatusError && e.code === 403) return undefined;
    return `could not check that namespace ${goQuote(namespace)} exists: ${e instanceof Error ? e.message : String(e)}`;
  }
}

/** Runs `config use-namespace`. */
export async function run(ctx: CommandContext, args: string[]): Promise<void> {
  if (args.length !== 1) throw helpError(ctx, spec, `Unexpected args: ${goFormat(args)}`);
  const requested = args[0] as string;
  if (requested === '') throw plainError('empty namespace names are not allowed');
  const loaded = await startingConfig(ctx);
  const contextName = effectiveContextName(loaded.config, ctx.globals.context, ctx.io.env);
  let result = { context: contextName, from: '', to: requested };
  await editConfig(loaded, (config) => {
    try {
      result = switchNamespace(config, contextName, requested);
    } catch (e) {
      throw e instanceof ConfigError ? plainError(e.message) : e;
    }
  });
  const warning = await checkNamespace(ctx, result.to);
  if (warning !== undefined) ctx.io.stderr.write(`Warning: ${warning}\n`);
  ctx.io.stdout.write(`Context ${goQuote(result.context)} now uses namespace ${goQuote(result.to)}.\n`);
  const shell = ctx.io.env[NAMESPACE_ENV];
  if (shell !== undefined && shell !== '' && shell !== result.to) {
    ctx.io.stderr.write(`Warning: $${NAMESPACE_ENV} is ${goQuote(shell)}: this shell goes on using that namespace until it is unset\n`);
  }
}
