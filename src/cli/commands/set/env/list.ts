/**
 * `set env --list`: each selected container's environment in env syntax, references shown as
 * `# NAME from secret S, key K` unless `--resolve` reads their values (Secrets and ConfigMaps of
 * the current namespace, the object's own fields, the container's resources), as kubectl prints
 * them. Resolution errors are gathered per message and written to stderr, sorted.
 */
import type { KubeObject } from '../../../../sdk/types/meta.js';
import { quantityValue } from '../../../../machinery/quantity/text.js';
import type { EnvVar } from './parse.js';
import { asJsonObject as obj, stringOrEmpty as str } from '../../../../machinery/json/values.js';

type Json = Record<string, unknown>;

/** Reads a Secret's or ConfigMap's data (values as text); throws the server's error. */
export type DataReader = (kind: 'secret' | 'configmap', name: string) => Promise<Record<string, string>>;

/** kubectl's `GetEnvVarRefString`. */
export function refString(from: Json): string {
  const cm = obj(from.configMapKeyRef);
  if (cm !== undefined) return `configmap ${str(cm.name)}, key ${str(cm.key)}`;
  const secret = obj(from.secretKeyRef);
  if (secret !== undefined) return `secret ${str(secret.name)}, key ${str(secret.key)}`;
  const field = obj(from.fieldRef);
  if (field !== undefined) return `field path ${str(field.fieldPath)}`;
  const res = obj(from.resourceFieldRef);
  if (res !== undefined) return `resource field ${str(res.containerName) === '' ? '' : `${str(res.containerName)}/`}${str(res.resource)}`;
  return 'invalid valueFrom';
}

function formatMap(m: Json | undefined): string {
  return Object.keys(m ?? {}).sort().map((k) => `${k}=${JSON.stringify(str(m?.[k]))}`).join('\n');
}

/** kubectl's `extractFieldPathAsString` on the object being changed (not a pod). */
function fieldValue(object: KubeObject, path: string): string {
  const meta = obj((object as Json).metadata) ?? {};
  const sub = /^(.+)\['(.*)'\]$/.exec(path);
  if (sub !== null) {
    const [, base, key = ''] = sub;
    if (base === 'metadata.annotations') return str(obj(meta.annotations)?.[key]);
    if (base === 'metadata.labels') return str(obj(meta.labels)?.[key]);
    throw new Error(`fieldPath ${JSON.stringify(path)} does not support subscript`);
  }
  switch (path) {
    case 'metadata.annotations': return formatMap(obj(meta.annotations));
    case 'metadata.labels': return formatMap(obj(meta.labels));
    case 'metadata.name': return str(meta.name);
    case 'metadata.namespace': return str(meta.namespace);
    case 'metadata.uid': return str(meta.uid);
    default: throw new Error(`unsupported fieldPath: ${path}`);
  }
}

/** kubectl's `extractContainerResourceValue`: the value over the divisor, rounded up. */
function resourceValue(selector: Json, container: Json): string {
  const resource = str(selector.resource);
  const divisor = selector.divisor === undefined || quantityValue(String(selector.divisor), true) === 0n ? '1' : String(selector.divisor);
  const [section, name] = resource.split('.', 2);
  const list = obj(obj(container.resources)?.[section === 'limits' ? 'limits' : 'requests']);
  if ((section !== 'limits' && section !== 'requests') || name === undefined || !['cpu', 'memory', 'ephemeral-storage'].includes(name) && !name.startsWith('hugepages-')) {
    throw new Error(`Unsupported container resource : ${resource}`);
  }
  const value = list?.[name] === undefined ? '0' : String(list[name]);
  const milli = name === 'cpu';
  const n = quantityValue(value, milli);
  const d = quantityValue(divisor, milli);
  if (d === 0n) return '0';
  const q = n / d;
  return String(q * d === n || n < 0n ? q : q + 1n);
}

async function resolve(from: Json, object: KubeObject, container: Json, read: DataReader): Promise<string> {
  for (const [field, kind, what] of [['secretKeyRef', 'secret', 'secret'], ['configMapKeyRef', 'configmap', 'config map']] as const) {
    const ref = obj(from[field]);
    if (ref === undefined) continue;
    const data = await read(kind, str(ref.name));
    const key = str(ref.key);
    if (!Object.prototype.hasOwnProperty.call(data, key)) throw new Error(`key ${key} not found in ${what} ${str(ref.name)}`);
    return data[key] ?? '';
  }
  const field = obj(from.fieldRef);
  if (field !== undefined) return fieldValue(object, str(field.fieldPath));
  const res = obj(from.resourceFieldRef);
  if (res !== undefined) return resourceValue(res, container);
  throw new Error('invalid valueFrom');
}

/** The listing of one container and the resolution errors it met (already sorted lines). */
export async function listContainerEnv(object: KubeObject, container: Json, env: readonly EnvVar[], resolveRefs: boolean, read: DataReader): Promise<{ text: string; errors: string[] }> {
  let text = `# ${object.kind ?? ''} ${object.metadata?.name ?? ''}, container ${str(container.name)}\n`;
  const failures = new Map<string, string[]>();
  for (const e of env) {
    const from = obj(e.valueFrom);
    if (from === undefined) {
      text += `${e.name}=${e.value ?? ''}\n`;
      continue;
    }
    if (resolveRefs) {
      try {
        text += `${e.name}=${await resolve(from, object, container, read)}\n`;
        continue;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        failures.set(message, [...(failures.get(message) ?? []), e.name]);
      }
    }
    text += `# ${e.name} from ${refString(from)}\n`;
  }
  const errors = [...failures].map(([message, names]) => `error retrieving reference for ${[...names].sort().join(', ')}: ${message}`).sort();
  return { text, errors };
}
