/**
 * `plugin list`'s scan of PATH: every file named `platformctl-*` in PATH order (directory entries
 * sorted by name), with kubectl's warnings: not executable, overshadowed by an earlier plugin of
 * the same name, or named like a built-in command (which always wins). kubectl's own plugins
 * (`kubectl-*`, as krew installs them) are noted as seen and skipped: they are never run.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { BINARY_NAME, KUBECTL_PLUGIN_PREFIX, PLUGIN_PREFIX } from '../../sdk/naming.js';
import { isExecutableFile, pathDirectories } from './path-search.js';

/** One plugin file found on PATH. */
export interface ListedPlugin {
  path: string;
  name: string;
  /** `warning: ...` lines about it. */
  warnings: string[];
}

/** The result of a PATH scan. */
export interface PluginScan {
  plugins: ListedPlugin[];
  /** Directories that could not be read, with the reason (`open /x: no such file or directory`). */
  unreadable: { dir: string; reason: string }[];
  /** Executables named `kubectl-*`: kubectl's plugins, which platformctl does not run. */
  skipped: { path: string; name: string }[];
}

/** Resolves the built-in command a plugin's name would stand for, e.g. `['get', 'x']` → `platformctl get`. */
export type BuiltinResolver = (path: readonly string[]) => Promise<string | undefined>;

const REASONS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  ENOTDIR: 'not a directory',
  EPERM: 'operation not permitted',
};

/** Scans the PATH of `env` for plugins. */
export async function scanPlugins(env: Readonly<Record<string, string | undefined>>, builtin: BuiltinResolver): Promise<PluginScan> {
  const scan: PluginScan = { plugins: [], unreadable: [], skipped: [] };
  const seen = new Map<string, string>();
  for (const dir of pathDirectories(env)) {
    let entries: string[];
    try {
      entries = readdirSync(dir).sort();
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? '';
      scan.unreadable.push({ dir, reason: `open ${dir}: ${REASONS[code] ?? (err as Error).message}` });
      continue;
    }
    for (const entry of entries) {
      if (entry.startsWith(KUBECTL_PLUGIN_PREFIX)) {
        const path = join(dir, entry);
        if (isExecutableFile(path)) scan.skipped.push({ path, name: entry });
        continue;
      }
      if (!entry.startsWith(PLUGIN_PREFIX)) continue;
      const path = join(dir, entry);
      try {
        if (statSync(path).isDirectory()) continue;
      } catch {
        // A dangling link is still reported, as not executable.
      }
      scan.plugins.push({ path, name: entry, warnings: await verify(path, seen, builtin) });
    }
  }
  return scan;
}

async function verify(path: string, seen: Map<string, string>, builtin: BuiltinResolver): Promise<string[]> {
  const warnings: string[] = [];
  const name = basename(path);
  if (!isExecutableFile(path)) warnings.push(`warning: ${path} identified as a ${BINARY_NAME} plugin, but it is not executable`);
  const earlier = seen.get(name);
  if (earlier !== undefined) warnings.push(`warning: ${path} is overshadowed by a similarly named plugin: ${earlier}`);
  else seen.set(name, path);
  const command = await builtin(name.slice(PLUGIN_PREFIX.length).split('-'));
  if (command !== undefined) warnings.push(`warning: ${name} overwrites existing command: "${command}"`);
  return warnings;
}
