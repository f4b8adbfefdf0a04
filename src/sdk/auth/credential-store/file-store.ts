/**
 * The fallback credential store when no OS keychain is available: one JSON file (by default
 * `~/.platform/credentials.json`), mode 0600, replaced atomically under a lock, so that concurrent
 * writers (two exec-plugin refreshes) never leave a torn or half-merged file.
 */
import { chmod, mkdir, open, rename, unlink } from 'node:fs/promises';
import * as path from 'node:path';
import { readTextFileLimited, type ReadLimit } from '../../bounded-read.js';
import { ConfigError, TooLargeError } from '../../errors.js';
import { acquireLock } from '../../config/lock.js';
import { uniqueSuffix } from '../../config/unique.js';
import type { CredentialStore } from './types.js';
import { errnoCode } from '../../config/fs-errors.js';

/** The file's content: secrets by service, then by account. */
interface CredentialFile {
  version: 1;
  entries: Record<string, Record<string, string>>;
}

/** The store holds tokens of a few logins: a config file's worth of room is plenty. */
const CREDENTIAL_STORE_LIMIT: ReadLimit = { bytes: 16 * 1024 * 1024, what: 'a credential file' };

function emptyFile(): CredentialFile {
  return { version: 1, entries: Object.create(null) as Record<string, Record<string, string>> };
}

/** Parses the file; anything that is not our shape is an error naming the file (never its content). */
function parse(text: string, file: string): CredentialFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ConfigError(`credential file "${file}" is not valid JSON`, { file });
  }
  const result = emptyFile();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ConfigError(`credential file "${file}" is not a JSON object`, { file });
  const entries = (value as { entries?: unknown }).entries;
  if (entries === undefined) return result;
  if (typeof entries !== 'object' || entries === null) throw new ConfigError(`credential file "${file}" has no valid "entries" object`, { file });
  for (const [service, accounts] of Object.entries(entries)) {
    if (typeof accounts !== 'object' || accounts === null) continue;
    const kept = Object.create(null) as Record<string, string>;
    for (const [account, secret] of Object.entries(accounts as Record<string, unknown>)) {
      if (typeof secret === 'string') kept[account] = secret;
    }
    result.entries[service] = kept;
  }
  return result;
}

/** A {@link CredentialStore} in one JSON file, mode 0600. */
export class FileCredentialStore implements CredentialStore {
  readonly kind = 'file' as const;
  /** The file path. */
  readonly location: string;

  constructor(file: string) {
    this.location = file;
  }

  private async read(): Promise<CredentialFile> {
    let text: string;
    try {
      text = await readTextFileLimited(this.location, CREDENTIAL_STORE_LIMIT);
    } catch (err) {
      if (errnoCode(err) === 'ENOENT') return emptyFile();
      throw new ConfigError(`cannot read credential file "${this.location}": ${err instanceof TooLargeError ? err.message : errnoCode(err) ?? 'I/O error'}`, { file: this.location, cause: err });
    }
    return text.trim() === '' ? emptyFile() : parse(text, this.location);
  }

  private async write(content: CredentialFile): Promise<void> {
    const dir = path.dirname(this.location);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const temp = path.join(dir, `.${path.basename(this.location)}.tmp-${uniqueSuffix()}`);
    try {
      const handle = await open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(`${JSON.stringify(content, null, 2)}\n`, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      // The umask cannot widen 0600, but a pre-existing file could have been created wider.
      await chmod(temp, 0o600);
      await rename(temp, this.location);
    } catch (err) {
      await unlink(temp).catch(() => undefined);
      throw new ConfigError(`cannot write credential file "${this.location}": ${errnoCode(err) ?? 'I/O error'}`, { file: this.location, cause: err });
    }
  }

  /** Read-modify-write under the file's lock. */
  private async update<T>(change: (content: CredentialFile) => T): Promise<T> {
    await mkdir(path.dirname(this.location), { recursive: true, mode: 0o700 });
    const release = await acquireLock(this.location);
    try {
      const content = await this.read();
      const result = change(content);
      await this.write(content);
      return result;
    } finally {
      await release();
    }
  }

  async get(service: string, account: string): Promise<string | undefined> {
    const content = await this.read();
    return content.entries[service]?.[account];
  }

  async set(service: string, account: string, secret: string): Promise<void> {
    await this.update((content) => {
      const accounts = content.entries[service] ?? (Object.create(null) as Record<string, string>);
      accounts[account] = secret;
      content.entries[service] = accounts;
    });
  }

  async delete(service: string, account: string): Promise<boolean> {
    if ((await this.get(service, account)) === undefined) return false;
    return this.update((content) => {
      const accounts = content.entries[service];
      if (accounts === undefined || !(account in accounts)) return false;
      delete accounts[account];
      if (Object.keys(accounts).length === 0) delete content.entries[service];
      return true;
    });
  }
}
