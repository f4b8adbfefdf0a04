/**
 * Config files (kubeconfig): loading and merging, overrides, validation, resolution into a
 * {@link ClientConfig}, the in-cluster fallback, and locked atomic editing.
 *
 * @example
 * ```ts
 * const loaded = await loadConfig({ env: process.env, homedir: os.homedir() });
 * const config = await resolveClientConfig(loaded, { namespace: 'dev' }, { env: process.env });
 * await editConfig(loaded, (c) => { c.currentContext = 'local'; });
 * ```
 *
 * @packageDocumentation
 */
export type { ClientConfig, ExecClusterInfo, ExecConfig, ExecEnvVar, ImpersonationConfig } from './client-config.js';
export type {
  AuthProviderEntry, ClusterEntry, ConfigAccess, ConfigFile, ConfigModel, ConfigOrigins, ContextEntry, EntryKind, ExecEntry,
  ExecEnvEntry, LoadedConfig, NamedExtension, Preferences, UserEntry,
} from './types.js';
export { loadConfig, parseConfigFile } from './load.js';
export type { LoadConfigOptions } from './load.js';
export { configAccess, defaultConfigPath, defaultFilename } from './paths.js';
export type { ConfigAccessOptions } from './paths.js';
export { resolveClientConfig, effectiveContextName, EMPTY_CONFIG_MESSAGE } from './resolve.js';
export type { ResolveOptions } from './resolve.js';
export { parseRequestTimeout } from './overrides.js';
export type { ConfigOverrides, ImpersonationOverrides } from './overrides.js';
export { inClusterConfig, inClusterPossible } from './in-cluster.js';
export type { InClusterOptions } from './in-cluster.js';
export { editConfig } from './edit.js';
export { readHistory, switchContext, switchNamespace, HISTORY_EXTENSION } from './context-history.js';
export type { ContextHistory, ContextSwitch, NamespaceSwitch } from './context-history.js';
export { importConfig, ImportConflictError } from './import.js';
export type { ImportConflictPolicy, ImportedEntry } from './import.js';
export type { ConfigMutation, EditOptions, EditResult } from './edit.js';
export type { LockOptions } from './lock.js';
export { emptyModel } from '../types/kubeconfig-decode.js';
export { encodeConfig, configToYaml, toGoJson } from './encode.js';
/** YAML text of JSON-like data as kubectl writes it (machinery's one YAML writer, under its earlier name here). */
export { toYaml as toGoYaml } from '../../machinery/yaml/emit.js';
export { minifyConfig, flattenConfig, redactConfig, DATA_OMITTED, REDACTED } from './view.js';
