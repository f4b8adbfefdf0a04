import type { VersionInfo } from '../../../sdk/types/discovery.js';
import type { CommandContext } from '../../framework/context.js';

/** Fetches `/version` from the server of the current context. */
export async function fetchServerVersion(ctx: CommandContext): Promise<VersionInfo> {
  const client = await ctx.client();
  return client.serverVersion({ signal: ctx.io.signal });
}
