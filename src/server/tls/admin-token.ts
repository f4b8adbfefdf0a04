/**
 * The admin bearer token: random, kept in the data directory (0600) so that it survives restarts.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeSecretFile } from './certificates.js';

/** File name of the admin token in the data directory. */
export const ADMIN_TOKEN_FILE = 'admin-token';

/** A new random token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Reads the token of `dataDir`, creating it on first start. */
export async function loadOrCreateAdminToken(dataDir: string): Promise<string> {
  const path = join(dataDir, ADMIN_TOKEN_FILE);
  try {
    const t = (await readFile(path, 'utf8')).trim();
    if (t !== '') return t;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const token = newToken();
  await writeSecretFile(path, `${token}\n`);
  return token;
}
