/**
 * Turns a parsed config document into a {@link ConfigModel}, checking field types with kubectl's
 * rules and messages (`json: cannot unmarshal number into Go struct field Cluster.clusters.cluster.server
 * of type string`, `illegal base64 data at input byte 4`, duplicate names). Unknown fields are kept.
 */
import { goJsonValueKind } from '../../machinery/go-json-syntax.js';
import type { JsonValue } from '../../machinery/json-numbers.js';
import { setOwn } from '../../machinery/json/own-keys.js';
import { isJsonObject } from '../../machinery/json/values.js';
import { goDecode } from '../../machinery/schema/go-decode.js';
import { typeMetaProbeError } from '../../machinery/type-meta-probe.js';
import { EXEC_API_GROUP } from '../naming.js';
import { CONFIG } from './schema/kubeconfig.js';
import type { ClusterEntry, ConfigModel, ContextEntry, NamedExtension, Preferences, UserEntry } from './kubeconfig.js';

/** A document kubectl's decoder would reject; the message is kubectl's. */
export class DecodeError extends Error {
  override name = 'DecodeError';
}

type Json = Record<string, unknown>;

const LEGACY_EXEC_VERSIONS = new Set([`${EXEC_API_GROUP}/v1alpha1`, `${EXEC_API_GROUP}/v1beta1`]);

/** client-go's defaulting: `interactiveMode` defaults to `IfAvailable` for the pre-v1 exec versions. */
function defaultExec(user: UserEntry): void {
  const exec = user.exec;
  if (exec === undefined) return;
  if ((exec.interactiveMode ?? '') === '' && LEGACY_EXEC_VERSIONS.has(exec.apiVersion ?? '')) exec.interactiveMode = 'IfAvailable';
}

function toMap<T>(list: unknown, inner: string, listType: string, entryType: string): Map<string, T> {
  const out = new Map<string, T>();
  if (!Array.isArray(list)) return out;
  for (const named of list as Json[]) {
    const name = typeof named.name === 'string' ? named.name : '';
    if (out.has(name)) {
      throw new DecodeError(`error converting *[]${listType} into *map[string]*api.${entryType}: duplicate name "${name}" in list`);
    }
    out.set(name, (isJsonObject(named[inner]) ? named[inner] : {}) as T);
  }
  return out;
}

/** An empty configuration. */
export function emptyModel(): ConfigModel {
  return { currentContext: '', preferences: {}, clusters: new Map(), users: new Map(), contexts: new Map() };
}

/**
 * Decodes a parsed document (`null` for an empty file). Returns the model and the unknown
 * top-level fields; throws {@link DecodeError} with kubectl's message.
 */
export function decodeConfig(doc: unknown): { model: ConfigModel; extra: Record<string, unknown> } {
  if (doc === null || doc === undefined) return { model: emptyModel(), extra: {} };
  if (!isJsonObject(doc)) {
    throw new DecodeError(`couldn't get version/kind; json parse error: ${typeMetaProbeError(doc)}`);
  }
  for (const key of ['apiVersion', 'kind'] as const) {
    const v = doc[key];
    if (v !== undefined && v !== null && typeof v !== 'string') {
      throw new DecodeError(`couldn't get version/kind; json parse error: json: cannot unmarshal ${goJsonValueKind(v)} into Go struct field .${key} of type string`);
    }
  }
  const version = typeof doc.apiVersion === 'string' && doc.apiVersion !== '' ? doc.apiVersion : 'v1';
  const kind = typeof doc.kind === 'string' && doc.kind !== '' ? doc.kind : 'Config';
  if (version !== 'v1' || kind !== 'Config') throw new DecodeError(`no kind "${kind}" is registered for version "${version}"`);

  // kubectl's decoder matches keys case-insensitively, keeps what it does not know, leaves nulls
  // unset and writes []byte fields back canonically (they are all omitempty).
  const result = goDecode(doc as JsonValue, CONFIG, { unknownFields: 'keep', foldCase: true, dropNullFields: true, canonicalBytes: true, emptyCollections: true });
  if (result.error !== undefined) throw new DecodeError(result.error);
  const decoded = result.value as Json;

  const users = toMap<UserEntry>(decoded.users, 'user', 'NamedAuthInfo', 'AuthInfo');
  for (const user of users.values()) defaultExec(user);
  const model: ConfigModel = {
    currentContext: typeof decoded['current-context'] === 'string' ? decoded['current-context'] : '',
    preferences: (isJsonObject(decoded.preferences) ? decoded.preferences : {}) as Preferences,
    clusters: toMap<ClusterEntry>(decoded.clusters, 'cluster', 'NamedCluster', 'Cluster'),
    users,
    contexts: toMap<ContextEntry>(decoded.contexts, 'context', 'NamedContext', 'Context'),
  };
  if (Array.isArray(decoded.extensions) && decoded.extensions.length > 0) model.extensions = decoded.extensions as NamedExtension[];
  const extra: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(decoded)) {
    if (!Object.hasOwn(CONFIG.fields, key)) setOwn(extra, key, v);
  }
  return { model, extra };
}
