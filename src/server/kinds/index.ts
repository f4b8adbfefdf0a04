/**
 * Every built-in kind the local server serves, in discovery order.
 */
import type { ResourceDef } from '../registry/types.js';
import { namespaceDef } from './namespace.js';
import { configMapDef, secretDef } from './config.js';
import { serviceDef } from './service.js';
import { bindingDef, podDef } from './pod.js';
import { podTemplateDef, replicationControllerDef } from './replication-controller.js';
import { endpointsDef, eventDef, nodeDef, persistentVolumeClaimDef, persistentVolumeDef, serviceAccountDef } from './core-misc.js';
import { cronJobDef, daemonSetDef, deploymentDef, jobDef, replicaSetDef, statefulSetDef } from './workloads.js';
import {
  certificateSigningRequestDef, clusterRoleBindingDef, clusterRoleDef, leaseDef, roleBindingDef, roleDef,
} from './cluster-kinds.js';
import { mutatingWebhookConfigurationV1Def, validatingWebhookConfigurationV1Def } from './webhook-configurations.js';
import { customResourceDefinitionDef } from './custom-resource-definition.js';
import { admissionDefs } from './admission-defs.js';
import { authorizationDefs } from './authorization.js';
import { authenticationDefs, withTokenRequest } from './authentication.js';
import { ingressClassDef, ingressDef, networkPolicyDef } from './networking.js';
import { csiDriverDef, csiNodeDef, csiStorageCapacityDef, storageClassDef, volumeAttachmentDef } from './storage.js';
import { controllerRevisionDef, endpointSliceDef, horizontalPodAutoscalerDef, horizontalPodAutoscalerV1Def } from './workload-extras.js';

/** The built-in resource definitions (each group/version/resource once: the registry refuses a second). */
export function builtinDefs(): ResourceDef[] {
  return [
    bindingDef, configMapDef, endpointsDef, eventDef, namespaceDef, nodeDef, persistentVolumeClaimDef, persistentVolumeDef, podDef,
    podTemplateDef, replicationControllerDef, secretDef, withTokenRequest(serviceAccountDef), serviceDef,
    mutatingWebhookConfigurationV1Def, validatingWebhookConfigurationV1Def,
    customResourceDefinitionDef,
    controllerRevisionDef, daemonSetDef, deploymentDef, replicaSetDef, statefulSetDef,
    horizontalPodAutoscalerDef, horizontalPodAutoscalerV1Def,
    endpointSliceDef,
    cronJobDef, jobDef,
    certificateSigningRequestDef,
    leaseDef,
    ingressClassDef, ingressDef, networkPolicyDef,
    csiDriverDef, csiNodeDef, csiStorageCapacityDef, storageClassDef, volumeAttachmentDef,
    clusterRoleBindingDef, clusterRoleDef, roleBindingDef, roleDef,
    ...admissionDefs,
    ...authorizationDefs,
    ...authenticationDefs,
  ];
}
