/**
 * What `exec` and `attach` share (kubectl's StreamOptions): picking the pod and container, the
 * terminal decision (`-t` needs `-i` and a terminal on stdin, else "Unable to use a TTY"), raw mode
 * and window sizes, and turning the outcome into kubectl's exit: the remote exit code becomes ours,
 * with "command terminated with exit code N".
 */
import type { PlatformClient } from '../../sdk/client.js';
import { PlatformError, StatusError } from '../../sdk/errors.js';
import type { RemoteCommandOptions, RemoteCommandResult } from '../../sdk/streams/remote-command.js';
import type { CommandContext } from '../framework/context.js';
import { ExitError } from '../framework/usage-error.js';
import { byteSink, enterRawMode, windowSizes } from '../io/terminal.js';
import { defaultContainer, podsForObject, type PodObject } from '../../sdk/pods/pods-for-object.js';

/** The session's settings from the command line. */
export interface SessionFlags {
  container: string;
  stdin: boolean;
  tty: boolean;
  quiet: boolean;
  timeoutMs: number;
}

/** The pod and container a session targets. */
export async function sessionTarget(ctx: CommandContext, client: PlatformClient, arg: string, name: string | undefined, flags: SessionFlags, verb: string): Promise<{ pod: PodObject; container: string; namespace: string }> {
  const { namespace } = await ctx.namespace();
  const [pod] = await podsForObject(client, arg, name, { namespace, all: false, timeoutMs: flags.timeoutMs, signal: ctx.io.signal });
  if (pod === undefined) throw new PlatformError('no pod found');
  const phase = String((pod.status as { phase?: unknown } | undefined)?.phase ?? '');
  if (phase === 'Succeeded' || phase === 'Failed') throw new PlatformError(`cannot ${verb} into a container in a completed pod; current phase is ${phase}`);
  const container = flags.container !== '' ? flags.container : defaultContainer(pod, (line) => {
    if (!flags.quiet) ctx.io.stderr.write(`${line}\n`);
  });
  return { pod, container, namespace };
}

/** Runs a session (`start` calls exec or attach with the options) and returns the exit code. */
export async function runSession(ctx: CommandContext, flags: SessionFlags, start: (options: RemoteCommandOptions) => Promise<RemoteCommandResult>): Promise<number> {
  let tty = flags.tty && flags.stdin;
  if (tty && !ctx.io.stdinIsTTY) {
    tty = false;
    if (!flags.quiet) ctx.io.stderr.write('Unable to use a TTY - input is not a terminal or the right kind of file\n');
  }
  const stdout = byteSink(ctx.io.stdout);
  const stderr = byteSink(ctx.io.stderr);
  const options: RemoteCommandOptions = { container: flags.container, stdout, signal: ctx.io.signal };
  if (!tty) options.stderr = stderr;
  else options.tty = true;
  let restore = (): void => undefined;
  const sessionEnd = new AbortController();
  if (flags.stdin) {
    const input = ctx.io.stdin();
    if (tty) restore = enterRawMode(input);
    options.stdin = input as AsyncIterable<Buffer>;
  }
  if (tty) options.resize = windowSizes(AbortSignal.any([ctx.io.signal, sessionEnd.signal]));
  let result: RemoteCommandResult;
  try {
    result = await start(options);
  } catch (e) {
    // Failures reported on the error channel print as kubectl prints them: `error: <message>`.
    if (e instanceof StatusError && e.code >= 500) throw new PlatformError(e.message);
    throw e;
  } finally {
    sessionEnd.abort();
    restore();
    stdout.end();
    stderr.end();
    if (flags.stdin) ctx.io.stdin().pause();
  }
  if (result.exitCode !== 0) throw new ExitError(result.exitCode, `command terminated with exit code ${result.exitCode}`);
  return 0;
}
