/**
 * The previous context and, per context, the previous namespace, kept in the config file's
 * `preferences` as one named extension (so `config use-context -` and `config use-namespace -`
 * go back, and any client that keeps unknown extensions carries them along), and the switches
 * that record them.
 */
import { ConfigError } from '../errors.js';
import { BINARY_NAME } from '../naming.js';
import type { ConfigModel, NamedExtension } from './types.js';
import { isJsonObject } from '../../machinery/json/values.js';

/** The name of the preferences extension that holds the history. */
export const HISTORY_EXTENSION = `${BINARY_NAME}/history`;

/** What the history holds. */
export interface ContextHistory {
  /** The context that was current before the last `use-context`. */
  previousContext?: string | undefined;
  /** Per context, the namespace it had before the last `use-namespace`. */
  previousNamespaces?: Record<string, string> | undefined;
}

/** The history in `config`'s preferences (empty when there is none or it is not ours). */
export function readHistory(config: ConfigModel): ContextHistory {
  const ext = config.preferences.extensions?.find((e) => e.name === HISTORY_EXTENSION)?.extension;
  if (!isJsonObject(ext)) return {};
  const history: ContextHistory = {};
  if (typeof ext.previousContext === 'string') history.previousContext = ext.previousContext;
  if (isJsonObject(ext.previousNamespaces)) {
    const namespaces: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [k, v] of Object.entries(ext.previousNamespaces)) if (typeof v === 'string') namespaces[k] = v;
    history.previousNamespaces = namespaces;
  }
  return history;
}

function writeHistory(config: ConfigModel, history: ContextHistory): void {
  const others = (config.preferences.extensions ?? []).filter((e) => e.name !== HISTORY_EXTENSION);
  const extension: Record<string, unknown> = {};
  if (history.previousContext !== undefined) extension.previousContext = history.previousContext;
  if (history.previousNamespaces !== undefined && Object.keys(history.previousNamespaces).length > 0) {
    extension.previousNamespaces = Object.fromEntries(Object.entries(history.previousNamespaces).sort(([a], [b]) => a.localeCompare(b)));
  }
  const entry: NamedExtension[] = Object.keys(extension).length === 0 ? [] : [{ name: HISTORY_EXTENSION, extension }];
  const extensions = [...others, ...entry];
  if (extensions.length === 0) delete config.preferences.extensions;
  else config.preferences.extensions = extensions;
}

/** A context switch: from which context to which. */
export interface ContextSwitch {
  from: string;
  to: string;
}

/**
 * Makes `name` the current context (`-`: the previous one) and remembers the one it replaces.
 * Throws a ConfigError when the context does not exist or there is no previous one.
 */
export function switchContext(config: ConfigModel, name: string): ContextSwitch {
  const history = readHistory(config);
  let to = name;
  if (name === '-') {
    if (history.previousContext === undefined || history.previousContext === '') throw new ConfigError('no previous context: use-context - goes back after a use-context NAME');
    to = history.previousContext;
  }
  if (to === '') throw new ConfigError('empty context names are not allowed');
  if (!config.contexts.has(to)) throw new ConfigError(`no context exists with the name: ${JSON.stringify(to)}`);
  const from = config.currentContext;
  config.currentContext = to;
  if (from !== to && from !== '') writeHistory(config, { ...history, previousContext: from });
  return { from, to };
}

/** A namespace switch in one context. */
export interface NamespaceSwitch {
  context: string;
  from: string;
  to: string;
}

/**
 * Sets the namespace of context `contextName` (`-`: its previous one) and remembers the one it
 * replaces. Throws a ConfigError when the context does not exist or has no previous namespace.
 */
export function switchNamespace(config: ConfigModel, contextName: string, namespace: string): NamespaceSwitch {
  const context = config.contexts.get(contextName);
  if (contextName === '' || context === undefined) {
    throw new ConfigError(contextName === '' ? 'current-context is not set' : `no context exists with the name: ${JSON.stringify(contextName)}`);
  }
  const history = readHistory(config);
  const previous = history.previousNamespaces ?? {};
  let to = namespace;
  if (namespace === '-') {
    const back = Object.hasOwn(previous, contextName) ? previous[contextName] : undefined;
    if (back === undefined) throw new ConfigError(`no previous namespace in context ${JSON.stringify(contextName)}: use-namespace - goes back after a use-namespace NAME`);
    to = back;
  }
  const from = context.namespace ?? '';
  if (to === '' || to === 'default') delete context.namespace;
  else context.namespace = to;
  if (from !== to) writeHistory(config, { ...history, previousNamespaces: { ...previous, [contextName]: from === '' ? 'default' : from } });
  return { context: contextName, from: from === '' ? 'default' : from, to: to === '' ? 'default' : to };
}
