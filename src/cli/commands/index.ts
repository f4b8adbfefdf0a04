/**
 * The top-level command table. Entries are lazy: a spec module is imported only when its command
 * runs, when help lists all commands, or when completions and man pages are generated.
 */
import type { CommandSpec } from '../framework/spec.js';
// `version` is the start-up benchmark and the lightest command: it lives in the main bundle chunk
// instead of its own lazily loaded chunks (each extra chunk costs about a millisecond to load).
import { spec as versionSpec } from './version/spec.js';

/** One top-level command. */
export interface CommandEntry {
  name: string;
  aliases?: string[];
  load: () => Promise<CommandSpec>;
}

/** All top-level commands, in the order root help shows them within their groups. */
export const COMMANDS: readonly CommandEntry[] = [
  { name: 'api-resources', load: async () => (await import('./api-resources/spec.js')).spec },
  { name: 'api-versions', load: async () => (await import('./api-versions/spec.js')).spec },
  { name: 'get', load: async () => (await import('./get/spec.js')).spec },
  { name: 'watch', load: async () => (await import('./watch/spec.js')).spec },
  { name: 'describe', load: async () => (await import('./describe/spec.js')).spec },
  { name: 'explain', load: async () => (await import('./explain/spec.js')).spec },
  { name: 'version', load: async () => versionSpec },
  { name: 'config', load: async () => (await import('./config/spec.js')).spec },
  { name: 'completion', load: async () => (await import('./completion/spec.js')).spec },
  { name: 'plugin', load: async () => (await import('./plugin/spec.js')).spec },
  { name: 'options', load: async () => (await import('./options/spec.js')).spec },
  { name: 'local', load: async () => (await import('./local/spec.js')).spec },
  { name: 'apply', load: async () => (await import('./apply/spec.js')).spec },
  { name: 'diff', load: async () => (await import('./diff/spec.js')).spec },
  { name: 'create', load: async () => (await import('./create/spec.js')).spec },
  { name: 'replace', load: async () => (await import('./replace/spec.js')).spec },
  { name: 'delete', load: async () => (await import('./delete/spec.js')).spec },
  { name: 'label', load: async () => (await import('./label/spec.js')).spec },
  { name: 'annotate', load: async () => (await import('./annotate/spec.js')).spec },
  { name: 'patch', load: async () => (await import('./patch/spec.js')).spec },
  { name: 'wait', load: async () => (await import('./wait/spec.js')).spec },
  { name: 'kustomize', load: async () => (await import('./kustomize/spec.js')).spec },
  { name: 'edit', load: async () => (await import('./edit/spec.js')).spec },
  { name: 'cluster-info', load: async () => (await import('./cluster-info/spec.js')).spec },
  { name: 'certificate', load: async () => (await import('./certificate/spec.js')).spec },
  { name: 'bootstrap', load: async () => (await import('./bootstrap/spec.js')).spec },
  { name: 'auth', load: async () => (await import('./auth/spec.js')).spec },
  { name: 'login', load: async () => (await import('./login/spec.js')).spec },
  { name: 'logout', load: async () => (await import('./logout/spec.js')).spec },
  { name: 'logs', load: async () => (await import('./logs/spec.js')).spec },
  { name: 'exec', load: async () => (await import('./exec/spec.js')).spec },
  { name: 'attach', load: async () => (await import('./attach/spec.js')).spec },
  { name: 'cp', load: async () => (await import('./cp/spec.js')).spec },
  { name: 'port-forward', load: async () => (await import('./port-forward/spec.js')).spec },
  { name: 'proxy', load: async () => (await import('./proxy/spec.js')).spec },
  { name: 'debug', load: async () => (await import('./debug/spec.js')).spec },
  { name: 'blame', load: async () => (await import('./blame/spec.js')).spec },
  { name: 'help', load: async () => (await import('./help/spec.js')).spec },
  { name: 'credential', load: async () => (await import('./credential/spec.js')).spec },
  { name: 'rollout', load: async () => (await import('./rollout/spec.js')).spec },
  { name: 'scale', load: async () => (await import('./scale/spec.js')).spec },
  { name: 'autoscale', load: async () => (await import('./autoscale/spec.js')).spec },
  { name: 'run', load: async () => (await import('./run/spec.js')).spec },
  { name: 'expose', load: async () => (await import('./expose/spec.js')).spec },
  { name: 'cordon', load: async () => (await import('./cordon/spec.js')).spec },
  { name: 'uncordon', load: async () => (await import('./uncordon/spec.js')).spec },
  { name: 'drain', load: async () => (await import('./drain/spec.js')).spec },
  { name: 'taint', load: async () => (await import('./taint/spec.js')).spec },
  { name: 'set', load: async () => (await import('./set/spec.js')).spec },
  { name: 'events', load: async () => (await import('./events/spec.js')).spec },
  { name: 'top', load: async () => (await import('./top/spec.js')).spec },
  { name: 'alpha', load: async () => (await import('./alpha/spec.js')).spec },
  { name: '__complete', aliases: ['__completeNoDesc'], load: async () => (await import('./complete/spec.js')).spec },
];

/** Finds a top-level command by name or alias. */
export function findCommand(name: string): CommandEntry | undefined {
  return COMMANDS.find((c) => c.name === name || (c.aliases ?? []).includes(name));
}

/** Loads every top-level spec (for root help, completions, man pages). */
export async function loadAllSpecs(): Promise<CommandSpec[]> {
  return Promise.all(COMMANDS.map((c) => c.load()));
}
