/** Schemas of the apps/v1 and batch/v1 workload kinds. */
import type { StructSchema } from '../type-schema.js';
import { atomicList, conditions, struct } from './build.js';
import { LABEL_SELECTOR, OBJECT_META, kindSchema } from './meta.js';
import { POD_TEMPLATE_SPEC, UID_SETS } from './pod.js';

const WORKLOAD_STATUS = struct({ conditions: conditions() });

/** Deployment (apps/v1): strategy has patchStrategy retainKeys. */
export const DEPLOYMENT = kindSchema({
  spec: struct({
    selector: LABEL_SELECTOR,
    template: POD_TEMPLATE_SPEC,
    strategy: struct({}, { patchStrategy: 'retainKeys' }),
  }, { present: ['selector', 'template', 'strategy'] }),
  status: WORKLOAD_STATUS,
}, ['spec', 'status']);

/** ReplicaSet (apps/v1). */
export const REPLICA_SET = kindSchema({
  spec: struct({ selector: LABEL_SELECTOR, template: POD_TEMPLATE_SPEC }, { present: ['selector', 'template'] }),
  status: WORKLOAD_STATUS,
}, ['spec', 'status']);

/** StatefulSet (apps/v1): volumeClaimTemplates atomic. */
export const STATEFUL_SET = kindSchema({
  spec: struct({
    selector: LABEL_SELECTOR,
    template: POD_TEMPLATE_SPEC,
    volumeClaimTemplates: atomicList(),
    updateStrategy: struct({}),
  }, { present: ['selector', 'template', 'updateStrategy'] }),
  status: WORKLOAD_STATUS,
}, ['spec', 'status']);

/** DaemonSet (apps/v1). */
export const DAEMON_SET = kindSchema({
  spec: struct({
    selector: LABEL_SELECTOR,
    template: POD_TEMPLATE_SPEC,
    updateStrategy: struct({}),
  }, { present: ['selector', 'template', 'updateStrategy'] }),
  status: WORKLOAD_STATUS,
}, ['spec', 'status']);

const JOB_SPEC: StructSchema = struct({
  selector: LABEL_SELECTOR,
  template: POD_TEMPLATE_SPEC,
}, { present: ['template'] });

/** Job (batch/v1): status.conditions atomic, merged by type. */
export const JOB = kindSchema({
  spec: JOB_SPEC,
  status: struct({ conditions: conditions({ atomic: true }), uncountedTerminatedPods: UID_SETS }),
}, ['spec', 'status']);

/** CronJob (batch/v1). */
export const CRON_JOB = kindSchema({
  spec: struct({
    jobTemplate: struct({ metadata: OBJECT_META, spec: JOB_SPEC }, { present: ['metadata', 'spec'] }),
  }, { present: ['jobTemplate'] }),
  status: struct({ active: atomicList() }),
}, ['spec', 'status']);
