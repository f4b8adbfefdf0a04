/**
 * Which files a configuration comes from, which file a new entry goes to, and how relative paths
 * inside a file are resolved and written back (client-go's loading rules and `PathOptions`).
 */
import { statSync } from 'node:fs';
import * as path from 'node:path';
import { CONFIG_ENV, CONFIG_FILE_NAME, HOME_DIR_NAME } from '../naming.js';
import type { ClusterEntry, ConfigAccess, UserEntry } from './types.js';

/** Options of {@link configAccess}. */
export interface ConfigAccessOptions {
  /** `--kubeconfig`: only this file is read (and written). */
  explicitPath?: string | undefined;
  /** Environment variables; `PLATFORMCONFIG` is read from here (never from `process.env`). */
  env: Readonly<Record<string, string | undefined>>;
  /** Home directory, for `~/.platform/config`. */
  homedir: string;
  /** Working directory for relative file names; absent: the process's. */
  cwd?: string | undefined;
}

/** `~/.platform/config` for `homedir`. */
export function defaultConfigPath(homedir: string): string {
  return path.join(homedir, HOME_DIR_NAME, CONFIG_FILE_NAME);
}

/**
 * The loading precedence: the explicit file alone; else `$PLATFORMCONFIG` split on the path
 * delimiter, empty entries dropped, duplicates removed (first kept); else the default file.
 */
export function configAccess(options: ConfigAccessOptions): ConfigAccess {
  const base = { homedir: options.homedir, ...(options.cwd === undefined ? {} : { cwd: options.cwd }) };
  if (options.explicitPath !== undefined && options.explicitPath !== '') {
    return { ...base, explicitPath: options.explicitPath, precedence: [options.explicitPath], fromEnv: false };
  }
  const envValue = options.env[CONFIG_ENV] ?? '';
  const fromEnv = [...new Set(envValue.split(path.delimiter).filter((p) => p !== ''))];
  if (fromEnv.length > 0) return { ...base, precedence: fromEnv, fromEnv: true };
  return { ...base, precedence: [defaultConfigPath(options.homedir)], fromEnv: false };
}

/** The path to open for `file` (resolved against the access's working directory when relative). */
export function ioPath(access: ConfigAccess, file: string): string {
  return access.cwd === undefined ? file : path.resolve(access.cwd, file);
}

function exists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where a new entry (or a new `current-context`) is written: the explicit file; else, from the
 * environment list, the only entry, the first existing one, or the last one; else the default file.
 */
export function defaultFilename(access: ConfigAccess): string {
  if (access.explicitPath !== undefined) return access.explicitPath;
  const list = access.precedence;
  if (!access.fromEnv || list.length === 1) return list[0] as string;
  return list.find((f) => exists(ioPath(access, f))) ?? (list[list.length - 1] as string);
}

/** Resolves `p` against `baseDir` unless empty or absolute. */
export function resolveAgainst(p: string, baseDir: string): string {
  return p === '' || path.isAbsolute(p) ? p : path.join(baseDir, p);
}

/** Directory of the file an entry came from, for resolving its relative paths. */
export function originDir(access: ConfigAccess, origin: string): string {
  return path.dirname(ioPath(access, origin));
}

/** Whether an exec command is a path (resolved like files) rather than a name looked up on PATH. */
export function isPathCommand(command: string): boolean {
  return command.includes(path.sep) || command.includes('/');
}

/**
 * client-go's `RelativizePathWithNoBacksteps`: a path below `baseDir` becomes relative to it;
 * one outside stays absolute.
 */
function relativize(p: string, baseDir: string): string {
  if (p === '') return p;
  const abs = resolveAgainst(p, baseDir);
  const rel = path.relative(baseDir, abs);
  if (rel === '' || rel.startsWith(`..${path.sep}`) || rel === '..' || path.isAbsolute(rel)) return abs;
  return rel;
}

/** Rewrites a cluster's file paths relative to the file it is written to (`baseDir`), when possible. */
export function relativizeCluster(cluster: ClusterEntry, baseDir: string): void {
  const ca = cluster['certificate-authority'];
  if (typeof ca === 'string' && ca !== '') cluster['certificate-authority'] = relativize(ca, baseDir);
}

/** Rewrites a user's file paths (certificate, key, token file, exec command path) likewise. */
export function relativizeUser(user: UserEntry, baseDir: string): void {
  for (const key of ['client-certificate', 'client-key', 'tokenFile'] as const) {
    const v = user[key];
    if (typeof v === 'string' && v !== '') user[key] = relativize(v, baseDir);
  }
  const exec = user.exec;
  if (exec !== undefined && typeof exec.command === 'string' && isPathCommand(exec.command)) {
    const rel = relativize(exec.command, baseDir);
    // kubectl would write `plugin` for a plugin next to the file, which then means "look it up on
    // PATH"; `./plugin` keeps it a path.
    exec.command = isPathCommand(rel) ? rel : `.${path.sep}${rel}`;
  }
}
