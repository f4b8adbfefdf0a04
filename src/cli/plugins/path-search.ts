/**
 * Looking for executables on PATH, as a shell does: each directory in order, executable regular
 * files only (on Windows, names completed with the PATHEXT extensions).
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The PATH directories from `env`, in order, without empty entries and duplicates. */
export function pathDirectories(env: Readonly<Record<string, string | undefined>>): string[] {
  const raw = env.PATH ?? env.Path ?? '';
  const seen = new Set<string>();
  const dirs: string[] = [];
  for (const d of raw.split(delimiter)) {
    if (d.trim() === '' || seen.has(d)) continue;
    seen.add(d);
    dirs.push(d);
  }
  return dirs;
}

/** Windows executable extensions (`.EXE;.CMD;...` from PATHEXT); empty elsewhere. */
export function executableExtensions(env: Readonly<Record<string, string | undefined>>, platform = process.platform): string[] {
  if (platform !== 'win32') return [];
  return (env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter((e) => e !== '').map((e) => e.toLowerCase());
}

/** Whether `file` is a regular file the current user may execute. */
export function isExecutableFile(file: string, platform = process.platform): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    if (platform === 'win32') return /\.(bat|cmd|com|exe|ps1)$/i.test(file);
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable named `name` on PATH, or undefined. */
export function findExecutable(name: string, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const exts = executableExtensions(env);
  for (const dir of pathDirectories(env)) {
    for (const candidate of [name, ...exts.map((e) => name + e)]) {
      const file = join(dir, candidate);
      if (isExecutableFile(file)) return file;
    }
  }
  return undefined;
}
