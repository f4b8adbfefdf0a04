/**
 * HorizontalPodAutoscaler autoscaling/v1 <-> v2. Objects are stored in the v2 form; v1 reads keep
 * what v1 cannot express in annotations (`autoscaling.alpha.platform.io/metrics`, `conditions`,
 * `current-metrics`, `behavior`), as the API server does, so objects round-trip between versions.
 */
import { ANNOTATIONS } from '../../sdk/naming.js';
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import type { HorizontalPodAutoscaler, HorizontalPodAutoscalerSpec, HorizontalPodAutoscalerStatus, MetricSpec } from '../../sdk/types/generated/autoscaling-v2.js';
import type { HorizontalPodAutoscalerSpec as HorizontalPodAutoscalerSpecV1, HorizontalPodAutoscalerStatus as HorizontalPodAutoscalerStatusV1 } from '../../sdk/types/generated/autoscaling-v1.js';
import { builtinSchema, structField, type StructSchema } from '../../sdk/types/schema/index.js';
import { goDecode } from '../../machinery/schema/go-decode.js';
import { asNumber, asObject } from '../util/json.js';

/** The CPU utilization target v1 objects get when they name none. */
export const DEFAULT_CPU_UTILIZATION = 80;

function cpuMetric(utilization: number): MetricSpec {
  return { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: utilization } } };
}

function isCpuUtilization(m: MetricSpec): boolean {
  return m.type === 'Resource' && m.resource?.name === 'cpu' && m.resource.target?.type === 'Utilization';
}

/** A struct part of the stored (v2) HorizontalPodAutoscaler: `spec` or `status`. */
function v2Part(name: 'spec' | 'status'): StructSchema | undefined {
  const hpa = builtinSchema('autoscaling', 'v2', 'HorizontalPodAutoscaler');
  const part = hpa?.kind === 'struct' ? structField(hpa, name) : undefined;
  return part?.kind === 'struct' ? part : undefined;
}

/**
 * An annotation's JSON as field `field` of `part` (`spec` or `status`), decoded as the API server's
 * conversion unmarshals it into its Go type (unknown fields dropped); undefined when the text is
 * not JSON or does not fit the type, since the API server then ignores the annotation. Without
 * the decoding, a hostile annotation would put values of any type into the stored object.
 */
function annotationField(text: unknown, part: 'spec' | 'status', field: string): JsonValue | undefined {
  const schema = v2Part(part);
  if (typeof text !== 'string' || schema === undefined) return undefined;
  let parsed: JsonValue;
  try {
    parsed = JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
  const decoded = goDecode({ [field]: parsed }, schema, { unknownFields: 'collect' });
  return decoded.error === undefined ? asObject(decoded.value)?.[field] : undefined;
}

/** The objects of an annotation holding a JSON list (see {@link annotationField}); none when it does not decode. */
function annotationList(text: unknown, part: 'spec' | 'status', field: string): JsonObject[] {
  const value = annotationField(text, part, field);
  return Array.isArray(value) ? value.map((x) => asObject(x)).filter((x): x is JsonObject => x !== undefined) : [];
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
    metrics.push(...annotationList(annotations?.[ANNOTATIONS.hpaMetrics], 'spec', 'metrics'));
    if (metrics.length === 0) metrics.push(cpuMetric(DEFAULT_CPU_UTILIZATION));
    spec.metrics = metrics;
    const behavior = asObject(annotationField(annotations?.[ANNOTATIONS.hpaBehavior], 'spec', 'behavior'));
    if (behavior !== undefined) spec.behavior = behavior;
  }
  if (spec !== undefined) delete spec.targetCPUUtilizationPercentage;
  const status = asObject(obj.status);
  if (status !== undefined && status.currentMetrics === undefined) {
    const current: JsonObject[] = [];
    const cpu = asNumber(status.currentCPUUtilizationPercentage);
    if (cpu !== undefined) current.push({ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: cpu } } });
    current.push(...annotationList(annotations?.[ANNOTATIONS.hpaCurrentMetrics], 'status', 'currentMetrics'));
    if (current.length > 0) status.currentMetrics = current;
    const conditions = annotationList(annotations?.[ANNOTATIONS.hpaConditions], 'status', 'conditions');
    if (conditions.length > 0) status.conditions = conditions;
  }
  if (status !== undefined) delete status.currentCPUUtilizationPercentage;
  if (annotations !== undefined && meta !== undefined) {
    for (const k of [ANNOTATIONS.hpaMetrics, ANNOTATIONS.hpaCurrentMetrics, ANNOTATIONS.hpaConditions, ANNOTATIONS.hpaBehavior]) delete annotations[k];
    if (Object.keys(annotations).length === 0) delete meta.annotations;
  }
}

/** The v1 spec of a stored spec; the metrics other than the CPU utilization go to `annotations`. */
function v1Spec(spec: HorizontalPodAutoscalerSpec | undefined, annotations: Record<string, string>): Partial<HorizontalPodAutoscalerSpecV1> {
  const metrics = spec?.metrics ?? [];
  const cpu = metrics.find(isCpuUtilization);
  const others = metrics.filter((m) => m !== cpu);
  const out: Partial<HorizontalPodAutoscalerSpecV1> = {};
  if (spec?.scaleTargetRef !== undefined) out.scaleTargetRef = spec.scaleTargetRef;
  if (spec?.minReplicas !== undefined) out.minReplicas = spec.minReplicas;
  if (spec?.maxReplicas !== undefined) out.maxReplicas = spec.maxReplicas;
  const target = cpu?.resource?.target?.averageUtilization;
  if (target !== undefined) out.targetCPUUtilizationPercentage = target;
  if (others.length > 0) annotations[ANNOTATIONS.hpaMetrics] = JSON.stringify(others);
  if (spec?.behavior !== undefined) annotations[ANNOTATIONS.hpaBehavior] = JSON.stringify(spec.behavior);
  return out;
}

/** The v1 status of a stored status; the metrics other than CPU and the conditions go to `annotations`. */
function v1Status(status: HorizontalPodAutoscalerStatus, annotations: Record<string, string>): HorizontalPodAutoscalerStatusV1 {
  const current = status.currentMetrics ?? [];
  const cpuNow = current.find((m) => m.type === 'Resource' && m.resource?.name === 'cpu');
  const rest = current.filter((m) => m !== cpuNow);
  const copied: Partial<HorizontalPodAutoscalerStatusV1> = {};
  if (status.observedGeneration !== undefined) copied.observedGeneration = status.observedGeneration;
  if (status.lastScaleTime !== undefined) copied.lastScaleTime = status.lastScaleTime;
  if (status.currentReplicas !== undefined) copied.currentReplicas = status.currentReplicas;
  // The controller leaves desiredReplicas unset until it has read the target's scale.
  if (status.desiredReplicas !== undefined) copied.desiredReplicas = status.desiredReplicas;
  const v1: HorizontalPodAutoscalerStatusV1 = { ...copied, currentReplicas: copied.currentReplicas ?? 0, desiredReplicas: copied.desiredReplicas ?? 0 };
  const util = cpuNow?.resource?.current?.averageUtilization;
  if (util !== undefined) v1.currentCPUUtilizationPercentage = util;
  if (rest.length > 0) annotations[ANNOTATIONS.hpaCurrentMetrics] = JSON.stringify(rest);
  const conditions = status.conditions ?? [];
  if (conditions.length > 0) annotations[ANNOTATIONS.hpaConditions] = JSON.stringify(conditions);
  return v1;
}

/** The v1 form of a stored (v2) object (the keys stay where they were). */
export function hpaV2ToV1(stored: HorizontalPodAutoscaler): JsonObject {
  const obj = structuredClone(stored);
  const annotations: Record<string, string> = { ...obj.metadata?.annotations };
  const spec = v1Spec(obj.spec, annotations);
  const status = obj.status === undefined ? undefined : v1Status(obj.status, annotations);
  const metadata = { ...obj.metadata, ...(Object.keys(annotations).length > 0 ? { annotations } : {}) };
  return { ...obj, spec, ...(status === undefined ? {} : { status }), metadata };
}

/** A v2 view of an object in either form (the v1 table reads v1 objects through it). */
export function hpaV2View(obj: JsonObject): JsonObject {
  const spec = asObject(obj.spec);
  if (spec !== undefined && spec.metrics === undefined) {
    const copy = structuredClone(obj) as JsonObject;
    hpaV1ToV2(copy);
    return copy;
  }
  return obj;
}

/**
 * The v2 defaults: minReplicas 1, CPU at 80% when no metric is named, and filled-in behavior rules.
 * The object is decoded: a v2 body, or a v1 body made v2 by {@link hpaV1ToV2} from its decoded fields.
 */
export function defaultHpaV2(obj: HorizontalPodAutoscaler): void {
  const spec = obj.spec;
  if (spec === undefined) return;
  spec.minReplicas ??= 1;
  if ((spec.metrics ?? []).length === 0) spec.metrics = [cpuMetric(DEFAULT_CPU_UTILIZATION)];
  const behavior = spec.behavior;
  if (behavior !== undefined) {
    const up = (behavior.scaleUp ??= {});
    up.stabilizationWindowSeconds ??= 0;
    up.selectPolicy ??= 'Max';
    up.policies ??= [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }];
    const down = (behavior.scaleDown ??= {});
    down.selectPolicy ??= 'Max';
    down.policies ??= [{ type: 'Percent', value: 100, periodSeconds: 15 }];
  }
}
