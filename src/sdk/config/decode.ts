/**
 * Turns a parsed config document into a {@link ConfigModel}, checking field types with kubectl's
 * rules and messages (`json: cannot unmarshal number into Go struct field Cluster.clusters.cluster.server
 * of type string`, `illegal base64 data at input byte 4`, duplicate names). Unknown fields are kept.
 */
import { setOwn } from '../../machinery/json/own-keys.js';
import { typeMetaProbeError } from '../../machinery/type-meta-probe.js';
import { EXEC_API_GROUP } from '../naming.js';
import { Base64Error, canonicalBase64 } from './go-base64.js';
import { CONFIG, goTypeName } from './schema.js';
import type { FieldSchema, StructSchema } from './schema.js';
import type { ClusterEntry, ConfigModel, ContextEntry, NamedExtension, Preferences, UserEntry } from './types.js';

/** A document kubectl's decoder would reject; the message is kubectl's. */
export class DecodeError extends Error {
  override name = 'DecodeError';
}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The JSON type name `encoding/json` uses in messages. */
function jsonType(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'string') return 'string';
  return 'object';
}

class Decoder {
  /** Like encoding/json: keep decoding after a type error, report the first one. */
  firstError: string | undefined;

  fail(message: string): void {
    this.firstError ??= message;
  }

  typeError(v: unknown, owner: string, path: readonly string[], type: string): void {
    this.fail(`json: cannot unmarshal ${jsonType(v)} into Go struct field ${owner}.${path.join('.')} of type ${type}`);
  }

  struct(value: Json, schema: StructSchema, path: readonly string[]): Json {
    const out: Json = {};
    for (const [key, v] of Object.entries(value)) {
      const name = fieldName(schema, key);
      if (name === undefined) {
        setOwn(out, key, v);
        continue;
      }
      if (v === null || v === undefined) continue;
      const decoded = this.field(v, schema.fields[name] as FieldSchema, schema.go, [...path, name]);
      if (decoded !== undefined) setOwn(out, name, decoded);
    }
    return out;
  }

  field(v: unknown, f: FieldSchema, owner: string, path: readonly string[]): unknown {
    switch (f.t) {
      case 'string':
        if (typeof v === 'string') return v;
        break;
      case 'bool':
        if (typeof v === 'boolean') return v;
        break;
      case 'bytes':
        if (typeof v === 'string') {
          try {
            const canonical = canonicalBase64(v);
            return canonical === '' ? undefined : canonical;
          } catch (err) {
            if (err instanceof Base64Error) {
              this.fail(err.message);
              return undefined;
            }
            throw err;
          }
        }
        break;
      case 'strings':
        if (Array.isArray(v)) return this.stringList(v, owner, path);
        break;
      case 'stringMap':
        if (isObject(v)) {
          const out: Record<string, string> = {};
          for (const [k, item] of Object.entries(v)) {
            if (typeof item === 'string' || item === null) setOwn(out, k, item ?? '');
            else this.typeError(item, owner, path, 'string');
          }
          return out;
        }
        break;
      case 'stringsMap':
        if (isObject(v)) {
          const out: Record<string, string[]> = {};
          for (const [k, item] of Object.entries(v)) {
            if (item === null) setOwn(out, k, []);
            else if (Array.isArray(item)) setOwn(out, k, this.stringList(item, owner, path));
            else this.typeError(item, owner, path, '[]string');
          }
          return out;
        }
        break;
      case 'raw':
        return v;
      case 'struct':
        if (isObject(v)) return this.struct(v, f.s, path);
        break;
      case 'list':
        if (Array.isArray(v)) {
          const out: Json[] = [];
          for (const item of v) {
            if (item === null) out.push({});
            else if (isObject(item)) out.push(this.struct(item, f.s, path));
            else this.typeError(item, owner, path, `v1.${f.s.go}`);
          }
          return out;
        }
        break;
    }
    this.typeError(v, owner, path, goTypeName(f));
    return undefined;
  }

  stringList(v: readonly unknown[], owner: string, path: readonly string[]): string[] {
    const out: string[] = [];
    for (const item of v) {
      if (typeof item === 'string' || item === null) out.push(item ?? '');
      else this.typeError(item, owner, path, 'string');
    }
    return out;
  }
}

const lowerNames = new WeakMap<StructSchema, Map<string, string>>();

/** The schema field `key` names: exact, else case-insensitively (as encoding/json matches). */
function fieldName(schema: StructSchema, key: string): string | undefined {
  if (Object.hasOwn(schema.fields, key)) return key;
  let lower = lowerNames.get(schema);
  if (lower === undefined) {
    lower = new Map(Object.keys(schema.fields).map((k) => [k.toLowerCase(), k]));
    lowerNames.set(schema, lower);
  }
  return lower.get(key.toLowerCase());
}

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
    out.set(name, (isObject(named[inner]) ? named[inner] : {}) as T);
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
  if (!isObject(doc)) {
    throw new DecodeError(`couldn't get version/kind; json parse error: ${typeMetaProbeError(doc)}`);
  }
  for (const key of ['apiVersion', 'kind'] as const) {
    const v = doc[key];
    if (v !== undefined && v !== null && typeof v !== 'string') {
      throw new DecodeError(`couldn't get version/kind; json parse error: json: cannot unmarshal ${jsonType(v)} into Go struct field .${key} of type string`);
    }
  }
  const version = typeof doc.apiVersion === 'string' && doc.apiVersion !== '' ? doc.apiVersion : 'v1';
  const kind = typeof doc.kind === 'string' && doc.kind !== '' ? doc.kind : 'Config';
  if (version !== 'v1' || kind !== 'Config') throw new DecodeError(`no kind "${kind}" is registered for version "${version}"`);

  const decoder = new Decoder();
  const decoded = decoder.struct(doc, CONFIG, []);
  if (decoder.firstError !== undefined) throw new DecodeError(decoder.firstError);

  const users = toMap<UserEntry>(decoded.users, 'user', 'NamedAuthInfo', 'AuthInfo');
  for (const user of users.values()) defaultExec(user);
  const model: ConfigModel = {
    currentContext: typeof decoded['current-context'] === 'string' ? decoded['current-context'] : '',
    preferences: (isObject(decoded.preferences) ? decoded.preferences : {}) as Preferences,
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
