/**
 * The workload controllers of the local server, each built on the shared informers of its
 * context, as a controller manager starts them.
 */
import type { ServerContext } from '../../context.js';
import type { Controller } from '../../control/controller.js';
import { deploymentController } from './deployment.js';
import { ControllerKit, type WorkloadOptions } from '../../control/kit.js';
import type { PipelineEndpoint } from '../../http/handler.js';
import { cronJobController } from './cronjob.js';
import { daemonSetController } from './daemonset.js';
import { disruptionController } from './disruption.js';
import { endpointsController } from './endpoints.js';
import { endpointSliceController } from './endpointslice.js';
import { evictionEndpoint } from './eviction.js';
import { hpaController, type MetricsSource } from './hpa.js';
import { podGcController } from './pod-gc.js';
import { jobController } from './job.js';
import { replicaSetController, replicationManager } from './replicaset.js';
import { statefulSetController } from './statefulset.js';
import { ttlAfterFinishedController } from './ttl-after-finished.js';

/** Creates every workload controller. */
export function workloadControllers(ctx: ServerContext, options: WorkloadOptions & { metrics?: MetricsSource } = {}): Controller[] {
  return [
    deploymentController(new ControllerKit(ctx, 'deployment-controller', options), options),
    replicaSetController(new ControllerKit(ctx, 'replicaset-controller', options), options),
    replicationManager(new ControllerKit(ctx, 'replication-controller', options), options),
    statefulSetController(new ControllerKit(ctx, 'statefulset-controller', options), options),
    daemonSetController(new ControllerKit(ctx, 'daemonset-controller', options), options),
    jobController(new ControllerKit(ctx, 'job-controller', options), options),
    cronJobController(new ControllerKit(ctx, 'cronjob-controller', options), options),
    ttlAfterFinishedController(new ControllerKit(ctx, 'ttl-after-finished-controller', options), options),
    endpointsController(new ControllerKit(ctx, 'endpoint-controller', options), options),
    endpointSliceController(new ControllerKit(ctx, 'endpointslice-controller', options), options),
    disruptionController(new ControllerKit(ctx, 'controllermanager', options, 'disruption-controller'), options),
    podGcController(new ControllerKit(ctx, 'pod-garbage-collector', options)),
    hpaController(new ControllerKit(ctx, 'horizontal-pod-autoscaler', options), options),
  ];
}

/** The API endpoints the workloads add (pods/eviction). */
export function workloadEndpoints(ctx: ServerContext): PipelineEndpoint[] {
  return [evictionEndpoint(ctx)];
}
