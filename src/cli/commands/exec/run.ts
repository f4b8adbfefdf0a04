/** `exec`: runs a command in a container over the pod's exec sub-resource; its exit code becomes ours. */
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { usageErrorf } from '../../framework/usage-errorf.js';
import { runSession, sessionTarget, type SessionFlags } from '../../pods/remote-session.js';

export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<number> {
  // kubectl 1.32's Complete and Validate: the command comes after `--` only.
  const dash = flags.argsLenAtDash();
  const files = flags.strings('filename');
  const resourceName = args.length > 0 && dash !== 0 ? (args[0] ?? '') : '';
  if (dash < 0 && (args.length > 1 || (args.length > 0 && files.length > 0))) {
    throw usageErrorf(ctx.commandPath, 'exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead');
  }
  const command = dash > -1 ? args.slice(dash) : [];
  if (files.length > 0) throw new UsageError('exec with -f is not supported by this client; name the pod instead', false);
  if (resourceName === '') throw new UsageError('pod, type/name or --filename must be specified', false);
  if (command.length === 0) throw new UsageError('you must specify at least one command for the container', false);
  const session: SessionFlags = {
    container: flags.string('container') ?? '', stdin: flags.bool('stdin'), tty: flags.bool('tty'), quiet: flags.bool('quiet'),
    timeoutMs: flags.durationMs('pod-running-timeout') ?? 60_000,
  };
  if (session.timeoutMs <= 0) throw new UsageError('--pod-running-timeout must be higher than zero', false);
  const client = await ctx.client();
  const target = await sessionTarget(ctx, client, resourceName, undefined, session, 'exec');
  return runSession(ctx, { ...session, container: target.container }, (options) => client.pods(target.namespace).exec(target.pod.metadata?.name ?? '', command, options));
}
