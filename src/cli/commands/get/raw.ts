/**
 * `get --raw PATH`: GET a server path and print the body as it arrives, as kubectl does (its
 * `io.Copy` of the response stream): a body that never ends (a watch, a log, a hostile server)
 * is printed as it comes instead of being gathered in memory first.
 */
import { MEDIA_TYPES } from '../../../sdk/naming.js';
import type { CommandContext } from '../../framework/context.js';
import { byteSink } from '../../io/terminal.js';

/** Prints the body of `GET path` (errors become kubectl's `Error from server (...)` lines). */
export async function getRaw(ctx: CommandContext, path: string): Promise<void> {
  const client = await ctx.client();
  const res = await client.rest.stream({ method: 'GET', path, accept: `${MEDIA_TYPES.json}, */*`, signal: ctx.io.signal });
  const out = byteSink(ctx.io.stdout);
  try {
    for await (const chunk of res.body) {
      out.write(chunk);
      await ctx.io.stdout.flush();
    }
  } finally {
    res.cancel();
    out.end();
  }
}
