/**
 * Where each kind keeps its pod spec (`UpdatePodSpecForObject`): a Pod's `spec`, a workload's
 * `spec.template.spec`, a CronJob's `spec.jobTemplate.spec.template.spec`.
 */
import type { KubeObject } from '../../../../sdk/types/meta.js';
import { asJsonObject as obj } from '../../../../machinery/json/values.js';

type Json = Record<string, unknown>;

/** The pod spec of an object (mutable, inside the object), or undefined for kinds without one. */
export function podSpecOf(o: KubeObject): Json | undefined {
  const spec = obj((o as Json).spec);
  switch (o.kind) {
    case 'Pod': return spec;
    case 'Deployment': case 'ReplicaSet': case 'StatefulSet': case 'DaemonSet': case 'Job': case 'ReplicationController': case 'PodTemplate':
      return o.kind === 'PodTemplate' ? obj(obj((o as Json).template)?.spec) : obj(obj(spec?.template)?.spec);
    case 'CronJob': return obj(obj(obj(obj(spec?.jobTemplate)?.spec)?.template)?.spec);
    default: return undefined;
  }
}

/**
 * The containers of `o` whose names match `pattern` (see {@link selectContainers}); undefined,
 * with kubectl's error added to `errors`, when `o` has no pod spec. `ref` names `o` in the error.
 */
export function matchingContainers(o: KubeObject, pattern: string, errors: string[], ref: string): Json[] | undefined {
  const spec = podSpecOf(o);
  if (spec === undefined) {
    errors.push(`${ref} the object is not a pod or does not have a pod template: ${goTypeName(o)}`);
    return undefined;
  }
  return selectContainers(spec, pattern);
}

/** The containers of a pod spec (mutable). */
export function containersOf(spec: Json, field: 'containers' | 'initContainers'): Json[] {
  const list = spec[field];
  return Array.isArray(list) ? list.filter((c): c is Json => obj(c) !== undefined) : [];
}

/**
 * kubectl's `selectString`: without `*` the names must be equal; with it, each piece must be found
 * (searching from where the previous one was found) and the last one must end the name, which makes
 * `web*` match any name containing `web`, as kubectl does.
 */
export function matchesContainerName(name: string, pattern: string): boolean {
  if (pattern === '*') return true;
  if (!pattern.includes('*')) return name === pattern;
  const parts = pattern.split('*');
  let pos = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? '';
    if (part === '') continue;
    const next = name.slice(pos).indexOf(part);
    if (next < pos) return false;
    if (i === parts.length - 1 && name.length !== part.length + next) return false;
    pos = next;
  }
  return true;
}

/** The containers, then the init containers, whose names match `pattern` (kubectl's order). */
export function selectContainers(spec: Json, pattern: string): Json[] {
  return [...containersOf(spec, 'containers'), ...containersOf(spec, 'initContainers')].filter((c) => matchesContainerName(String(c.name ?? ''), pattern));
}

/** The Go type of an object as `%T` prints it in kubectl's errors (`*v1.ConfigMap`). */
export function goTypeName(o: KubeObject): string {
  const version = (o.apiVersion ?? '').split('/').pop() ?? '';
  return `*${version}.${o.kind ?? ''}`;
}
