/**
 * Kinds of the `autoscaling` group (`autoscaling/v2`): HorizontalPodAutoscaler.
 */
export type { CrossVersionObjectReference, HPAScalingRules, HorizontalPodAutoscaler, HorizontalPodAutoscalerCondition, MetricIdentifier, MetricSpec, MetricStatus, MetricTarget, MetricValueStatus } from './generated/autoscaling-v2.js';
