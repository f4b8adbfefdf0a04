/**
 * A container's environment as the kubelet builds it: a base environment (what an image would
 * provide), then `envFrom` sources in order, then `env` entries in order, each value expanded with
 * `$(VAR)` references to the variables defined before it; values may come from ConfigMaps,
 * Secrets, the pod's own fields (downward API) and its resources. `command` and `args` are
 * expanded with the result. A missing source that is not optional is an error that keeps the
 * container from starting (`CreateContainerConfigError`).
 */
import type { JsonObject, JsonValue } from '../../../sdk/types/meta.js';
import { asArray, asObject, asString } from '../../util/json.js';
import { containerLimit, containerRequest, quantityMilli } from '../../scheduler/pod-resources.js';

/** Reads the ConfigMaps and Secrets a container refers to. */
export interface EnvSources {
  configMap(namespace: string, name: string): Promise<JsonObject | undefined>;
  secret(namespace: string, name: string): Promise<JsonObject | undefined>;
}

/** What the downward API needs besides the pod itself. */
export interface PodRuntimeFacts {
  podIP: string;
  hostIP: string;
  /** The node's allocatable values (milli-units), used for limits a container does not set. */
  allocatable: Record<string, bigint>;
}

/** Why a container's environment cannot be built. */
export class EnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnvError';
  }
}

/** A C identifier-ish name the kubelet accepts as an environment variable name (any printable ASCII but '='). */
function validEnvName(name: string): boolean {
  return name !== '' && /^[-._a-zA-Z][-._a-zA-Z0-9]*$/.test(name);
}

/** `$(VAR)` expansion as the kubelet does it: unknown references stay as written, `$$` escapes a `$`. */
export function expand(input: string, lookup: (name: string) => string | undefined): string {
  let out = '';
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (ch !== '$' || i + 1 >= input.length) {
      out += ch;
      continue;
    }
    const next = input[i + 1];
    if (next === '$') {
      out += '$';
      i++;
      continue;
    }
    if (next === '(') {
      const close = input.indexOf(')', i + 2);
      if (close < 0) {
        out += input.slice(i);
        break;
      }
      const name = input.slice(i + 2, close);
      const value = lookup(name);
      out += value ?? `$(${name})`;
      i = close;
      continue;
    }
    out += ch;
  }
  return out;
}

function stringsOf(v: JsonValue | undefined): string[] {
  return (asArray(v) ?? []).map((x) => (typeof x === 'string' ? x : String(x)));
}

/** A label or annotation path of the downward API: `metadata.labels['key']`. */
function mapField(path: string, prefix: string): string | undefined {
  const m = new RegExp(`^${prefix.replace('.', '\\.')}\\['(.*)'\\]$`).exec(path);
  return m === null ? undefined : m[1];
}

function fieldValue(pod: JsonObject, facts: PodRuntimeFacts, path: string): string {
  const meta = asObject(pod.metadata) ?? {};
  const spec = asObject(pod.spec) ?? {};
  switch (path) {
    case 'metadata.name': return asString(meta.name) ?? '';
    case 'metadata.namespace': return asString(meta.namespace) ?? '';
    case 'metadata.uid': return asString(meta.uid) ?? '';
    case 'spec.nodeName': return asString(spec.nodeName) ?? '';
    case 'spec.serviceAccountName': return asString(spec.serviceAccountName) ?? '';
    case 'status.podIP':
    case 'status.podIPs': return facts.podIP;
    case 'status.hostIP':
    case 'status.hostIPs': return facts.hostIP;
    case 'metadata.labels':
    case 'metadata.annotations': {
      const m = asObject(meta[path.slice('metadata.'.length)]) ?? {};
      return Object.keys(m).sort().map((k) => `${k}="${String(m[k])}"`).join('\n');
    }
    default: {
      const label = mapField(path, 'metadata.labels');
      if (label !== undefined) return asString(asObject(meta.labels)?.[label]) ?? '';
      const annotation = mapField(path, 'metadata.annotations');
      if (annotation !== undefined) return asString(asObject(meta.annotations)?.[annotation]) ?? '';
      throw new EnvError(`unsupported fieldPath: ${path}`);
    }
  }
}

function resourceValue(pod: JsonObject, container: JsonObject, facts: PodRuntimeFacts, ref: JsonObject): string {
  const named = asString(ref.containerName) ?? '';
  let target = container;
  if (named !== '') {
    const found = [...(asArray(asObject(pod.spec)?.containers) ?? []), ...(asArray(asObject(pod.spec)?.initContainers) ?? [])]
      .map((c) => asObject(c) ?? {}).find((c) => c.name === named);
    if (found === undefined) throw new EnvError(`container ${named} not found in pod`);
    target = found;
  }
  const resource = asString(ref.resource) ?? '';
  const [kind, name = ''] = resource.split(/\.(.*)/s);
  let milli: bigint;
  if (kind === 'limits') milli = containerLimit(target, name) ?? facts.allocatable[name] ?? 0n;
  else if (kind === 'requests') milli = containerRequest(target, name);
  else throw new EnvError(`unsupported container resource: ${resource}`);
  const divisor = ref.divisor === undefined ? 1000n : quantityMilli(ref.divisor);
  if (divisor <= 0n) throw new EnvError(`invalid divisor for ${resource}`);
  return String((milli + divisor - 1n) / divisor);
}

async function keyRef(sources: EnvSources, namespace: string, kind: 'ConfigMap' | 'Secret', ref: JsonObject): Promise<string | undefined> {
  const name = asString(ref.name) ?? '';
  const key = asString(ref.key) ?? '';
  const optional = ref.optional === true;
  const obj = kind === 'ConfigMap' ? await sources.configMap(namespace, name) : await sources.secret(namespace, name);
  if (obj === undefined) {
    if (optional) return undefined;
    throw new EnvError(`${kind === 'ConfigMap' ? 'configmap' : 'secret'} "${name}" not found`);
  }
  if (kind === 'ConfigMap') {
    const v = asString(asObject(obj.data)?.[key]);
    if (v !== undefined) return v;
    const b = asString(asObject(obj.binaryData)?.[key]);
    if (b !== undefined) return Buffer.from(b, 'base64').toString('utf8');
  } else {
    const v = asString(asObject(obj.data)?.[key]);
    if (v !== undefined) return Buffer.from(v, 'base64').toString('utf8');
    const s = asString(asObject(obj.stringData)?.[key]);
    if (s !== undefined) return s;
  }
  if (optional) return undefined;
  throw new EnvError(`couldn't find key ${key} in ${kind} ${namespace}/${name}`);
}

/** Keys of one `envFrom` source that are not valid variable names (the kubelet reports them in an event). */
export interface SkippedKeys {
  kind: 'configMap' | 'secret';
  name: string;
  keys: string[];
}

/** The result: the environment and the keys `envFrom` skipped. */
export interface BuiltEnv {
  env: [string, string][];
  skipped: SkippedKeys[];
}

/** Builds a container's environment on top of `base`. */
export async function buildEnv(pod: JsonObject, container: JsonObject, facts: PodRuntimeFacts, base: [string, string][], sources: EnvSources): Promise<BuiltEnv> {
  const namespace = asString(asObject(pod.metadata)?.namespace) ?? '';
  const values = new Map<string, string>(base);
  const skipped: SkippedKeys[] = [];
  for (const f of asArray(container.envFrom) ?? []) {
    const from = asObject(f) ?? {};
    const prefix = asString(from.prefix) ?? '';
    const cmRef = asObject(from.configMapRef);
    const secretRef = asObject(from.secretRef);
    const ref = cmRef ?? secretRef;
    if (ref === undefined) continue;
    const name = asString(ref.name) ?? '';
    const obj = cmRef !== undefined ? await sources.configMap(namespace, name) : await sources.secret(namespace, name);
    if (obj === undefined) {
      if (ref.optional === true) continue;
      throw new EnvError(`${cmRef !== undefined ? 'configmap' : 'secret'} "${name}" not found`);
    }
    const data = asObject(obj.data) ?? {};
    const invalid: string[] = [];
    for (const k of Object.keys(data).sort()) {
      const key = `${prefix}${k}`;
      if (!validEnvName(key)) {
        invalid.push(key);
        continue;
      }
      const raw = asString(data[k]) ?? '';
      values.set(key, cmRef !== undefined ? raw : Buffer.from(raw, 'base64').toString('utf8'));
    }
    if (invalid.length > 0) skipped.push({ kind: cmRef !== undefined ? 'configMap' : 'secret', name, keys: invalid });
  }
  for (const e of asArray(container.env) ?? []) {
    const entry = asObject(e) ?? {};
    const name = asString(entry.name) ?? '';
    if (name === '') continue;
    const from = asObject(entry.valueFrom);
    let value: string | undefined;
    if (from === undefined) {
      value = expand(asString(entry.value) ?? '', (n) => values.get(n));
    } else if (asObject(from.fieldRef) !== undefined) {
      value = fieldValue(pod, facts, asString(asObject(from.fieldRef)?.fieldPath) ?? '');
    } else if (asObject(from.resourceFieldRef) !== undefined) {
      value = resourceValue(pod, container, facts, asObject(from.resourceFieldRef) ?? {});
    } else if (asObject(from.configMapKeyRef) !== undefined) {
      value = await keyRef(sources, namespace, 'ConfigMap', asObject(from.configMapKeyRef) ?? {});
    } else if (asObject(from.secretKeyRef) !== undefined) {
      value = await keyRef(sources, namespace, 'Secret', asObject(from.secretKeyRef) ?? {});
    }
    if (value !== undefined) values.set(name, value);
  }
  return { env: [...values.entries()], skipped };
}

/**
 * `command` followed by `args`, expanded with the container's environment. Without a `command`,
 * `args` alone are the command line, as for an image without an ENTRYPOINT (`run NAME -- CMD`
 * gives only args); undefined when both are empty.
 */
export function commandLine(container: JsonObject, env: [string, string][]): string[] | undefined {
  const argv = [...stringsOf(container.command), ...stringsOf(container.args)];
  if (argv.length === 0) return undefined;
  const lookup = new Map(env);
  const get = (n: string): string | undefined => lookup.get(n);
  return argv.map((s) => expand(s, get));
}
