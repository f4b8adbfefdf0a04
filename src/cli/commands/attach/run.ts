/**
 * `attach`: joins the main process of a container (its output from now on, and its stdin when the
 * container has `stdin: true`), until the container or the session ends.
 */
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { runSession, sessionTarget, type SessionFlags } from '../../pods/remote-session.js';

function containerSpec(pod: { spec?: Record<string, unknown> }, name: string): Record<string, unknown> | undefined {
  for (const list of ['containers', 'initContainers', 'ephemeralContainers']) {
    const items = pod.spec?.[list];
    if (!Array.isArray(items)) continue;
    const found = (items as Record<string, unknown>[]).find((c) => c.name === name);
    if (found !== undefined) return found;
  }
  return undefined;
}

export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<number> {
  if (args.length === 0) throw new UsageError('at least 1 argument is required for attach');
  if (args.length > 2) throw new UsageError('expected POD, TYPE/NAME, or TYPE NAME, (at most 2 arguments) saw ' + String(args.length) + ': ' + JSON.stringify(args));
  const session: SessionFlags = {
    container: flags.string('container') ?? '', stdin: flags.bool('stdin'), tty: flags.bool('tty'), quiet: flags.bool('quiet'),
    timeoutMs: flags.durationMs('pod-running-timeout') ?? 60_000,
  };
  const client = await ctx.client();
  const target = await sessionTarget(ctx, client, args[0] ?? '', args[1], session, 'attach');
  const spec = containerSpec(target.pod as { spec?: Record<string, unknown> }, target.container);
  if (session.tty && spec?.tty !== true) {
    if (!session.quiet) ctx.io.stderr.write(`Unable to use a TTY - container ${target.container} did not allocate one\n`);
    session.tty = false;
  }
  if (session.stdin && spec?.stdin !== true) session.stdin = false;
  if (session.tty && !session.quiet) ctx.io.stderr.write('If you don\'t see a command prompt, try pressing enter.\n');
  return runSession(ctx, { ...session, container: target.container }, (options) => client.pods(target.namespace).attach(target.pod.metadata?.name ?? '', options));
}
