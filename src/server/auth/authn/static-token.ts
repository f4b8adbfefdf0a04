/**
 * Static token users (`--token-auth-file`): a CSV file of `token,user,uid[,"group1,group2"]`, as
 * the API server's token file.
 */
import { readFile } from 'node:fs/promises';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { UserInfo } from '../../request/user.js';
import { parseCsv } from './csv.js';
import type { TokenAuthenticator, TokenResult } from './token.js';

/** One user of the token file. */
export interface StaticTokenUser {
  token: string;
  username: string;
  uid: string;
  groups?: string[];
}

/** Parses the token file text; `source` names the file in errors. */
export function parseTokenFile(text: string, source: string): StaticTokenUser[] {
  const users: StaticTokenUser[] = [];
  parseCsv(text).forEach((record, i) => {
    if (record.length < 3) throw new Error(`token file '${source}' must have at least 3 columns (token, user name, user uid), found ${record.length}`);
    const [token = '', username = '', uid = '', groups] = record;
    if (token === '') throw new Error(`token file '${source}': record ${i + 1} has an empty token`);
    const u: StaticTokenUser = { token, username, uid };
    if (groups !== undefined && groups !== '') u.groups = groups.split(',').map((g) => g.trim()).filter((g) => g !== '');
    users.push(u);
  });
  return users;
}

/** Reads a token file. */
export async function readTokenFile(path: string): Promise<StaticTokenUser[]> {
  return parseTokenFile(await readFile(path, 'utf8'), path);
}

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

/** Authenticates the tokens of a token file (compared in constant time through their digests). */
export class StaticTokenAuthenticator implements TokenAuthenticator {
  private readonly users: { digest: Buffer; user: UserInfo }[];

  constructor(users: StaticTokenUser[]) {
    // Later lines win, as in the API server.
    const byToken = new Map<string, StaticTokenUser>();
    for (const u of users) byToken.set(u.token, u);
    this.users = [...byToken.values()].map((u) => ({
      digest: digest(u.token),
      user: { username: u.username, ...(u.uid !== '' ? { uid: u.uid } : {}), groups: [...(u.groups ?? [])] },
    }));
  }

  authenticateToken(token: string): TokenResult {
    const d = digest(token);
    for (const u of this.users) if (timingSafeEqual(u.digest, d)) return { kind: 'user', user: structuredClone(u.user), audiences: [] };
    return { kind: 'none' };
  }
}
