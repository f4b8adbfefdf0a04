/** Schemas of EndpointSlice (discovery/v1), ControllerRevision (apps/v1) and HorizontalPodAutoscaler (autoscaling). */
import { UNTYPED_SCHEMA } from '../type-schema.js';
import { atomicList, conditions, struct } from './build.js';
import { kindSchema } from './meta.js';

/** EndpointSlice: endpoints and ports are atomic lists. */
export const ENDPOINT_SLICE = kindSchema({ endpoints: atomicList(), ports: atomicList() }, ['endpoints', 'addressType']);

/** ControllerRevision: `data` is a raw object replaced whole. */
export const CONTROLLER_REVISION = kindSchema({ data: UNTYPED_SCHEMA }, ['revision']);

/** HorizontalPodAutoscaler v2: metrics atomic, status conditions keyed by type. */
export const HORIZONTAL_POD_AUTOSCALER = kindSchema({
  spec: struct({ metrics: atomicList(), scaleTargetRef: struct({}) }, { present: ['scaleTargetRef'] }),
  status: struct({ conditions: conditions(), currentMetrics: atomicList() }),
}, ['spec', 'status']);

/** HorizontalPodAutoscaler v1. */
export const HORIZONTAL_POD_AUTOSCALER_V1 = kindSchema({
  spec: struct({ scaleTargetRef: struct({}) }, { present: ['scaleTargetRef'] }),
  status: struct({}),
}, ['spec', 'status']);
