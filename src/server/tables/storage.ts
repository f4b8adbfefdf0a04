/**
 * Table columns and cells of the storage/v1 kinds, as the API server's printers produce them.
 */
import { ANNOTATIONS } from '../../sdk/naming.js';
import type { CSIDriver, CSINode, CSIStorageCapacity, StorageClass, VolumeAttachment } from '../../sdk/types/generated/storage-v1.js';
import type { TableDef } from '../registry/types.js';
import { nameOf } from '../util/json.js';
import { AGE_COLUMN, NAME_COLUMN, ageOf, column, nameAgeTable } from './common.js';

/** `storageutil.IsDefaultAnnotation`: the class is marked the default (GA or beta annotation). */
function isDefaultStorageClass(sc: StorageClass): boolean {
  const annotations = sc.metadata?.annotations ?? {};
  return annotations[ANNOTATIONS.defaultStorageClass] === 'true' || annotations[ANNOTATIONS.defaultStorageClassBeta] === 'true';
}

export const storageClassTable: TableDef<StorageClass> = {
  columns: [
    NAME_COLUMN,
    column('Provisioner', 'string', 'provisioner indicates the type of the provisioner.'),
    column('ReclaimPolicy', 'string', 'reclaimPolicy controls the reclaimPolicy for dynamically provisioned PersistentVolumes of this storage class. Defaults to Delete.'),
    column('VolumeBindingMode', 'string', 'volumeBindingMode indicates how PersistentVolumeClaims should be provisioned and bound.  When unset, VolumeBindingImmediate is used. This field is only honored by servers that enable the VolumeScheduling feature.'),
    column('AllowVolumeExpansion', 'string', 'allowVolumeExpansion shows whether the storage class allow volume expand.'),
    AGE_COLUMN,
  ],
  cells(sc, now) {
    const name = isDefaultStorageClass(sc) ? `${nameOf(sc)} (default)` : nameOf(sc);
    return [name, sc.provisioner ?? '', sc.reclaimPolicy ?? 'Delete', sc.volumeBindingMode ?? 'Immediate', sc.allowVolumeExpansion ?? false, ageOf(sc, now)];
  },
};

export const volumeAttachmentTable = nameAgeTable<VolumeAttachment>({
  columns: [
    column('Attacher', 'string', 'attacher indicates the name of the volume driver that MUST handle this request. This is the name returned by GetPluginName().', 0, 'name'),
    column('PV', 'string', 'persistentVolumeName represents the name of the persistent volume to attach.'),
    column('Node', 'string', 'nodeName represents the node that the volume should be attached to.'),
    column('Attached', 'boolean', 'attached indicates the volume is successfully attached. This field must only be set by the entity completing the attach operation, i.e. the external-attacher.'),
  ],
  cells(va) {
    const spec = va.spec;
    return [spec?.attacher ?? '', spec?.source?.persistentVolumeName ?? '', spec?.nodeName ?? '', va.status?.attached ?? false];
  },
});

export const csiDriverTable = nameAgeTable<CSIDriver>({
  columns: [
    column('AttachRequired', 'boolean', 'attachRequired indicates this CSI volume driver requires an attach operation (because it implements the CSI ControllerPublishVolume() method), and that the Kubernetes attach detach controller should call the attach volume interface which checks the volumeattachment status and waits until the volume is attached before proceeding to mounting. The CSI external-attacher coordinates with CSI volume driver and updates the volumeattachment status when the attach operation is complete. If the CSIDriverRegistry feature gate is enabled and the value is specified to false, the attach operation will be skipped. Otherwise the attach operation will be called.\n\nThis field is immutable.'),
    column('PodInfoOnMount', 'boolean', 'podInfoOnMount indicates this CSI volume driver requires additional pod information (like podName, podUID, etc.) during mount operations, if set to true. If set to false, pod information will not be passed on mount. Default is false.\n\nThe CSI driver specifies podInfoOnMount as part of driver deployment. If true, Kubelet will pass pod information as VolumeContext in the CSI NodePublishVolume() calls. The CSI driver is responsible for parsing and validating the information passed in as VolumeContext.\n\nThe following VolumeContext will be passed if podInfoOnMount is set to true. This list might grow, but the prefix will be used. "csi.storage.platform.io/pod.name": pod.Name "csi.storage.platform.io/pod.namespace": pod.Namespace "csi.storage.platform.io/pod.uid": string(pod.UID) "csi.storage.platform.io/ephemeral": "true" if the volume is an ephemeral inline volume\n                                defined by a CSIVolumeSource, otherwise "false"\n\n"csi.storage.platform.io/ephemeral" is a new feature in Kubernetes 1.16. It is only required for drivers which support both the "Persistent" and "Ephemeral" VolumeLifecycleMode. Other drivers can leave pod info disabled and/or ignore this field. As Kubernetes 1.15 doesn\'t support this field, drivers can only support one mode when deployed on such a cluster and the deployment determines which mode that is, for example via a command line parameter of the driver.\n\nThis field was immutable in Kubernetes < 1.29 and now is mutable.'),
    column('StorageCapacity', 'boolean', 'storageCapacity indicates that the CSI volume driver wants pod scheduling to consider the storage capacity that the driver deployment will report by creating CSIStorageCapacity objects with capacity information, if set to true.\n\nThe check can be enabled immediately when deploying a driver. In that case, provisioning new volumes with late binding will pause until the driver deployment has published some suitable CSIStorageCapacity object.\n\nAlternatively, the driver can be deployed with the field unset or false and it can be flipped later when storage capacity information has been published.\n\nThis field was immutable in Kubernetes <= 1.22 and now is mutable.'),
    column('TokenRequests', 'string', 'tokenRequests indicates the CSI driver needs pods\' service account tokens it is mounting volume for to do necessary authentication. Kubelet will pass the tokens in VolumeContext in the CSI NodePublishVolume calls. The CSI driver should parse and validate the following VolumeContext: "csi.storage.platform.io/serviceAccount.tokens": {\n  "<audience>": {\n    "token": <token>,\n    "expirationTimestamp": <expiration timestamp in RFC3339>,\n  },\n  ...\n}\n\nNote: Audience in each TokenRequest should be different and at most one token is empty string. To receive a new token after expiry, RequiresRepublish can be used to trigger NodePublishVolume periodically.'),
    column('RequiresRepublish', 'boolean', 'requiresRepublish indicates the CSI driver wants `NodePublishVolume` being periodically called to reflect any possible change in the mounted volume. This field defaults to false.\n\nNote: After a successful initial NodePublishVolume call, subsequent calls to NodePublishVolume should only update the contents of the volume. New mount points will not be seen by a running container.'),
    column('Modes', 'string', 'volumeLifecycleModes defines what kind of volumes this CSI volume driver supports. The default if the list is empty is "Persistent", which is the usage defined by the CSI specification and implemented in Kubernetes via the usual PV/PVC mechanism.\n\nThe other mode is "Ephemeral". In this mode, volumes are defined inline inside the pod spec with CSIVolumeSource and their lifecycle is tied to the lifecycle of that pod. A driver has to be aware of this because it is only going to get a NodePublishVolume call for such a volume.\n\nFor more information about implementing this mode, see https://kubernetes-csi.github.io/docs/ephemeral-local-volumes.html A driver can support one or more of these modes and more modes may be added in the future.\n\nThis field is beta. This field is immutable.'),
  ],
  cells(d) {
    const spec = d.spec;
    const modes = (spec?.volumeLifecycleModes ?? []).join(',');
    const requests = spec?.tokenRequests;
    const tokenRequests = requests === undefined ? '<unset>' : requests.map((t) => t.audience ?? '').join(',');
    return [spec?.attachRequired ?? true, spec?.podInfoOnMount ?? false, spec?.storageCapacity ?? false, tokenRequests,
      spec?.requiresRepublish ?? false, modes === '' ? '<none>' : modes];
  },
});

export const csiNodeTable = nameAgeTable<CSINode>({
  columns: [column('Drivers', 'integer', 'Drivers indicates the number of CSI drivers registered on the node')],
  cells: (n) => [(n.spec?.drivers ?? []).length],
});

export const csiStorageCapacityTable: TableDef<CSIStorageCapacity> = {
  columns: [
    NAME_COLUMN,
    column('StorageClassName', 'string', 'storageClassName represents the name of the StorageClass that the reported capacity applies to. It must meet the same requirements as the name of a StorageClass object (non-empty, DNS subdomain). If that object no longer exists, the CSIStorageCapacity object is obsolete and should be removed by its creator. This field is immutable.'),
    column('Capacity', 'string', 'capacity is the value reported by the CSI driver in its GetCapacityResponse for a GetCapacityRequest with topology and parameters that match the previous fields.\n\nThe semantic is currently (CSI spec 1.2) defined as: The available capacity, in bytes, of the storage that can be used to provision volumes. If not set, that information is currently unavailable.'),
  ],
  cells(c) {
    const capacity = c.capacity;
    // A capacity the server stored as null prints as unset, as when absent.
    return [nameOf(c), c.storageClassName ?? '', capacity === undefined || capacity === null ? '<unset>' : String(capacity)];
  },
};
