/** `get --raw PATH`: GET a server path and print the body as received. */
import type { CommandContext } from '../../framework/context.js';

/** Prints the body of `GET path` (errors become kubectl's `Error from server (...)` lines). */
export async function getRaw(ctx: CommandContext, path: string): Promise<void> {
  const client = await ctx.client();
  const res = await client.getRaw(path, { signal: ctx.io.signal });
  ctx.io.stdout.write(res.text());
}
