/**
 * Kinds of the `autoscaling` group (`autoscaling/v2`): HorizontalPodAutoscaler.
 */
import type { LabelSelector, ObjectBase } from './meta.js';

/** The object an autoscaler scales (through its `scale` subresource). */
export interface CrossVersionObjectReference {
  apiVersion?: string;
  kind: string;
  name: string;
}

/** A target value: `Utilization` (percent of requests), `Value` or `AverageValue` (quantities). */
export interface MetricTarget {
  type: 'Utilization' | 'Value' | 'AverageValue' | (string & {});
  value?: string;
  averageValue?: string;
  averageUtilization?: number;
}

/** A metric's current value, in the form of its target. */
export interface MetricValueStatus {
  value?: string;
  averageValue?: string;
  averageUtilization?: number;
}

/** A metric named by name and optional label selector. */
export interface MetricIdentifier {
  name: string;
  selector?: LabelSelector;
}

/** One metric an autoscaler follows; the member named by `type` is set. */
export interface MetricSpec {
  type: 'Resource' | 'ContainerResource' | 'Pods' | 'Object' | 'External' | (string & {});
  resource?: { name: string; target: MetricTarget };
  containerResource?: { name: string; container: string; target: MetricTarget };
  pods?: { metric: MetricIdentifier; target: MetricTarget };
  object?: { describedObject: CrossVersionObjectReference; metric: MetricIdentifier; target: MetricTarget };
  external?: { metric: MetricIdentifier; target: MetricTarget };
}

/** The last reading of one metric; the member named by `type` is set. */
export interface MetricStatus {
  type: MetricSpec['type'];
  resource?: { name: string; current: MetricValueStatus };
  containerResource?: { name: string; container: string; current: MetricValueStatus };
  pods?: { metric: MetricIdentifier; current: MetricValueStatus };
  object?: { describedObject: CrossVersionObjectReference; metric: MetricIdentifier; current: MetricValueStatus };
  external?: { metric: MetricIdentifier; current: MetricValueStatus };
}

/** How fast an autoscaler may scale in one direction. */
export interface HPAScalingRules {
  stabilizationWindowSeconds?: number;
  selectPolicy?: 'Max' | 'Min' | 'Disabled' | (string & {});
  policies?: { type: 'Pods' | 'Percent' | (string & {}); value: number; periodSeconds: number }[];
}

/** A condition of an autoscaler (`AbleToScale`, `ScalingActive`, `ScalingLimited`). */
export interface HorizontalPodAutoscalerCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown' | (string & {});
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

/** Scales a workload between bounds to hold its metrics at their targets. */
export interface HorizontalPodAutoscaler extends ObjectBase {
  kind?: 'HorizontalPodAutoscaler';
  spec?: {
    scaleTargetRef: CrossVersionObjectReference;
    minReplicas?: number;
    maxReplicas: number;
    metrics?: MetricSpec[];
    behavior?: { scaleUp?: HPAScalingRules; scaleDown?: HPAScalingRules };
  };
  status?: {
    observedGeneration?: number;
    lastScaleTime?: string;
    currentReplicas?: number;
    desiredReplicas: number;
    currentMetrics?: MetricStatus[];
    conditions?: HorizontalPodAutoscalerCondition[];
  };
}
