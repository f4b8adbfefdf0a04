/**
 * Completion for plugins, as kubectl (1.26+) does it: the top-level <TAB> lists the commands that
 * plugins on PATH add (`platformctl-foo-bar` adds `foo`, then `bar` below it), and the arguments of
 * a plugin are completed by its own `platformctl_complete-<name>` executable, which speaks the
 * `__complete` protocol (candidates, then `:<directive>`). Without one, the shell completes file
 * names.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BINARY_NAME, PLUGIN_PREFIX } from '../../sdk/naming.js';
import type { CompletionResult } from '../completion/result.js';
import { findExecutable, isExecutableFile, pathDirectories } from './path-search.js';

/** Prefix of a plugin's completion executable (`platformctl_complete-foo`). */
export const PLUGIN_COMPLETION_PREFIX = `${BINARY_NAME}_complete-`;

/** How long a plugin's completion executable may take. */
const PLUGIN_COMPLETION_TIMEOUT_MS = 3000;

/** The command paths plugins on PATH add (`platformctl-foo_bar-baz` → `['foo-bar', 'baz']`). */
export function pluginCommandPaths(env: Readonly<Record<string, string | undefined>>): string[][] {
  const paths: string[][] = [];
  const seen = new Set<string>();
  for (const dir of pathDirectories(env)) {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.startsWith(PLUGIN_PREFIX) || seen.has(entry)) continue;
      if (!isExecutableFile(join(dir, entry))) continue;
      seen.add(entry);
      paths.push(entry.slice(PLUGIN_PREFIX.length).split('-').map((w) => w.replace(/_/g, '-')));
    }
  }
  return paths;
}

/** Parses `__complete` protocol output; undefined when it has no directive line. */
export function parseCompletionOutput(text: string): CompletionResult | undefined {
  const lines = text.split('\n');
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const last = lines.pop();
  if (last === undefined || !/^:\d+$/.test(last)) return undefined;
  const candidates = lines.filter((l) => l !== '').map((l) => {
    const tab = l.indexOf('\t');
    return tab < 0 ? { value: l } : { value: l.slice(0, tab), description: l.slice(tab + 1) };
  });
  return { candidates, directive: Number(last.slice(1)) };
}

/** What {@link completePluginArgs} found. */
export interface PluginArgsCompletion {
  /** Next words of longer plugin names (`bar` after `foo` for `platformctl-foo-bar`). */
  subcommands: string[];
  /** The answer of the plugin's completion executable, when it has one that answered. */
  answer: CompletionResult | undefined;
}

/**
 * Completes the words after an unknown top-level command (`words[0]`; the last word is the one
 * under the cursor): the next words of longer plugin names, and what the plugin's completion
 * executable answers.
 */
export async function completePluginArgs(
  words: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  builtins: readonly string[],
): Promise<PluginArgsCompletion> {
  const toComplete = words[words.length - 1] ?? '';
  const typed = words.slice(0, -1);
  const next = new Set<string>();
  if (typed.every((w) => !w.startsWith('-'))) {
    for (const path of pluginCommandPaths(env)) {
      if (path.length > typed.length && typed.every((w, i) => path[i] === w) && (path[typed.length] ?? '').startsWith(toComplete)) {
        next.add(path[typed.length] as string);
      }
    }
  }
  const subcommands = [...next].sort();
  // Loaded here: listing the plugin commands (every top-level <TAB>) does not need it.
  const { findPlugin } = await import('./lookup.js');
  const match = findPlugin(typed, env, builtins);
  const completer = match === undefined ? undefined : findExecutable(PLUGIN_COMPLETION_PREFIX + match.name.slice(PLUGIN_PREFIX.length), env);
  const answer = match === undefined || completer === undefined ? undefined : await runCompleter(completer, [...match.args, toComplete], env);
  return { subcommands, answer };
}

/** Runs a completion executable with a deadline; undefined when it fails or answers nonsense. */
async function runCompleter(file: string, args: string[], env: Readonly<Record<string, string | undefined>>): Promise<CompletionResult | undefined> {
  // node:child_process costs milliseconds to load; listing plugin commands never needs it.
  const { spawn } = await import('node:child_process');
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) childEnv[k] = v;
  return new Promise((resolve) => {
    const child = spawn(file, args, { env: childEnv, stdio: ['ignore', 'pipe', 'ignore'], timeout: PLUGIN_COMPLETION_TIMEOUT_MS });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
    });
    child.on('error', () => resolve(undefined));
    child.on('close', (code) => resolve(code === 0 ? parseCompletionOutput(out) : undefined));
  });
}
