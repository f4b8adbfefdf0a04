/**
 * HorizontalPodAutoscaler autoscaling/v1 <-> v2. Objects are stored in the v2 form; v1 reads keep
 * what v1 cannot express in annotations (`autoscaling.alpha.platform.io/metrics`, `conditions`,
 * `current-metrics`, `behavior`), as the API server does, so objects round-trip between versions.
 */
import { ANNOTATIONS } from '../../sdk/naming.js';
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import { asArray, asNumber, asObject, asString } from '../util/json.js';

/** The CPU utilization target v1 objects get when they name none. */
export const DEFAULT_CPU_UTILIZATION = 80;

function cpuMetric(utilization: number): JsonObject {
  return { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: utilization } } };
}

function isCpuUtilization(m: JsonObject): boolean {
  const r = asObject(m.resource);
  return m.type === 'Resource' && r?.name === 'cpu' && asObject(r.target)?.type === 'Utilization';
}

function parseJsonArray(text: unknown): JsonObject[] {
  if (typeof text !== 'string') return [];
  try {
    const v: unknown = JSON.parse(text);
    return (asArray(v) ?? []).map((x) => asObject(x)).filter((x): x is JsonObject => x !== undefined);
  } catch {
    return [];
  }
}

/** Converts a v1-shaped object (in place) to the v2 form. */
export function hpaV1ToV2(obj: JsonObject): void {
  const spec = asObject(obj.spec);
  const meta = asObject(obj.metadata);
  const annotations = asObject(meta?.annotations);
  if (spec !== undefined && spec.metrics === undefined) {
    const metrics: JsonObject[] = [];
    const target = asNumber(spec.targetCPUUtilizationPercentage);
    if (target !== undefined) metrics.push(cpuMetric(target));
    metrics.push(...parseJsonArray(annotations?.[ANNOTATIONS.hpaMetrics]));
    if (metrics.length === 0) metrics.push(cpuMetric(DEFAULT_CPU_UTILIZATION));
    spec.metrics = metrics;
    const behavior = annotations?.[ANNOTATIONS.hpaBehavior];
    if (typeof behavior === 'string') {
      try {
        const b: unknown = JSON.parse(behavior);
        if (asObject(b) !== undefined) spec.behavior = b as JsonValue;
      } catch {
        // A malformed annotation is ignored, as the API server ignores it.
      }
    }
  }
  if (spec !== undefined) delete spec.targetCPUUtilizationPercentage;
  const status = asObject(obj.status);
  if (status !== undefined && status.currentMetrics === undefined) {
    const current: JsonObject[] = [];
    const cpu = asNumber(status.currentCPUUtilizationPercentage);
    if (cpu !== undefined) current.push({ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: cpu } } });
    current.push(...parseJsonArray(annotations?.[ANNOTATIONS.hpaCurrentMetrics]));
    if (current.length > 0) status.currentMetrics = current;
    const conditions = parseJsonArray(annotations?.[ANNOTATIONS.hpaConditions]);
    if (conditions.length > 0) status.conditions = conditions;
  }
  if (status !== undefined) delete status.currentCPUUtilizationPercentage;
  if (annotations !== undefined && meta !== undefined) {
    for (const k of [ANNOTATIONS.hpaMetrics, ANNOTATIONS.hpaCurrentMetrics, ANNOTATIONS.hpaConditions, ANNOTATIONS.hpaBehavior]) delete annotations[k];
    if (Object.keys(annotations).length === 0) delete meta.annotations;
  }
}

/** The v1 form of a stored (v2) object. */
export function hpaV2ToV1(stored: JsonObject): JsonObject {
  const obj = structuredClone(stored) as JsonObject;
  const spec = asObject(obj.spec) ?? {};
  const meta = asObject(obj.metadata) ?? {};
  const annotations: JsonObject = { ...(asObject(meta.annotations) ?? {}) };
  const metrics = (asArray(spec.metrics) ?? []).map((m) => asObject(m) ?? {});
  const cpu = metrics.find(isCpuUtilization);
  const others = metrics.filter((m) => m !== cpu);
  const out: JsonObject = {};
  for (const k of ['scaleTargetRef', 'minReplicas', 'maxReplicas']) if (spec[k] !== undefined) out[k] = spec[k] ?? null;
  const target = asNumber(asObject(asObject(cpu?.resource)?.target)?.averageUtilization);
  if (target !== undefined) out.targetCPUUtilizationPercentage = target;
  if (others.length > 0) annotations[ANNOTATIONS.hpaMetrics] = JSON.stringify(others);
  if (spec.behavior !== undefined) annotations[ANNOTATIONS.hpaBehavior] = JSON.stringify(spec.behavior);
  obj.spec = out;
  const status = asObject(obj.status);
  if (status !== undefined) {
    const current = (asArray(status.currentMetrics) ?? []).map((m) => asObject(m) ?? {});
    const cpuNow = current.find((m) => m.type === 'Resource' && asObject(m.resource)?.name === 'cpu');
    const rest = current.filter((m) => m !== cpuNow);
    const v1: JsonObject = {};
    for (const k of ['observedGeneration', 'lastScaleTime', 'currentReplicas', 'desiredReplicas']) if (status[k] !== undefined) v1[k] = status[k] ?? null;
    v1.currentReplicas ??= 0;
    v1.desiredReplicas ??= 0;
    const util = asNumber(asObject(asObject(cpuNow?.resource)?.current)?.averageUtilization);
    if (util !== undefined) v1.currentCPUUtilizationPercentage = util;
    if (rest.length > 0) annotations[ANNOTATIONS.hpaCurrentMetrics] = JSON.stringify(rest);
    const conditions = asArray(status.conditions);
    if (conditions !== undefined && conditions.length > 0) annotations[ANNOTATIONS.hpaConditions] = JSON.stringify(conditions);
    obj.status = v1;
  }
  if (Object.keys(annotations).length > 0) meta.annotations = annotations;
  obj.metadata = meta;
  return obj;
}

/** A v2 view of an object in either form (tables read both). */
export function hpaV2View(obj: JsonObject): JsonObject {
  const spec = asObject(obj.spec);
  if (spec !== undefined && spec.metrics === undefined) {
    const copy = structuredClone(obj) as JsonObject;
    hpaV1ToV2(copy);
    return copy;
  }
  return obj;
}

/** The v2 defaults: minReplicas 1, CPU at 80% when no metric is named, and filled-in behavior rules. */
export function defaultHpaV2(obj: JsonObject): void {
  const spec = asObject(obj.spec);
  if (spec === undefined) return;
  spec.minReplicas ??= 1;
  if ((asArray(spec.metrics) ?? []).length === 0) spec.metrics = [cpuMetric(DEFAULT_CPU_UTILIZATION)];
  const behavior = asObject(spec.behavior);
  if (behavior !== undefined) {
    const up = asObject(behavior.scaleUp) ?? {};
    up.stabilizationWindowSeconds ??= 0;
    up.selectPolicy ??= 'Max';
    up.policies ??= [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }];
    behavior.scaleUp = up;
    const down = asObject(behavior.scaleDown) ?? {};
    down.selectPolicy ??= 'Max';
    down.policies ??= [{ type: 'Percent', value: 100, periodSeconds: 15 }];
    behavior.scaleDown = down;
  }
  void asString;
}
