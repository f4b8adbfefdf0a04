/**
 * The credential store of the login commands: the OS keychain, else `~/.platform/credentials.json`.
 */
import type { CredentialStore } from '../../../../sdk/auth/credential-store/types.js';
import type { CommandContext } from '../../../framework/context.js';

/** Opens the store; `warn` receives the one-line notice when the file fallback is used. */
export async function openStore(ctx: CommandContext, warn?: (message: string) => void): Promise<CredentialStore> {
  const { openCredentialStore, defaultCredentialFile } = await import('../../../../sdk/auth/credential-store/open-store.js');
  return openCredentialStore({ filePath: defaultCredentialFile(ctx.io.homedir), ...(warn === undefined ? {} : { onWarning: warn }) });
}
