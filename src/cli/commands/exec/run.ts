/** `exec`: runs a command in a container over the pod's exec sub-resource; its exit code becomes ours. */
import type { CommandContext } from '../../framework/context.js';
import type { FlagValues } from '../../framework/flag-values.js';
import { UsageError } from '../../framework/usage-error.js';
import { runSession, sessionTarget, type SessionFlags } from '../../pods/remote-session.js';

export async function run(ctx: CommandContext, args: string[], flags: FlagValues): Promise<number> {
  if (flags.strings('filename').length > 0) throw new UsageError('exec with -f is not supported by this client; name the pod instead', false);
  if (args.length === 0) throw new UsageError('pod or type/name must be specified');
  if (args.length < 2) throw new UsageError('you must specify at least one command for the container');
  const session: SessionFlags = {
    container: flags.string('container') ?? '', stdin: flags.bool('stdin'), tty: flags.bool('tty'), quiet: flags.bool('quiet'),
    timeoutMs: flags.durationMs('pod-running-timeout') ?? 60_000,
  };
  if (session.timeoutMs <= 0) throw new UsageError('--pod-running-timeout must be higher than zero', false);
  const client = await ctx.client();
  const target = await sessionTarget(ctx, client, args[0] ?? '', undefined, session, 'exec');
  const command = args.slice(1);
  return runSession(ctx, { ...session, container: target.container }, (options) => client.pods(target.namespace).exec(target.pod.metadata?.name ?? '', command, options));
}
