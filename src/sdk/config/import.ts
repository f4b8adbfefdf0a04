/**
 * Merging another config file's clusters, users and contexts into ours (`config import`). An
 * entry of a name we do not have is added; one equal to ours changes nothing; one that differs is
 * a conflict, settled as asked: refused (the default: nothing is written), skipped, overwritten,
 * or imported under a new name (`NAME-2`, ...) with the imported contexts pointing at the new
 * names. Paths in the imported entries are made absolute, since they were relative to the other
 * file. The current context is not changed.
 */
import { isDeepStrictEqual } from 'node:util';
import { ConfigError } from '../errors.js';
import { resolveAgainst } from './paths.js';
import type { ClusterEntry, ConfigModel, ContextEntry, EntryKind, UserEntry } from './types.js';

/** How a conflicting entry is settled. */
export type ImportConflictPolicy = 'refuse' | 'rename' | 'skip' | 'overwrite';

/** What happened to one imported entry. */
export interface ImportedEntry {
  kind: EntryKind;
  name: string;
  /** `added`, `unchanged` (ours was equal), or a conflict's settlement. */
  result: 'added' | 'unchanged' | 'conflict' | 'renamed' | 'skipped' | 'overwritten';
  /** The name it was imported under (`renamed`, or `unchanged` when an earlier import renamed it). */
  newName?: string | undefined;
  /** The file it came from. */
  source: string;
}

const KINDS: readonly EntryKind[] = ['clusters', 'users', 'contexts'];

function absolutePaths(kind: EntryKind, entry: ClusterEntry | UserEntry | ContextEntry, baseDir: string): void {
  if (kind === 'clusters') {
    const c = entry as ClusterEntry;
    if (typeof c['certificate-authority'] === 'string') c['certificate-authority'] = resolveAgainst(c['certificate-authority'], baseDir);
  } else if (kind === 'users') {
    const u = entry as UserEntry;
    for (const key of ['client-certificate', 'client-key', 'tokenFile'] as const) {
      const v = u[key];
      if (typeof v === 'string') u[key] = resolveAgainst(v, baseDir);
    }
  }
}

function freeName(name: string, taken: (n: string) => boolean): string {
  for (let i = 2; ; i += 1) {
    const candidate = `${name}-${i}`;
    if (!taken(candidate)) return candidate;
  }
}

/**
 * Imports `incoming` (read from `source`; its relative paths are against `baseDir`) into `config`,
 * and reports each entry. Under the `refuse` policy a conflicting entry is left out and reported
 * as `conflict`: the caller then writes nothing ({@link ImportConflictError}).
 */
export function importConfig(config: ConfigModel, incoming: ConfigModel, source: string, baseDir: string, policy: ImportConflictPolicy): ImportedEntry[] {
  const report: ImportedEntry[] = [];
  const renamed: Record<'clusters' | 'users', Map<string, string>> = { clusters: new Map(), users: new Map() };
  for (const kind of KINDS) {
    const ours = config[kind] as Map<string, ClusterEntry | UserEntry | ContextEntry>;
    const theirs = incoming[kind] as Map<string, ClusterEntry | UserEntry | ContextEntry>;
    for (const [name, original] of theirs) {
      const entry = structuredClone(original);
      absolutePaths(kind, entry, baseDir);
      if (kind === 'contexts') {
        const ctx = entry as ContextEntry;
        if (ctx.cluster !== undefined) ctx.cluster = renamed.clusters.get(ctx.cluster) ?? ctx.cluster;
        if (ctx.user !== undefined) ctx.user = renamed.users.get(ctx.user) ?? ctx.user;
      }
      const existing = ours.get(name);
      if (existing === undefined) {
        ours.set(name, entry);
        report.push({ kind, name, result: 'added', source });
        continue;
      }
      if (isDeepStrictEqual(existing, entry)) {
        report.push({ kind, name, result: 'unchanged', source });
        continue;
      }
      switch (policy) {
        case 'refuse':
          report.push({ kind, name, result: 'conflict', source });
          break;
        case 'skip':
          report.push({ kind, name, result: 'skipped', source });
          break;
        case 'overwrite':
          ours.set(name, entry);
          report.push({ kind, name, result: 'overwritten', source });
          break;
        case 'rename': {
          // Imported before under a new name: the same entry is not added a second time.
          const earlier = [...ours.keys()].find((n) => n.startsWith(`${name}-`) && /^\d+$/.test(n.slice(name.length + 1)) && isDeepStrictEqual(ours.get(n), entry));
          const newName = earlier ?? freeName(name, (n) => ours.has(n) || theirs.has(n));
          if (earlier === undefined) ours.set(newName, entry);
          if (kind !== 'contexts') renamed[kind].set(name, newName);
          report.push({ kind, name, result: earlier === undefined ? 'renamed' : 'unchanged', newName, source });
          break;
        }
      }
    }
  }
  return report;
}

/** A refused import: the conflicts, and the whole report for the message. */
export class ImportConflictError extends ConfigError {
  static override readonly brand: string = 'ImportConflictError';
  override name = 'ImportConflictError';
  constructor(readonly imported: readonly ImportedEntry[]) {
    const conflicts = imported.filter((e) => e.result === 'conflict');
    super(`${conflicts.length} ${conflicts.length === 1 ? 'entry differs' : 'entries differ'} from ours (${conflicts.map((c) => `${c.kind.slice(0, -1)} ${JSON.stringify(c.name)}`).join(', ')}): nothing was imported; choose --on-conflict=rename, skip or overwrite`);
  }
}
