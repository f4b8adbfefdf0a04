/**
 * The HorizontalPodAutoscaler controller (autoscaling/v2): every 15 seconds it reads the target's
 * scale (replicas and selector), the selected pods' CPU and memory usage from the metrics API
 * (PodMetrics, as metrics-server serves them) against their requests, computes the replicas each
 * metric asks for (tolerance 0.1), takes the largest, stabilizes and limits it (behavior or the
 * defaults, minReplicas/maxReplicas), scales the target, and writes status (currentMetrics,
 * current/desiredReplicas, lastScaleTime) with the AbleToScale, ScalingActive and ScalingLimited
 * conditions and the events a real controller records.
 */
import { DOMAIN } from '../../../sdk/naming.js';
import type { JsonObject } from '../../../sdk/types/meta.js';
import type { HorizontalPodAutoscaler, HorizontalPodAutoscalerStatus, MetricStatus, MetricTarget, MetricValueStatus } from '../../../sdk/types/generated/autoscaling-v2.js';
import type { Pod } from '../../../sdk/types/generated/core-v1.js';
import { timestamp } from '../../util/time.js';
import type { ResourceDef } from '../../registry/types.js';
import { scaleSelector } from '../../rest/subresources.js';
import { matchesLabels } from '../../../machinery/labels/selector.js';
import { asArray, asNumber, asObject, asString, getPath, nameOf, setPath } from '../../util/json.js';
import { jsonEqual } from '../../../machinery/json/equal.js';
import type { Controller } from '../../control/controller.js';
import { objectKeyOf, splitKey } from '../../feed/informer.js';
import { reconcileLoop } from '../../control/reconcile-loop.js';
import { normalize, resourceReplicas, type PodSample, type TimedValue } from './hpa-math.js';
import { errorMessage, type ControllerKit, type WorkloadOptions } from '../../control/kit.js';
import { newCondition, setCondition } from './util/conditions.js';
import { findCondition } from '../../util/conditions.js';
import { isPodActive, isPodReady } from './util/pods.js';
import { writeStatus } from './util/status-write.js';

/** How often each HPA is evaluated (`--horizontal-pod-autoscaler-sync-period`). */
export const HPA_SYNC_PERIOD_MS = 15_000;

/** Usage per container of the pods of a namespace, as PodMetrics report it. */
export interface MetricsSource {
  /** PodMetrics objects of a namespace; undefined when the metrics API is not served. */
  podMetrics(namespace: string): Promise<JsonObject[] | undefined>;
}

/** Reads PodMetrics from `metrics.platform.io/v1beta1` when the server serves it. */
export function registryMetricsSource(kit: ControllerKit): MetricsSource {
  return {
    async podMetrics(namespace) {
      const def = kit.ctx.registry.lookup(`metrics.${DOMAIN}`, 'v1beta1', 'pods');
      if (def === undefined) return undefined;
      return kit.client.list(def, namespace);
    },
  };
}

/** Milli-units of a quantity text (`250m`, `1`, `64Mi`). */
export function milliOf(text: unknown): number {
  const s = typeof text === 'number' ? String(text) : asString(text) ?? '';
  const m = /^([+-]?\d+(?:\.\d+)?)(m|k|M|G|T|Ki|Mi|Gi|Ti|n|u)?$/.exec(s.trim());
  if (m === null) return 0;
  const n = Number(m[1]);
  const factor: Record<string, number> = { '': 1000, m: 1, n: 1e-6, u: 1e-3, k: 1e6, M: 1e9, G: 1e12, T: 1e15, Ki: 1024e3, Mi: 1024 ** 2 * 1e3, Gi: 1024 ** 3 * 1e3, Ti: 1024 ** 4 * 1e3 };
  return n * (factor[m[2] ?? ''] ?? 1000);
}

/** A quantity text of milli-units (`250m`, or whole units when exact). */
function quantityText(milli: number, resource: string): string {
  const rounded = Math.round(milli);
  if (resource === 'memory') return rounded % 1000 === 0 ? String(rounded / 1000) : `${rounded}m`;
  return rounded % 1000 === 0 ? String(rounded / 1000) : `${rounded}m`;
}

interface HpaState {
  recommendations: TimedValue[];
  scaleUpEvents: TimedValue[];
  scaleDownEvents: TimedValue[];
}

/** Creates the HPA controller. */
export function hpaController(kit: ControllerKit, options: WorkloadOptions & { metrics?: MetricsSource } = {}): Controller {
  const hpaDef = kit.kind('autoscaling/v2', 'HorizontalPodAutoscaler');
  const hpas = kit.informerOf(hpaDef);
  const pods = kit.informerOf(kit.kind('v1', 'Pod'));
  const metrics = options.metrics ?? registryMetricsSource(kit);
  const states = new Map<string, HpaState>();
  const loop = reconcileLoop({
    name: 'horizontal-pod-autoscaler', ctx: kit.ctx, clock: kit.clock, workers: options.workers ?? 5,
    reconcile: async (key) => {
      const hpa = hpas.getByKey(key);
      if (hpa === undefined) {
        states.delete(key);
        return;
      }
      try {
        let state = states.get(key);
        if (state === undefined) {
          state = { recommendations: [], scaleUpEvents: [], scaleDownEvents: [] };
          states.set(key, state);
        }
        await syncHpa(kit, hpaDef, hpa, pods.list(splitKey(key).namespace), metrics, state);
      } finally {
        loop.queue.addAfter(key, HPA_SYNC_PERIOD_MS);
      }
    },
    initialKeys: () => hpas.list().map(objectKeyOf),
    subscriptions: [hpas.addHandler((ev) => {
      if (ev.type === 'ADDED' || (ev.type === 'MODIFIED' && !jsonEqual(ev.old?.spec, ev.object.spec))) loop.queue.add(objectKeyOf(ev.object));
    })],
  });
  return loop;
}

async function syncHpa(kit: ControllerKit, hpaDef: ResourceDef, hpa: HorizontalPodAutoscaler, nsPods: Pod[], metrics: MetricsSource, state: HpaState): Promise<void> {
  const { namespace } = splitKey(objectKeyOf(hpa));
  const spec = hpa.spec;
  const ref = spec?.scaleTargetRef;
  const targetName = ref?.name ?? '';
  const now = kit.now();
  // Written untyped (hpaDef is a ResourceDef): desiredReplicas is left out until the target's scale is read.
  const status: Partial<HorizontalPodAutoscalerStatus> = structuredClone(hpa.status ?? {});
  const condition = (type: string, st: string, reason: string, message: string): void => {
    setCondition(status, newCondition(type, st, reason, message, now, false));
    const c = findCondition(status, type);
    if (c !== undefined && c.reason === reason) c.message = message;
  };
  const write = async (): Promise<void> => {
    status.observedGeneration = asNumber(hpa.metadata?.generation) ?? 0;
    // Untyped: the status may lack desiredReplicas until the target's scale was read.
    await writeStatus<JsonObject>(kit, hpaDef, hpa, status);
  };
  // The target is any kind with a scale subresource (a custom resource too): read untyped.
  const def: ResourceDef | undefined = kit.ctx.registry.byKind(ref?.apiVersion ?? '', ref?.kind ?? '');
  const target = def === undefined ? undefined : await kit.client.get(def, namespace, targetName);
  if (def?.scale === undefined || target === undefined) {
    const why = def === undefined ? `the server could not find the requested resource` : `${def.plural}.${def.group} ${JSON.stringify(targetName)} not found`;
    condition('AbleToScale', 'False', 'FailedGetScale', `the HPA controller was unable to get the target's current scale: ${why}`);
    kit.recorder.event(hpa, 'Warning', 'FailedGetScale', why);
    await write();
    return;
  }
  const current = asNumber(getPath(target, def.scale.specReplicasPath)) ?? 0;
  const min = spec?.minReplicas ?? 1;
  const max = spec?.maxReplicas ?? 1;
  status.currentReplicas = asNumber(getPath(target, def.scale.statusReplicasPath)) ?? 0;
  if (current === 0 && min !== 0) {
    status.desiredReplicas = 0;
    condition('ScalingActive', 'False', 'ScalingDisabled', 'scaling is disabled since the replica count of the target is zero');
    await write();
    return;
  }
  const selector = scaleSelector(def, target);
  const selected = nsPods.filter((p) => isPodActive(p) && matchesLabels(selector, p.metadata?.labels));
  const podMetrics = await metrics.podMetrics(namespace);
  // PodMetrics are built by the metrics API, never stored: no schema type, read untyped.
  const usageByPod = new Map<string, JsonObject>();
  for (const m of podMetrics ?? []) usageByPod.set(nameOf(m), m);

  let desired = 0;
  const currentMetrics: MetricStatus[] = [];
  let invalid: string | undefined;
  let firstValid: string | undefined;
  for (const metric of spec?.metrics ?? []) {
    const kind = metric.type === 'ContainerResource' ? 'containerResource' : 'resource';
    const src = metric[kind];
    if ((metric.type !== 'Resource' && metric.type !== 'ContainerResource') || src === undefined) {
      invalid ??= `the HPA was unable to compute the replica count: unable to get metric ${metric.type ?? ''}: metric type not served by this server`;
      continue;
    }
    const resource = src.name ?? 'cpu';
    const container = 'container' in src ? src.container : undefined;
    const t: Partial<MetricTarget> = src.target ?? {};
    const describe = `${resource} ${kind === 'containerResource' ? 'container ' : ''}resource${t.type === 'Utilization' ? ' utilization (percentage of request)' : ''}`;
    if (podMetrics === undefined || podMetrics.length === 0) {
      invalid ??= `the HPA was unable to compute the replica count: failed to get ${resource} utilization: unable to get metrics for resource ${resource}: no metrics returned from resource metrics API`;
      continue;
    }
    const samples: PodSample[] = [];
    let missingRequest: string | undefined;
    for (const pod of selected) {
      const podName = pod.metadata?.name ?? '';
      const containers = (pod.spec?.containers ?? []).filter((c) => container === undefined || c.name === container);
      let request = 0;
      for (const c of containers) {
        const r = c.resources?.requests?.[resource];
        if (r === undefined) missingRequest ??= `missing request for ${resource} in container ${c.name ?? ''} of Pod ${podName}`;
        request += milliOf(r);
      }
      const m = usageByPod.get(podName);
      const usage = m === undefined ? undefined : (asArray(m.containers) ?? []).map((c) => asObject(c) ?? {})
        .filter((c) => container === undefined || c.name === container).reduce((n, c) => n + milliOf(asObject(c.usage)?.[resource]), 0);
      samples.push({ name: podName, usage, request, ready: isPodReady(pod) });
    }
    if (t.type === 'Utilization' && missingRequest !== undefined) {
      invalid ??= `the HPA was unable to compute the replica count: failed to get ${resource} utilization: ${missingRequest}`;
      continue;
    }
    const result = t.type === 'Utilization'
      ? resourceReplicas(current, samples, { utilization: t.averageUtilization ?? 80 })
      : resourceReplicas(current, samples, { averageValue: milliOf(t.averageValue) });
    desired = Math.max(desired, result.replicas);
    firstValid ??= describe;
    const cur: MetricValueStatus = { averageValue: quantityText(result.averageValue, resource) };
    if (result.utilization !== undefined) cur.averageUtilization = result.utilization;
    currentMetrics.push({ type: metric.type, [kind]: { name: resource, ...(container === undefined ? {} : { container }), current: cur } });
  }
  if (currentMetrics.length > 0) status.currentMetrics = currentMetrics;
  else delete status.currentMetrics;
  if (firstValid === undefined) {
    const message = invalid ?? 'the HPA was unable to compute the replica count: no metrics';
    condition('AbleToScale', 'True', 'SucceededGetScale', 'the HPA controller was able to get the target\'s current scale');
    condition('ScalingActive', 'False', 'FailedGetResourceMetric', message);
    kit.recorder.event(hpa, 'Warning', 'FailedGetResourceMetric', message.replace('the HPA was unable to compute the replica count: ', ''));
    kit.recorder.event(hpa, 'Warning', 'FailedComputeMetricsReplicas', `invalid metrics (1 invalid out of ${(spec?.metrics ?? []).length}), first error is: ${message.replace('the HPA was unable to compute the replica count: ', 'failed to get cpu resource metric value: ')}`);
    status.desiredReplicas = current;
    await write();
    return;
  }
  condition('ScalingActive', 'True', 'ValidMetricFound', `the HPA was able to successfully calculate a replica count from ${firstValid}`);
  const behavior = spec?.behavior;
  const windowMs = Math.max(300, behavior?.scaleDown?.stabilizationWindowSeconds ?? 0, behavior?.scaleUp?.stabilizationWindowSeconds ?? 0) * 1000;
  const result = normalize({ current, desired, min, max, now, recommendations: state.recommendations, scaleUpEvents: state.scaleUpEvents, scaleDownEvents: state.scaleDownEvents, behavior });
  state.recommendations = [...state.recommendations.filter((r) => r.at > now - windowMs), { at: now, value: desired }];
  condition('AbleToScale', 'True', result.ableReason, result.ableMessage);
  condition('ScalingLimited', result.limitedReason === 'DesiredWithinRange' ? 'False' : 'True', result.limitedReason, result.limitedMessage);
  status.desiredReplicas = result.replicas;
  if (result.replicas !== current) {
    const reason = result.replicas > current ? `${firstValid} above target` : 'All metrics below target';
    try {
      const paths = def.scale;
      await kit.client.update(def, namespace, targetName, (o) => {
        setPath(o, paths.specReplicasPath, result.replicas);
        return true;
      });
      kit.recorder.event(hpa, 'Normal', 'SuccessfulRescale', `New size: ${result.replicas}; reason: ${reason}`);
      condition('AbleToScale', 'True', 'SucceededRescale', `the HPA controller was able to update the target scale to ${result.replicas}`);
      status.lastScaleTime = timestamp(now);
      const change = { at: now, value: Math.abs(result.replicas - current) };
      if (result.replicas > current) state.scaleUpEvents = [...state.scaleUpEvents.filter((e) => e.at > now - 3_600_000), change];
      else state.scaleDownEvents = [...state.scaleDownEvents.filter((e) => e.at > now - 3_600_000), change];
    } catch (e) {
      condition('AbleToScale', 'False', 'FailedUpdateScale', `the HPA controller was unable to update the target scale: ${errorMessage(e)}`);
      kit.recorder.event(hpa, 'Warning', 'FailedRescale', `New size: ${result.replicas}; reason: ${reason}; error: ${errorMessage(e)}`);
    }
  }
  await write();
}
