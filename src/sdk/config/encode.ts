/**
 * A {@link ConfigModel} as kubectl serializes a config (client-go's v1 `Config`): fields in Go
 * struct order (which `-o json` shows), `omitempty` rules (`server`, `cluster`, `user`,
 * `current-context` always present; `clusters: null` when empty), named lists sorted by name,
 * and exec plugins with `args`, `env` and `provideClusterInfo` always spelled out.
 */
import { compareUtf8, inGoFieldOrder, toJson } from '../../machinery/json/go-json.js';
import { setOwn } from '../../machinery/json/own-keys.js';
import { toYaml } from '../../machinery/yaml/emit.js';
import type { ClusterEntry, ConfigModel, ContextEntry, ExecEntry, NamedExtension, Preferences, UserEntry } from './types.js';

/** Options of {@link encodeConfig}. */
export interface EncodeOptions {
  /** Keep fields this version does not know (when rewriting a file); `config view` drops them. */
  keepUnknown?: boolean | undefined;
  /** Unknown top-level fields of the file being rewritten. */
  extra?: Record<string, unknown> | undefined;
}

type Obj = Record<string, unknown>;

/** Go's `sort.Strings`: byte order of the UTF-8 encoding (machinery's {@link compareUtf8}). */
export const compareGoStrings = compareUtf8;

function nonEmpty(v: unknown): boolean {
  if (v === undefined || v === null || v === '' || v === false) return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return true;
}

/** Copies the known fields in `order` (dropping empty `omitempty` ones), then unknown fields. */
function ordered(source: Obj, order: readonly string[], always: readonly string[], keepUnknown: boolean, convert: Obj = {}): Obj {
  const out: Obj = {};
  for (const key of order) {
    const v = Object.hasOwn(convert, key) ? convert[key] : source[key];
    if (nonEmpty(v)) setOwn(out, key, v);
    else if (always.includes(key)) setOwn(out, key, v ?? defaultFor(key));
  }
  if (keepUnknown) {
    for (const [key, v] of Object.entries(source)) if (!order.includes(key)) setOwn(out, key, v);
  }
  return out;
}

/** The zero value Go writes for a field without `omitempty`: `null` for slices and maps. */
function defaultFor(key: string): unknown {
  return key === 'args' || key === 'env' || key === 'config' ? null : key === 'provideClusterInfo' ? false : '';
}

/** `extensions` as kubectl writes them: one per name (the last wins), sorted by name. */
function encodeExtensions(list: readonly NamedExtension[] | undefined): Obj[] | undefined {
  if (list === undefined || list.length === 0) return undefined;
  const byName = new Map<string, unknown>();
  for (const e of list) byName.set(typeof e.name === 'string' ? e.name : '', e.extension);
  return [...byName.keys()].sort(compareGoStrings).map((name) => ({ name, extension: byName.get(name) }));
}

const CLUSTER_ORDER = ['server', 'tls-server-name', 'insecure-skip-tls-verify', 'certificate-authority', 'certificate-authority-data', 'proxy-url', 'disable-compression', 'extensions'];
const USER_ORDER = [
  'client-certificate', 'client-certificate-data', 'client-key', 'client-key-data', 'token', 'tokenFile', 'as', 'as-uid', 'as-groups',
  'as-user-extra', 'username', 'password', 'auth-provider', 'exec', 'extensions',
];
const CONTEXT_ORDER = ['cluster', 'user', 'namespace', 'extensions'];
const EXEC_ORDER = ['command', 'args', 'env', 'apiVersion', 'installHint', 'provideClusterInfo', 'interactiveMode'];

/** A cluster entry in kubectl's form. */
export function encodeCluster(c: ClusterEntry, keepUnknown = false): Obj {
  return ordered(c, CLUSTER_ORDER, ['server'], keepUnknown, { extensions: encodeExtensions(c.extensions) });
}

function encodeExec(e: ExecEntry, keepUnknown: boolean): Obj {
  const env = e.env?.map((v) => ({ name: v.name ?? '', value: v.value ?? '' }));
  return ordered(e, EXEC_ORDER, ['command', 'args', 'env', 'provideClusterInfo'], keepUnknown, { env });
}

/** A user entry in kubectl's form. */
export function encodeUser(u: UserEntry, keepUnknown = false): Obj {
  const convert: Obj = { extensions: encodeExtensions(u.extensions) };
  if (u.exec !== undefined) convert.exec = encodeExec(u.exec, keepUnknown);
  const provider = u['auth-provider'];
  if (provider !== undefined) convert['auth-provider'] = ordered(provider, ['name', 'config'], ['name', 'config'], keepUnknown);
  return ordered(u, USER_ORDER, [], keepUnknown, convert);
}

/** A context entry in kubectl's form. */
export function encodeContext(c: ContextEntry, keepUnknown = false): Obj {
  return ordered(c, CONTEXT_ORDER, ['cluster', 'user'], keepUnknown, { extensions: encodeExtensions(c.extensions) });
}

function encodePreferences(p: Preferences, keepUnknown: boolean): Obj {
  return ordered(p, ['colors', 'extensions'], [], keepUnknown, { extensions: encodeExtensions(p.extensions) });
}

function namedList<T>(map: ReadonlyMap<string, T>, field: string, encode: (entry: T) => Obj): Obj[] | null {
  if (map.size === 0) return null;
  return [...map.keys()].sort(compareGoStrings).map((name) => ({ name, [field]: encode(map.get(name) as T) }));
}

/** The whole configuration as kubectl's v1 `Config` object (key order = `-o json` order). */
export function encodeConfig(model: ConfigModel, options: EncodeOptions = {}): Obj {
  const keep = options.keepUnknown === true;
  const out: Obj = {
    kind: 'Config',
    apiVersion: 'v1',
    preferences: encodePreferences(model.preferences, keep),
    clusters: namedList(model.clusters, 'cluster', (c) => encodeCluster(c, keep)),
    users: namedList(model.users, 'user', (u) => encodeUser(u, keep)),
    contexts: namedList(model.contexts, 'context', (c) => encodeContext(c, keep)),
    'current-context': model.currentContext,
  };
  const extensions = encodeExtensions(model.extensions);
  if (extensions !== undefined) out.extensions = extensions;
  if (keep && options.extra !== undefined) {
    for (const [key, v] of Object.entries(options.extra)) if (!Object.hasOwn(out, key)) setOwn(out, key, v);
  }
  return out;
}

/** A config file's text as kubectl writes it. */
export function configToYaml(model: ConfigModel, options: EncodeOptions = {}): string {
  return toYaml(encodeConfig(model, options));
}

function sortKeysDeep(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeysDeep);
  if (typeof v === 'object' && v !== null) {
    const out: Obj = {};
    for (const key of Object.keys(v).sort(compareGoStrings)) setOwn(out, key, sortKeysDeep((v as Obj)[key]));
    return out;
  }
  return v;
}

/** Maps (as opposed to structs) are sorted by Go: extension payloads, as-user-extra and auth-provider config. */
const MAP_FIELDS = new Set(['extension', 'as-user-extra', 'config']);

/** A copy of `v` with its maps sorted and its structs in the order they were built in. */
function withSortedMaps(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withSortedMaps);
  if (typeof v !== 'object' || v === null) return v;
  const out: Obj = {};
  for (const [key, item] of Object.entries(v)) setOwn(out, key, MAP_FIELDS.has(key) ? sortKeysDeep(item) : withSortedMaps(item));
  return out;
}

/**
 * JSON as Go's `json.MarshalIndent(v, "", "    ")` writes it (machinery's Go JSON writer): struct
 * fields in the order {@link encodeConfig} gives them, map keys (`as-user-extra`, extension data)
 * sorted, `<`, `>`, `&`, U+2028/2029 escaped.
 */
export function toGoJson(value: unknown): string {
  return `${toJson(inGoFieldOrder(withSortedMaps(value) as object), { indent: '    ' })}\n`;
}
