/**
 * Merging several config files as client-go does: for clusters, users and contexts the first file
 * that defines a name wins whole (entries are never merged field by field); for `current-context`
 * and the preferences the first non-empty value wins.
 */
import { emptyModel } from '../types/kubeconfig-decode.js';
import { setOwn } from '../../machinery/json/own-keys.js';
import type { ConfigFile, ConfigModel, ConfigOrigins, EntryKind } from './types.js';

const KINDS: readonly EntryKind[] = ['clusters', 'users', 'contexts'];

/** Merges `files` (first wins) and records which file each entry came from. */
export function mergeFiles(files: readonly ConfigFile[]): { config: ConfigModel; origins: ConfigOrigins } {
  const config = emptyModel();
  const origins: ConfigOrigins = { clusters: new Map(), users: new Map(), contexts: new Map() };
  for (const file of files) {
    for (const kind of KINDS) {
      const target = config[kind] as Map<string, unknown>;
      for (const [name, entry] of file.model[kind] as Map<string, unknown>) {
        if (target.has(name)) continue;
        target.set(name, entry);
        origins[kind].set(name, file.path);
      }
    }
    if (config.currentContext === '' && file.model.currentContext !== '') {
      config.currentContext = file.model.currentContext;
      origins.currentContext = file.path;
    }
    const prefs = file.model.preferences;
    for (const [key, value] of Object.entries(prefs)) {
      const present = config.preferences[key];
      const empty = present === undefined || present === false || (Array.isArray(present) && present.length === 0);
      if (empty) setOwn(config.preferences, key, value);
    }
    if ((config.extensions ?? []).length === 0 && (file.model.extensions ?? []).length > 0) {
      config.extensions = file.model.extensions as NonNullable<ConfigModel['extensions']>;
    }
  }
  return { config, origins };
}
