/**
 * A container's environment as the kubelet builds it: a base environment (what an image would
 * provide), then `envFrom` sources in order, then `env` entries in order, each value expanded with
 * `$(VAR)` references to the variables defined before it; values may come from ConfigMaps,
 * Secrets, the pod's own fields (downward API) and its resources. `command` and `args` are
 * expanded with the result. A missing source that is not optional is an error that keeps the
 * container from starting (`CreateContainerConfigError`).
 */
import type { ConfigMap, ConfigMapKeySelector, Container, EphemeralContainer, Pod, ResourceFieldSelector, Secret, SecretKeySelector } from '../../../sdk/types/generated/core-v1.js';
import { containerLimit, containerRequest, quantityMilli } from '../../scheduler/pod-resources.js';

/** Reads the ConfigMaps and Secrets a container refers to. */
export interface EnvSources {
  configMap(namespace: string, name: string): Promise<ConfigMap | undefined>;
  secret(namespace: string, name: string): Promise<Secret | undefined>;
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

/** A label or annotation path of the downward API: `metadata.labels['key']`. */
function mapField(path: string, prefix: string): string | undefined {
  const m = new RegExp(`^${prefix.replace('.', '\\.')}\\['(.*)'\\]$`).exec(path);
  return m === null ? undefined : m[1];
}

function fieldValue(pod: Pod, facts: PodRuntimeFacts, path: string): string {
  const meta = pod.metadata ?? {};
  switch (path) {
    case 'metadata.name': return meta.name ?? '';
    case 'metadata.namespace': return meta.namespace ?? '';
    case 'metadata.uid': return meta.uid ?? '';
    case 'spec.nodeName': return pod.spec?.nodeName ?? '';
    case 'spec.serviceAccountName': return pod.spec?.serviceAccountName ?? '';
    case 'status.podIP':
    case 'status.podIPs': return facts.podIP;
    case 'status.hostIP':
    case 'status.hostIPs': return facts.hostIP;
    case 'metadata.labels':
    case 'metadata.annotations': {
      const m = (path === 'metadata.labels' ? meta.labels : meta.annotations) ?? {};
      return Object.keys(m).sort().map((k) => `${k}="${m[k] ?? ''}"`).join('\n');
    }
    default: {
      const label = mapField(path, 'metadata.labels');
      if (label !== undefined) return meta.labels?.[label] ?? '';
      const annotation = mapField(path, 'metadata.annotations');
      if (annotation !== undefined) return meta.annotations?.[annotation] ?? '';
      throw new EnvError(`unsupported fieldPath: ${path}`);
    }
  }
}

function resourceValue(pod: Pod, container: Container | EphemeralContainer, facts: PodRuntimeFacts, ref: ResourceFieldSelector): string {
  const named = ref.containerName ?? '';
  let target = container;
  if (named !== '') {
    const found = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])].find((c) => c.name === named);
    if (found === undefined) throw new EnvError(`container ${named} not found in pod`);
    target = found;
  }
  const resource = ref.resource;
  const [kind, name = ''] = resource.split(/\.(.*)/s);
  let milli: bigint;
  if (kind === 'limits') milli = containerLimit(target, name) ?? facts.allocatable[name] ?? 0n;
  else if (kind === 'requests') milli = containerRequest(target, name);
  else throw new EnvError(`unsupported container resource: ${resource}`);
  const divisor = ref.divisor === undefined ? 1000n : quantityMilli(ref.divisor);
  if (divisor <= 0n) throw new EnvError(`invalid divisor for ${resource}`);
  return String((milli + divisor - 1n) / divisor);
}

async function keyRef(sources: EnvSources, namespace: string, kind: 'ConfigMap' | 'Secret', ref: ConfigMapKeySelector | SecretKeySelector): Promise<string | undefined> {
  const name = ref.name ?? '';
  const key = ref.key;
  const optional = ref.optional === true;
  if (kind === 'ConfigMap') {
    const cm = await sources.configMap(namespace, name);
    if (cm === undefined) return missingSource(optional, `configmap "${name}" not found`);
    const v = cm.data?.[key];
    if (v !== undefined) return v;
    const b = cm.binaryData?.[key];
    if (b !== undefined) return Buffer.from(b, 'base64').toString('utf8');
  } else {
    const secret = await sources.secret(namespace, name);
    if (secret === undefined) return missingSource(optional, `secret "${name}" not found`);
    const v = secret.data?.[key];
    if (v !== undefined) return Buffer.from(v, 'base64').toString('utf8');
    const s = secret.stringData?.[key];
    if (s !== undefined) return s;
  }
  if (optional) return undefined;
  throw new EnvError(`couldn't find key ${key} in ${kind} ${namespace}/${name}`);
}

/** Nothing for a missing optional source; an error for a missing required one. */
function missingSource(optional: boolean, message: string): undefined {
  if (optional) return undefined;
  throw new EnvError(message);
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
export async function buildEnv(pod: Pod, container: Container | EphemeralContainer, facts: PodRuntimeFacts, base: [string, string][], sources: EnvSources): Promise<BuiltEnv> {
  const namespace = pod.metadata?.namespace ?? '';
  const values = new Map<string, string>(base);
  const skipped: SkippedKeys[] = [];
  for (const from of container.envFrom ?? []) {
    const prefix = from.prefix ?? '';
    const cmRef = from.configMapRef;
    const ref = cmRef ?? from.secretRef;
    if (ref === undefined) continue;
    const name = ref.name ?? '';
    const obj = cmRef !== undefined ? await sources.configMap(namespace, name) : await sources.secret(namespace, name);
    if (obj === undefined) {
      if (ref.optional === true) continue;
      throw new EnvError(`${cmRef !== undefined ? 'configmap' : 'secret'} "${name}" not found`);
    }
    const data: Record<string, string> = obj.data ?? {};
    const invalid: string[] = [];
    for (const k of Object.keys(data).sort()) {
      const key = `${prefix}${k}`;
      if (!validEnvName(key)) {
        invalid.push(key);
        continue;
      }
      const raw = data[k] ?? '';
      values.set(key, cmRef !== undefined ? raw : Buffer.from(raw, 'base64').toString('utf8'));
    }
    if (invalid.length > 0) skipped.push({ kind: cmRef !== undefined ? 'configMap' : 'secret', name, keys: invalid });
  }
  for (const entry of container.env ?? []) {
    const name = entry.name;
    if (name === '') continue;
    const from = entry.valueFrom;
    let value: string | undefined;
    if (from === undefined) {
      value = expand(entry.value ?? '', (n) => values.get(n));
    } else if (from.fieldRef !== undefined) {
      value = fieldValue(pod, facts, from.fieldRef.fieldPath);
    } else if (from.resourceFieldRef !== undefined) {
      value = resourceValue(pod, container, facts, from.resourceFieldRef);
    } else if (from.configMapKeyRef !== undefined) {
      value = await keyRef(sources, namespace, 'ConfigMap', from.configMapKeyRef);
    } else if (from.secretKeyRef !== undefined) {
      value = await keyRef(sources, namespace, 'Secret', from.secretKeyRef);
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
export function commandLine(container: Container | EphemeralContainer, env: [string, string][]): string[] | undefined {
  const argv = [...(container.command ?? []), ...(container.args ?? [])];
  if (argv.length === 0) return undefined;
  const lookup = new Map(env);
  const get = (n: string): string | undefined => lookup.get(n);
  return argv.map((s) => expand(s, get));
}
