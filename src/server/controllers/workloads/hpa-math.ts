/**
 * The HorizontalPodAutoscaler's arithmetic (`ReplicaCalculator` and `normalizeDesiredReplicas`):
 * replicas from resource utilization with the 0.1 tolerance and the missing/unready pod rules,
 * the stabilization window over recent recommendations, scaling policies over their periods, and
 * min/max with the condition that says which limit applied.
 */
import type { HorizontalPodAutoscalerBehavior, HPAScalingRules } from '../../../sdk/types/generated/autoscaling-v2.js';

/** The tolerance within which no scaling happens. */
export const TOLERANCE = 0.1;
/** The default scale-down stabilization window (`--horizontal-pod-autoscaler-downscale-stabilization`). */
export const DOWNSCALE_STABILIZATION_MS = 5 * 60_000;

/** One pod's usage and request of the resource (request 0: missing), and its readiness. */
export interface PodSample {
  name: string;
  /** Usage in milli-units; undefined when the metrics API has none for the pod. */
  usage: number | undefined;
  request: number;
  ready: boolean;
}

/** The outcome of one metric. */
export interface MetricReplicas {
  replicas: number;
  /** Current utilization (percent of request), for Utilization targets. */
  utilization?: number;
  /** Current average value in milli-units. */
  averageValue: number;
}

/**
 * `GetResourceReplicas` (utilization target in percent) or `GetRawResourceReplicas` (average value
 * in milli-units, `utilization` undefined): the replica count the metric asks for.
 */
export function resourceReplicas(current: number, pods: readonly PodSample[], target: { utilization?: number; averageValue?: number }): MetricReplicas {
  const withMetrics = pods.filter((p) => p.usage !== undefined);
  const ready = withMetrics.filter((p) => p.ready);
  const unready = withMetrics.filter((p) => !p.ready);
  const missing = pods.filter((p) => p.usage === undefined);
  const usageOf = (list: readonly PodSample[]): number => list.reduce((n, p) => n + (p.usage ?? 0), 0);
  const requestOf = (list: readonly PodSample[]): number => list.reduce((n, p) => n + p.request, 0);
  const ratioOf = (usage: number, request: number, count: number): number => {
    if (target.utilization !== undefined) return request === 0 ? 0 : (usage * 100) / request / target.utilization;
    return count === 0 || (target.averageValue ?? 0) === 0 ? 0 : usage / count / (target.averageValue ?? 1);
  };
  const utilization = target.utilization !== undefined && requestOf(ready) > 0 ? Math.trunc((usageOf(ready) * 100) / requestOf(ready)) : undefined;
  const averageValue = ready.length === 0 ? 0 : usageOf(ready) / ready.length;
  const usageRatio = ratioOf(usageOf(ready), requestOf(ready), ready.length);
  const out = (replicas: number): MetricReplicas => (utilization === undefined ? { replicas, averageValue } : { replicas, utilization, averageValue });
  const rebalance = missing.length > 0 || (unready.length > 0 && usageRatio > 1);
  if (!rebalance) {
    if (Math.abs(1 - usageRatio) <= TOLERANCE) return out(current);
    return out(Math.ceil(usageRatio * ready.length));
  }
  // Missing pods count as using nothing when scaling up and their whole request when scaling
  // down; unready pods count as using nothing (and only when scaling up).
  let usage = usageOf(ready);
  let request = requestOf(ready);
  let count = ready.length;
  for (const p of missing) {
    usage += usageRatio < 1 ? (target.utilization !== undefined ? p.request : (target.averageValue ?? 0)) : 0;
    request += p.request;
    count++;
  }
  if (usageRatio > 1) {
    for (const p of unready) {
      request += p.request;
      count++;
    }
  }
  const newRatio = ratioOf(usage, request, count);
  if (Math.abs(1 - newRatio) <= TOLERANCE || (usageRatio < 1 && newRatio > 1) || (usageRatio > 1 && newRatio < 1)) return out(current);
  const replicas = Math.ceil(newRatio * count);
  if ((usageRatio < 1 && replicas > current) || (usageRatio > 1 && replicas < current)) return out(current);
  return out(replicas);
}

/** A past recommendation or scale change. */
export interface TimedValue {
  at: number;
  value: number;
}

/** The limit a normalization hit, as the ScalingLimited condition reports it. */
export interface Normalized {
  replicas: number;
  ableReason: 'ScaleDownStabilized' | 'ScaleUpStabilized' | 'ReadyForNewScale';
  ableMessage: string;
  limitedReason: 'TooFewReplicas' | 'TooManyReplicas' | 'ScaleUpLimit' | 'ScaleDownLimit' | 'DesiredWithinRange';
  limitedMessage: string;
}

const LIMITED: Record<Normalized['limitedReason'], string> = {
  TooFewReplicas: 'the desired replica count is less than the minimum replica count',
  TooManyReplicas: 'the desired replica count is more than the maximum replica count',
  ScaleUpLimit: 'the desired replica count is increasing faster than the maximum scale rate',
  ScaleDownLimit: 'the desired replica count is decreasing faster than the maximum scale rate',
  DesiredWithinRange: 'the desired count is within the acceptable range',
};

function periodLimit(rules: HPAScalingRules | undefined, current: number, events: readonly TimedValue[], now: number, up: boolean): number {
  const policies = rules?.policies ?? [];
  if (rules?.selectPolicy === 'Disabled') return current;
  if (policies.length === 0) return up ? Infinity : -Infinity;
  const limits = policies.map((p) => {
    const changed = events.filter((e) => e.at > now - p.periodSeconds * 1000).reduce((n, e) => n + e.value, 0);
    const start = current - changed;
    if (up) return p.type === 'Pods' ? start + p.value : Math.ceil(start * (1 + p.value / 100));
    return p.type === 'Pods' ? start - p.value : Math.floor(start * (1 - p.value / 100));
  });
  const pickMax = (rules?.selectPolicy ?? 'Max') === 'Max';
  return up ? (pickMax ? Math.max(...limits) : Math.min(...limits)) : (pickMax ? Math.min(...limits) : Math.max(...limits));
}

/**
 * `normalizeDesiredReplicas` (no behavior: a 5-minute scale-down window, scale-up at most to
 * max(2 x current, 4)) and `normalizeDesiredReplicasWithBehaviors` (each direction's window and
 * policies over the recorded scale changes).
 */
export function normalize(args: {
  current: number; desired: number; min: number; max: number; now: number;
  recommendations: readonly TimedValue[];
  scaleUpEvents: readonly TimedValue[]; scaleDownEvents: readonly TimedValue[];
  behavior?: HorizontalPodAutoscalerBehavior | undefined;
}): Normalized {
  const { current, desired, min, max, now, behavior } = args;
  const upWindow = (behavior?.scaleUp?.stabilizationWindowSeconds ?? 0) * 1000;
  const downWindow = behavior === undefined ? DOWNSCALE_STABILIZATION_MS : (behavior.scaleDown?.stabilizationWindowSeconds ?? 300) * 1000;
  const recent = (windowMs: number): number[] => [desired, ...args.recommendations.filter((r) => r.at > now - windowMs).map((r) => r.value)];
  // Scale up to the lowest of the up-window's recommendations, down to the highest of the down-window's.
  const upBound = Math.min(...recent(upWindow));
  const downBound = Math.max(...recent(downWindow));
  let stabilized = current;
  if (upBound > current) stabilized = upBound;
  else if (downBound < current) stabilized = downBound;
  let ableReason: Normalized['ableReason'] = 'ReadyForNewScale';
  let ableMessage = 'recommended size matches current size';
  if (stabilized !== desired) {
    ableReason = desired < stabilized || (desired < current && stabilized === current) ? 'ScaleDownStabilized' : 'ScaleUpStabilized';
    ableMessage = ableReason === 'ScaleDownStabilized' ? 'recent recommendations were higher than current one, applying the highest recent recommendation'
      : 'recent recommendations were lower than current one, applying the lowest recent recommendation';
  }
  let replicas = stabilized;
  let limitedReason: Normalized['limitedReason'] = 'DesiredWithinRange';
  if (behavior === undefined) {
    const upLimit = Math.max(2 * current, 4);
    if (replicas < min) {
      replicas = min;
      limitedReason = 'TooFewReplicas';
    } else if (replicas > max) {
      replicas = max;
      limitedReason = 'TooManyReplicas';
    } else if (replicas > upLimit) {
      replicas = upLimit;
      limitedReason = 'ScaleUpLimit';
    }
  } else {
    if (replicas > current) {
      const limit = periodLimit(behavior.scaleUp, current, args.scaleUpEvents, now, true);
      if (replicas > limit) {
        replicas = limit;
        limitedReason = 'ScaleUpLimit';
      }
    } else if (replicas < current) {
      const limit = periodLimit(behavior.scaleDown, current, args.scaleDownEvents, now, false);
      if (replicas < limit) {
        replicas = limit;
        limitedReason = 'ScaleDownLimit';
      }
    }
    if (replicas > max) {
      replicas = max;
      limitedReason = 'TooManyReplicas';
    } else if (replicas < min) {
      replicas = min;
      limitedReason = 'TooFewReplicas';
    }
  }
  return { replicas, ableReason, ableMessage, limitedReason, limitedMessage: LIMITED[limitedReason] };
}
