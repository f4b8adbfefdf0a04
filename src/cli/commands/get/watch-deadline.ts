/**
 * `--request-timeout` of a watch (`get -w`, `events -w`): kubectl's client timeout cuts the watch
 * stream and the command ends (exit 0), logging at `-v=5` what client-go's stream watcher logs then.
 */
import { timeoutSignal } from '../../../sdk/timeout-signal.js';
import type { CommandContext } from '../../framework/context.js';

/** client-go's V(5) line when the client's timeout ends a watch stream. */
const TIMED_OUT = 'Unable to decode an event from the watch stream: net/http: request canceled (Client.Timeout or context cancellation while reading body)';

/** The watch's signal (Ctrl-C, and the deadline when there is one) and what to say when it ends. */
export interface WatchDeadline {
  signal: AbortSignal;
  /** Logs client-go's line at -v=5 when the deadline (not Ctrl-C) ended the watch. */
  ended(): void;
}

/** The deadline of `--request-timeout` combined with Ctrl-C. */
export async function watchDeadline(ctx: CommandContext): Promise<WatchDeadline> {
  const config = await ctx.clientConfig();
  const timeout = config.timeoutMs ?? 0;
  if (timeout <= 0) return { signal: ctx.io.signal, ended: () => undefined };
  const deadline = timeoutSignal(timeout);
  return {
    signal: AbortSignal.any([ctx.io.signal, deadline]),
    ended: () => {
      if (deadline.aborted && !ctx.io.signal.aborted) ctx.log(5, TIMED_OUT);
    },
  };
}
