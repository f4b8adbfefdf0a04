/**
 * Schemas of autoscaling v1 and v2: Scale and HorizontalPodAutoscalers.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import { GROUPS } from '../../../naming.js';
import type { StructSchema } from '../../../../machinery/schema/type-schema.js';
import { atomicList, keyedList, kind, message, named } from './build.js';
import { CONDITION_STATUS, RESOURCE_NAME } from './core-values.js';
import { LABEL_SELECTOR, OBJECT_META } from './meta.js';
import { INT32, INT64, QUANTITY, STRING, TIME } from './scalars.js';

/** `v2.MetricSourceType`. */
export const METRIC_SOURCE_TYPE = named(STRING, 'v2.MetricSourceType');
/** `v2.MetricTargetType`. */
export const METRIC_TARGET_TYPE = named(STRING, 'v2.MetricTargetType');
/** `v2.ScalingPolicySelect`. */
export const SCALING_POLICY_SELECT = named(STRING, 'v2.ScalingPolicySelect');
/** `v2.HPAScalingPolicyType`. */
export const HPA_SCALING_POLICY_TYPE = named(STRING, 'v2.HPAScalingPolicyType');
/** `v2.HorizontalPodAutoscalerConditionType`. */
export const HORIZONTAL_POD_AUTOSCALER_CONDITION_TYPE = named(STRING, 'v2.HorizontalPodAutoscalerConditionType');

/** ScaleSpec (autoscaling/v1). */
export const SCALE_SPEC: StructSchema = message('api.autoscaling.v1', 'ScaleSpec', 'The desired scale.', {
  replicas: [1, INT32, 'Desired number of replicas.'],
});

/** ScaleStatus (autoscaling/v1). */
export const SCALE_STATUS: StructSchema = message('api.autoscaling.v1', 'ScaleStatus', 'The observed scale.', {
  replicas: [1, INT32, 'Observed number of replicas.', 're'],
  selector: [2, STRING, 'Label selector of the pods, in query form (`app=web`).'],
});

/** Scale (autoscaling/v1). */
export const SCALE: StructSchema = kind('api.autoscaling.v1', 'Scale', [{ group: GROUPS.autoscaling, version: 'v1', kind: 'Scale' }], 'The replica count of a scalable resource; read and written through its scale sub-resource.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, SCALE_SPEC, 'The desired replica count.'],
  status: [3, SCALE_STATUS, 'The observed replica count. Read-only.'],
});

/** CrossVersionObjectReference (autoscaling/v1). */
export const CROSS_VERSION_OBJECT_REFERENCE: StructSchema = message('api.autoscaling.v1', 'CrossVersionObjectReference', 'A reference to an object by kind and name.', {
  kind: [1, STRING, 'The type of the object, in CamelCase.', 're'],
  name: [2, STRING, 'Name of the object.', 're'],
  apiVersion: [3, STRING, 'The schema version of the object, `group/version` (just `version` for the core group).'],
}, { atomic: true });

/** HorizontalPodAutoscalerSpec (autoscaling/v1). */
export const HORIZONTAL_POD_AUTOSCALER_SPEC: StructSchema = message('api.autoscaling.v1', 'HorizontalPodAutoscalerSpec', 'What an autoscaler scales and how.', {
  scaleTargetRef: [1, CROSS_VERSION_OBJECT_REFERENCE, 'The scalable resource to scale.', 're'],
  minReplicas: [2, INT32, 'Fewest replicas; 1 by default.', 'p'],
  maxReplicas: [3, INT32, 'Most replicas; cannot be below minReplicas.', 're'],
  targetCPUUtilizationPercentage: [4, INT32, 'Target average CPU use across the pods, as a percentage of requested CPU.', 'p'],
});

/** HorizontalPodAutoscalerStatus (autoscaling/v1). */
export const HORIZONTAL_POD_AUTOSCALER_STATUS: StructSchema = message('api.autoscaling.v1', 'HorizontalPodAutoscalerStatus', 'The observed state of an autoscaler.', {
  observedGeneration: [1, INT64, 'The metadata.generation the controller last acted on.', 'p'],
  lastScaleTime: [2, TIME, 'When the autoscaler last changed the replica count.', 'p'],
  currentReplicas: [3, INT32, 'Replicas the target has now.', 're'],
  desiredReplicas: [4, INT32, 'Replicas the autoscaler wants.', 're'],
  currentCPUUtilizationPercentage: [5, INT32, 'Average CPU use across the pods now, as a percentage of requested CPU.', 'p'],
});

/** HorizontalPodAutoscaler (autoscaling/v1). */
export const HORIZONTAL_POD_AUTOSCALER: StructSchema = kind('api.autoscaling.v1', 'HorizontalPodAutoscaler', [{ group: GROUPS.autoscaling, version: 'v1', kind: 'HorizontalPodAutoscaler' }], 'Scales a workload\'s replicas between bounds to meet metric targets.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, HORIZONTAL_POD_AUTOSCALER_SPEC, 'The target, bounds and metrics.'],
  status: [3, HORIZONTAL_POD_AUTOSCALER_STATUS, 'The observed state of the autoscaler. Read-only.'],
});

/** CrossVersionObjectReference (autoscaling/v2). */
export const CROSS_VERSION_OBJECT_REFERENCE_V2: StructSchema = message('api.autoscaling.v2', 'CrossVersionObjectReference', 'A reference to an object by kind and name.', {
  kind: [1, STRING, 'The type of the object, in CamelCase.', 're'],
  name: [2, STRING, 'Name of the object.', 're'],
  apiVersion: [3, STRING, 'The schema version of the object, `group/version` (just `version` for the core group).'],
});

/** MetricTarget (autoscaling/v2). */
export const METRIC_TARGET: StructSchema = message('api.autoscaling.v2', 'MetricTarget', 'A target value of a metric.', {
  type: [1, METRIC_TARGET_TYPE, 'Utilization, Value or AverageValue.', 're'],
  value: [2, QUANTITY, 'Target value of the metric.', 'p'],
  averageValue: [3, QUANTITY, 'Target value averaged over the pods.', 'p'],
  averageUtilization: [4, INT32, 'Target average use as a percentage of the requests; Resource metrics only.', 'p'],
});

/** MetricIdentifier (autoscaling/v2). */
export const METRIC_IDENTIFIER: StructSchema = message('api.autoscaling.v2', 'MetricIdentifier', 'A metric by name and selector.', {
  name: [1, STRING, 'Name of the metric.', 're'],
  selector: [2, LABEL_SELECTOR, 'Labels selecting the series of the metric; the name alone when unset.', 'p'],
});

/** ObjectMetricSource (autoscaling/v2). */
export const OBJECT_METRIC_SOURCE: StructSchema = message('api.autoscaling.v2', 'ObjectMetricSource', 'A metric of an object.', {
  describedObject: [1, CROSS_VERSION_OBJECT_REFERENCE_V2, 'The object.', 're'],
  target: [2, METRIC_TARGET, 'The target value.', 're'],
  metric: [3, METRIC_IDENTIFIER, 'The metric.', 're'],
});

/** PodsMetricSource (autoscaling/v2). */
export const PODS_METRIC_SOURCE: StructSchema = message('api.autoscaling.v2', 'PodsMetricSource', 'A metric averaged over pods.', {
  metric: [1, METRIC_IDENTIFIER, 'The metric.', 're'],
  target: [2, METRIC_TARGET, 'The target value (AverageValue only).', 're'],
});

/** ResourceMetricSource (autoscaling/v2). */
export const RESOURCE_METRIC_SOURCE: StructSchema = message('api.autoscaling.v2', 'ResourceMetricSource', 'A resource metric of pods.', {
  name: [1, RESOURCE_NAME, 'The resource.', 're'],
  target: [2, METRIC_TARGET, 'The target value.', 're'],
});

/** ContainerResourceMetricSource (autoscaling/v2). */
export const CONTAINER_RESOURCE_METRIC_SOURCE: StructSchema = message('api.autoscaling.v2', 'ContainerResourceMetricSource', 'A resource metric of one container of each pod.', {
  name: [1, RESOURCE_NAME, 'The resource.', 're'],
  target: [2, METRIC_TARGET, 'The target value.', 're'],
  container: [3, STRING, 'Name of the container.', 're'],
});

/** ExternalMetricSource (autoscaling/v2). */
export const EXTERNAL_METRIC_SOURCE: StructSchema = message('api.autoscaling.v2', 'ExternalMetricSource', 'A metric from outside the cluster.', {
  metric: [1, METRIC_IDENTIFIER, 'The metric.', 're'],
  target: [2, METRIC_TARGET, 'The target value.', 're'],
});

/** MetricSpec (autoscaling/v2). */
export const METRIC_SPEC: StructSchema = message('api.autoscaling.v2', 'MetricSpec', 'A metric to scale on; type says which field is set.', {
  type: [1, METRIC_SOURCE_TYPE, 'Object, Pods, Resource, ContainerResource or External.', 're'],
  object: [2, OBJECT_METRIC_SOURCE, 'A metric of another object in the namespace.', 'p'],
  pods: [3, PODS_METRIC_SOURCE, 'A metric averaged over the target\'s pods.', 'p'],
  resource: [4, RESOURCE_METRIC_SOURCE, 'A resource (CPU, memory) of the target\'s pods, as the resource metrics report it.', 'p'],
  containerResource: [7, CONTAINER_RESOURCE_METRIC_SOURCE, 'A resource of one container in each of the target\'s pods.', 'p'],
  external: [5, EXTERNAL_METRIC_SOURCE, 'A metric from outside the cluster.', 'p'],
});

/** HPAScalingPolicy (autoscaling/v2). */
export const HPA_SCALING_POLICY: StructSchema = message('api.autoscaling.v2', 'HPAScalingPolicy', 'A limit on scaling per period.', {
  type: [1, HPA_SCALING_POLICY_TYPE, 'Pods or Percent.', 're'],
  value: [2, INT32, 'How many pods, or what percentage of them, may change.', 're'],
  periodSeconds: [3, INT32, 'Length of the period in seconds (1 to 1800).', 're'],
});

/** HPAScalingRules (autoscaling/v2). */
export const HPA_SCALING_RULES: StructSchema = message('api.autoscaling.v2', 'HPAScalingRules', 'Rules for scaling in one direction.', {
  stabilizationWindowSeconds: [3, INT32, 'Seconds of past recommendations taken into account, to avoid flapping (0 to 3600).', 'p'],
  selectPolicy: [1, SCALING_POLICY_SELECT, 'Max (the default), Min or Disabled: which policy wins.', 'p'],
  policies: [2, atomicList(HPA_SCALING_POLICY), 'Limits on how much may change per period.'],
});

/** HorizontalPodAutoscalerBehavior (autoscaling/v2). */
export const HORIZONTAL_POD_AUTOSCALER_BEHAVIOR: StructSchema = message('api.autoscaling.v2', 'HorizontalPodAutoscalerBehavior', 'How fast an autoscaler scales in each direction.', {
  scaleUp: [1, HPA_SCALING_RULES, 'Rules for scaling up; by default the faster of doubling and 4 pods every 15 seconds, without stabilization.', 'p'],
  scaleDown: [2, HPA_SCALING_RULES, 'Rules for scaling down; by default down to the wanted count, with a 300-second stabilization window.', 'p'],
});

/** HorizontalPodAutoscalerSpec (autoscaling/v2). */
export const HORIZONTAL_POD_AUTOSCALER_SPEC_V2: StructSchema = message('api.autoscaling.v2', 'HorizontalPodAutoscalerSpec', 'What an autoscaler scales and how.', {
  scaleTargetRef: [1, CROSS_VERSION_OBJECT_REFERENCE_V2, 'The scalable resource to scale.', 're'],
  minReplicas: [2, INT32, 'Fewest replicas; 1 by default.', 'p'],
  maxReplicas: [3, INT32, 'Most replicas; cannot be below minReplicas.', 're'],
  metrics: [4, atomicList(METRIC_SPEC), 'Metrics to scale on; the largest replica count any of them asks for wins. Average CPU of 80% by default.'],
  behavior: [5, HORIZONTAL_POD_AUTOSCALER_BEHAVIOR, 'How fast to scale up and down; the defaults when unset.', 'p'],
});

/** MetricValueStatus (autoscaling/v2). */
export const METRIC_VALUE_STATUS: StructSchema = message('api.autoscaling.v2', 'MetricValueStatus', 'A current metric value.', {
  value: [1, QUANTITY, 'The value.', 'p'],
  averageValue: [2, QUANTITY, 'The value averaged over the pods.', 'p'],
  averageUtilization: [3, INT32, 'Average use as a percentage of the requests.', 'p'],
});

/** ObjectMetricStatus (autoscaling/v2). */
export const OBJECT_METRIC_STATUS: StructSchema = message('api.autoscaling.v2', 'ObjectMetricStatus', 'The value of an object metric.', {
  metric: [1, METRIC_IDENTIFIER, 'The metric.', 're'],
  current: [2, METRIC_VALUE_STATUS, 'Its current value.', 're'],
  describedObject: [3, CROSS_VERSION_OBJECT_REFERENCE_V2, 'The object.', 're'],
});

/** PodsMetricStatus (autoscaling/v2). */
export const PODS_METRIC_STATUS: StructSchema = message('api.autoscaling.v2', 'PodsMetricStatus', 'The value of a pods metric.', {
  metric: [1, METRIC_IDENTIFIER, 'The metric.', 're'],
  current: [2, METRIC_VALUE_STATUS, 'Its current value.', 're'],
});

/** ResourceMetricStatus (autoscaling/v2). */
export const RESOURCE_METRIC_STATUS: StructSchema = message('api.autoscaling.v2', 'ResourceMetricStatus', 'The value of a resource metric.', {
  name: [1, RESOURCE_NAME, 'The resource.', 're'],
  current: [2, METRIC_VALUE_STATUS, 'Its current value.', 're'],
});

/** ContainerResourceMetricStatus (autoscaling/v2). */
export const CONTAINER_RESOURCE_METRIC_STATUS: StructSchema = message('api.autoscaling.v2', 'ContainerResourceMetricStatus', 'The value of a container resource metric.', {
  name: [1, RESOURCE_NAME, 'The resource.', 're'],
  current: [2, METRIC_VALUE_STATUS, 'Its current value.', 're'],
  container: [3, STRING, 'Name of the container.', 're'],
});

/** ExternalMetricStatus (autoscaling/v2). */
export const EXTERNAL_METRIC_STATUS: StructSchema = message('api.autoscaling.v2', 'ExternalMetricStatus', 'The value of an external metric.', {
  metric: [1, METRIC_IDENTIFIER, 'The metric.', 're'],
  current: [2, METRIC_VALUE_STATUS, 'Its current value.', 're'],
});

/** MetricStatus (autoscaling/v2). */
export const METRIC_STATUS: StructSchema = message('api.autoscaling.v2', 'MetricStatus', 'The last read value of a metric; type says which field is set.', {
  type: [1, METRIC_SOURCE_TYPE, 'Object, Pods, Resource, ContainerResource or External.', 're'],
  object: [2, OBJECT_METRIC_STATUS, 'Value of an object metric.', 'p'],
  pods: [3, PODS_METRIC_STATUS, 'Value of a pods metric.', 'p'],
  resource: [4, RESOURCE_METRIC_STATUS, 'Value of a resource metric.', 'p'],
  containerResource: [7, CONTAINER_RESOURCE_METRIC_STATUS, 'Value of a container resource metric.', 'p'],
  external: [5, EXTERNAL_METRIC_STATUS, 'Value of an external metric.', 'p'],
});

/** HorizontalPodAutoscalerCondition (autoscaling/v2). */
export const HORIZONTAL_POD_AUTOSCALER_CONDITION: StructSchema = message('api.autoscaling.v2', 'HorizontalPodAutoscalerCondition', 'A condition of an autoscaler.', {
  type: [1, HORIZONTAL_POD_AUTOSCALER_CONDITION_TYPE, 'AbleToScale, ScalingActive or ScalingLimited.', 're'],
  status: [2, CONDITION_STATUS, 'Whether the condition holds: True, False or Unknown.', 're'],
  lastTransitionTime: [3, TIME, 'When the status last changed.'],
  reason: [4, STRING, 'A CamelCase word for why the condition has its status, for programs.'],
  message: [5, STRING, 'A human-readable explanation of the condition.'],
});

/** HorizontalPodAutoscalerStatus (autoscaling/v2). */
export const HORIZONTAL_POD_AUTOSCALER_STATUS_V2: StructSchema = message('api.autoscaling.v2', 'HorizontalPodAutoscalerStatus', 'The observed state of an autoscaler.', {
  observedGeneration: [1, INT64, 'The metadata.generation the controller last acted on.', 'p'],
  lastScaleTime: [2, TIME, 'When the autoscaler last changed the replica count.', 'p'],
  currentReplicas: [3, INT32, 'Replicas the target has now.'],
  desiredReplicas: [4, INT32, 'Replicas the autoscaler wants.', 're'],
  currentMetrics: [5, atomicList(METRIC_STATUS), 'Last read values of the metrics.', 'e'],
  conditions: [6, keyedList(['type'], HORIZONTAL_POD_AUTOSCALER_CONDITION, { key: 'type' }), 'Conditions (AbleToScale, ScalingActive, ScalingLimited).'],
});

/** HorizontalPodAutoscaler (autoscaling/v2). */
export const HORIZONTAL_POD_AUTOSCALER_V2: StructSchema = kind('api.autoscaling.v2', 'HorizontalPodAutoscaler', [{ group: GROUPS.autoscaling, version: 'v2', kind: 'HorizontalPodAutoscaler' }], 'Scales a workload\'s replicas between bounds to meet metric targets.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, HORIZONTAL_POD_AUTOSCALER_SPEC_V2, 'The target, bounds and metrics.'],
  status: [3, HORIZONTAL_POD_AUTOSCALER_STATUS_V2, 'The observed state of the autoscaler. Read-only.'],
});
