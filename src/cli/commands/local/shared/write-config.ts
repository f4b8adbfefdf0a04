/**
 * Points the user's config at the local server: a `local` cluster (its URL and CA file), a `local`
 * user (the admin token file) and a `local` context, made current.
 */
import { join } from 'node:path';
import { editConfig } from '../../../../sdk/config/edit.js';
import { LOCAL_CONTEXT_NAME } from '../../../../sdk/naming.js';
import type { CommandContext } from '../../../framework/context.js';
import { startingConfig } from '../../config/shared/access.js';
import { FILES } from './data-dir.js';

/** Writes the entries and makes the context current; true when another context was current before. */
export async function writeLocalContext(ctx: CommandContext, url: string, dataDir: string): Promise<boolean> {
  const loaded = await startingConfig(ctx);
  let switched = false;
  await editConfig(loaded, (config) => {
    const cluster = { ...(config.clusters.get(LOCAL_CONTEXT_NAME) ?? {}) };
    cluster.server = url;
    cluster['certificate-authority'] = join(dataDir, FILES.ca);
    delete cluster['certificate-authority-data'];
    delete cluster['insecure-skip-tls-verify'];
    config.clusters.set(LOCAL_CONTEXT_NAME, cluster);
    config.users.set(LOCAL_CONTEXT_NAME, { tokenFile: join(dataDir, FILES.token) });
    const context = { ...(config.contexts.get(LOCAL_CONTEXT_NAME) ?? {}) };
    context.cluster = LOCAL_CONTEXT_NAME;
    context.user = LOCAL_CONTEXT_NAME;
    config.contexts.set(LOCAL_CONTEXT_NAME, context);
    switched = config.currentContext !== LOCAL_CONTEXT_NAME;
    config.currentContext = LOCAL_CONTEXT_NAME;
  }, { relativizePaths: false });
  return switched;
}

/** True when the config's current context is already the local one. */
export async function localContextIsCurrent(ctx: CommandContext): Promise<boolean> {
  return (await startingConfig(ctx)).config.currentContext === LOCAL_CONTEXT_NAME;
}

/** kubectl's `use-context` line, printed when `local start` made the local context current. */
export const SWITCHED_TO_LOCAL = `Switched to context "${LOCAL_CONTEXT_NAME}".\n`;
