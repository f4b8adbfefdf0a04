/**
 * PodTolerationRestriction: a new pod's tolerations must not conflict with its namespace's default
 * tolerations (`scheduler.alpha.platform.io/defaultTolerations`, else the plugin's `default`); the
 * defaults are merged in, and the result must be within the namespace's whitelist
 * (`scheduler.alpha.platform.io/tolerationsWhitelist`, else the plugin's `whitelist`). Pods that
 * are not BestEffort also tolerate memory pressure, as the plugin adds.
 */
import type { JsonObject, JsonValue } from '../../../sdk/types/meta.js';
import type { Namespace, Pod, PodSpec } from '../../../sdk/types/generated/core-v1.js';
import { DOMAIN, ANNOTATIONS } from '../../../sdk/naming.js';
import { badRequest, forbidden } from '../../errors.js';
import { asArray, asObject, asString, childOf } from '../../util/json.js';
import type { KindDef } from '../../registry/kind-def.js';
import { jsonEqual } from '../../../machinery/json/equal.js';
import type { AdmissionPlugin } from '../types.js';
import type { NamespaceLookup } from './namespace-lifecycle.js';
import { isPodWrite, onWrittenPod, podSpec } from './pod-target.js';

/** The memory-pressure taint key. */
export const MEMORY_PRESSURE_TAINT = `node.${DOMAIN}/memory-pressure`;

function tolerations(v: unknown): JsonObject[] {
  return (asArray(v) ?? []).map((t) => asObject(t) ?? {});
}

function parseAnnotation(ns: Namespace | undefined, key: string): JsonObject[] | undefined {
  const text = ns?.metadata?.annotations?.[key];
  if (text === undefined) return undefined;
  try {
    return tolerations(JSON.parse(text) as unknown);
  } catch {
    throw badRequest(`failed to parse ${key} annotation of namespace ${ns?.metadata?.name ?? ''}`);
  }
}

function op(t: JsonObject): string {
  return asString(t.operator) ?? 'Equal';
}

/** Two tolerations with the same key and effect that say different things. */
function conflict(a: JsonObject[], b: JsonObject[]): boolean {
  return a.some((x) => b.some((y) => x.key === y.key && (x.effect ?? '') === (y.effect ?? '')
    && (op(x) !== op(y) || (x.value ?? '') !== (y.value ?? '') || x.tolerationSeconds !== y.tolerationSeconds)));
}

function isSuperset(ss: JsonObject, t: JsonObject): boolean {
  if (jsonEqual(ss, t)) return true;
  if (t.key !== ss.key && (asString(ss.key) ?? '') !== '') return false;
  if ((asString(ss.effect) ?? '') !== '' && ss.effect !== t.effect) return false;
  if (ss.effect === 'NoExecute' && typeof ss.tolerationSeconds === 'number') {
    if (typeof t.tolerationSeconds !== 'number' || t.tolerationSeconds > ss.tolerationSeconds) return false;
  }
  if (op(ss) === 'Equal') return op(t) === 'Equal' && (t.value ?? '') === (ss.value ?? '');
  return op(ss) === 'Exists';
}

function merge(base: JsonObject[], extra: JsonObject[]): JsonObject[] {
  const out = [...base];
  for (const t of extra) if (!out.some((x) => jsonEqual(x, t))) out.push(t);
  return out;
}

function bestEffort(spec: Partial<PodSpec>): boolean {
  return [...(spec.containers ?? []), ...(spec.initContainers ?? [])].every((c) => Object.keys(c.resources?.requests ?? {}).length === 0 && Object.keys(c.resources?.limits ?? {}).length === 0);
}

/** Creates the plugin from its configuration (`default`, `whitelist`). */
export function podTolerationRestrictionPlugin(pods: KindDef<Pod>, lookup: NamespaceLookup, configuration: JsonObject | undefined): AdmissionPlugin {
  const clusterDefault = tolerations(configuration?.default);
  const clusterWhitelist = tolerations(configuration?.whitelist);
  return {
    name: 'PodTolerationRestriction',
    admit: onWrittenPod(pods, async (pod, attrs) => {
      const ns = await lookup(attrs.namespace);
      // The tolerations stay plain JSON here: the namespace's and the plugin's merged into the
      // pod's are read from annotations and configuration, which nothing decodes.
      const spec = childOf(pod, 'spec');
      let current = tolerations(spec.tolerations);
      const defaults = parseAnnotation(ns, ANNOTATIONS.defaultTolerations) ?? clusterDefault;
      if (conflict(defaults, current)) {
        throw forbidden({ group: '', resource: 'pods' }, attrs.name, 'namespace tolerations and pod tolerations conflict');
      }
      current = merge(current, defaults);
      if (!bestEffort(podSpec(pod))) current = merge(current, [{ key: MEMORY_PRESSURE_TAINT, operator: 'Exists', effect: 'NoSchedule' }]);
      if (current.length > 0) spec.tolerations = current as JsonValue[];
    }),
    async validate(attrs) {
      if (!isPodWrite(attrs) || attrs.object === undefined) return;
      const ns = await lookup(attrs.namespace);
      // Plain JSON, as in admit: the tolerations admit merged in were not decoded.
      const whitelist = parseAnnotation(ns, ANNOTATIONS.tolerationsWhitelist) ?? clusterWhitelist;
      if (whitelist.length === 0) return;
      const current = tolerations(childOf(attrs.object, 'spec').tolerations);
      if (!current.every((t) => t.key === MEMORY_PRESSURE_TAINT || whitelist.some((w) => isSuperset(w, t)))) {
        throw forbidden({ group: '', resource: 'pods' }, attrs.name, 'pod tolerations (possibly merged with namespace default tolerations) conflict with its namespace whitelist');
      }
    },
  };
}
