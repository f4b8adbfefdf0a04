import type { CommandContext } from '../../framework/context.js';

/** Fetches `/version` from the server of the current context. */
export async function fetchServerVersion(_ctx: CommandContext): Promise<unknown> {
  // Wired to the SDK client once the transport layer lands (issue 2).
  throw new Error('server version: the SDK client is not available yet');
}
