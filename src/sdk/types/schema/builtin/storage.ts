/**
 * Schemas of storage/v1: StorageClasses, VolumeAttachments, CSIDrivers, CSINodes and
 * CSIStorageCapacities.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import { GROUPS } from '../../../naming.js';
import type { StructSchema } from '../../../../machinery/schema/type-schema.js';
import { STRING_MAP, atomicList, keyedList, kind, message, named, setList } from './build.js';
import { PERSISTENT_VOLUME_RECLAIM_POLICY } from './core-values.js';
import { PERSISTENT_VOLUME_SPEC, TOPOLOGY_SELECTOR_TERM } from './core-volumes.js';
import { LABEL_SELECTOR, OBJECT_META } from './meta.js';
import { BOOLEAN, INT32, INT64, QUANTITY, STRING, TIME } from './scalars.js';

const METADATA = 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.';

/** Values of `v1.VolumeBindingMode`. */
export const VOLUME_BINDING_MODE = named(STRING, 'v1.VolumeBindingMode', ['Immediate', 'WaitForFirstConsumer']);
/** `v1.VolumeLifecycleMode`. */
export const VOLUME_LIFECYCLE_MODE = named(STRING, 'v1.VolumeLifecycleMode');
/** `v1.FSGroupPolicy`. */
export const FS_GROUP_POLICY = named(STRING, 'v1.FSGroupPolicy');

/** StorageClass (storage/v1). */
export const STORAGE_CLASS: StructSchema = kind('api.storage.v1', 'StorageClass', [{ group: GROUPS.storage, version: 'v1', kind: 'StorageClass' }], 'A class of storage: which provisioner creates its volumes, with which parameters, when and how they are bound and reclaimed.', {
  metadata: [1, OBJECT_META, METADATA],
  provisioner: [2, STRING, 'The provisioner that creates volumes of this class.', 're'],
  parameters: [3, STRING_MAP, 'Parameters handed to the provisioner; at most 512 of them, 256 KiB in all. Cannot be changed.'],
  reclaimPolicy: [4, PERSISTENT_VOLUME_RECLAIM_POLICY, 'What becomes of the volumes it provisions when their claims are deleted: Delete (the default) or Retain.', 'p'],
  mountOptions: [5, atomicList(STRING), 'Mount options of the provisioned volumes (not validated: a wrong one makes mounts fail).'],
  allowVolumeExpansion: [6, BOOLEAN, 'Whether claims of this class may grow.', 'p'],
  volumeBindingMode: [7, VOLUME_BINDING_MODE, 'Immediate (the default) or WaitForFirstConsumer (provisioned and bound once a pod uses the claim).', 'p'],
  allowedTopologies: [8, atomicList(TOPOLOGY_SELECTOR_TERM), 'Where volumes may be provisioned; anywhere when empty.'],
});

/** VolumeAttachmentSource (storage/v1). */
export const VOLUME_ATTACHMENT_SOURCE: StructSchema = message('api.storage.v1', 'VolumeAttachmentSource', 'The volume to attach: a persistent volume by name, or an inline volume spec.', {
  persistentVolumeName: [1, STRING, 'Name of the persistent volume to attach.', 'p'],
  inlineVolumeSpec: [2, PERSISTENT_VOLUME_SPEC, 'The spec of an inline volume of a pod, migrated to CSI.', 'p'],
});

/** VolumeAttachmentSpec (storage/v1). */
export const VOLUME_ATTACHMENT_SPEC: StructSchema = message('api.storage.v1', 'VolumeAttachmentSpec', 'What to attach where.', {
  attacher: [1, STRING, 'The volume driver that must handle the attachment.', 're'],
  source: [2, VOLUME_ATTACHMENT_SOURCE, 'The volume to attach.', 're'],
  nodeName: [3, STRING, 'The node to attach it to.', 're'],
});

/** VolumeError (storage/v1). */
export const VOLUME_ERROR: StructSchema = message('api.storage.v1', 'VolumeError', 'An error of an attach or detach operation.', {
  time: [1, TIME, 'When the error happened.'],
  message: [2, STRING, 'What went wrong; may be logged.'],
});

/** VolumeAttachmentStatus (storage/v1). */
export const VOLUME_ATTACHMENT_STATUS: StructSchema = message('api.storage.v1', 'VolumeAttachmentStatus', 'The state of an attachment, written by the attacher.', {
  attached: [1, BOOLEAN, 'Whether the volume is attached.', 're'],
  attachmentMetadata: [2, STRING_MAP, 'What the attacher returned on success, handed on to the mount.'],
  attachError: [3, VOLUME_ERROR, 'The last error of attaching, if any.', 'p'],
  detachError: [4, VOLUME_ERROR, 'The last error of detaching, if any.', 'p'],
});

/** VolumeAttachment (storage/v1). */
export const VOLUME_ATTACHMENT: StructSchema = kind('api.storage.v1', 'VolumeAttachment', [{ group: GROUPS.storage, version: 'v1', kind: 'VolumeAttachment' }], 'The intent to attach a volume to a node, and how that went (cluster-scoped).', {
  metadata: [1, OBJECT_META, METADATA],
  spec: [2, VOLUME_ATTACHMENT_SPEC, 'What to attach where; cannot be changed.', 're'],
  status: [3, VOLUME_ATTACHMENT_STATUS, 'The state of the attachment. Read-only for users.'],
});

/** TokenRequest (storage/v1). */
export const STORAGE_TOKEN_REQUEST: StructSchema = message('api.storage.v1', 'TokenRequest', 'A service account token a CSI driver wants for the pods whose volumes it mounts.', {
  audience: [1, STRING, 'The audience of the token; empty for the API server\'s.', 're'],
  expirationSeconds: [2, INT64, 'How long the token is valid.', 'p'],
});

/** CSIDriverSpec (storage/v1). */
export const CSI_DRIVER_SPEC: StructSchema = message('api.storage.v1', 'CSIDriverSpec', 'How the cluster works with a CSI driver.', {
  attachRequired: [1, BOOLEAN, 'Whether volumes must be attached (through VolumeAttachments) before they are mounted; true by default. Cannot be changed.', 'p'],
  podInfoOnMount: [2, BOOLEAN, 'Whether the driver gets the pod\'s name, namespace and uid when a volume is mounted; false by default.', 'p'],
  volumeLifecycleModes: [3, setList({}, VOLUME_LIFECYCLE_MODE), 'Persistent and/or Ephemeral (inline volumes); Persistent by default. Cannot be changed.'],
  storageCapacity: [4, BOOLEAN, 'Whether scheduling considers the capacity the driver reports in CSIStorageCapacity objects; false by default.', 'p'],
  fsGroupPolicy: [5, FS_GROUP_POLICY, 'Whether volumes get the pod\'s fsGroup ownership: ReadWriteOnceWithFSType (the default), File or None.', 'p'],
  tokenRequests: [6, atomicList(STORAGE_TOKEN_REQUEST), 'Service account tokens the driver gets when mounting; audiences must differ.'],
  requiresRepublish: [7, BOOLEAN, 'Whether mounts are republished periodically (to refresh tokens, for instance); false by default.', 'p'],
  seLinuxMount: [8, BOOLEAN, 'Whether the driver supports the SELinux `context` mount option; false by default.', 'p'],
});

/** CSIDriver (storage/v1). */
export const CSI_DRIVER: StructSchema = kind('api.storage.v1', 'CSIDriver', [{ group: GROUPS.storage, version: 'v1', kind: 'CSIDriver' }], 'A CSI volume driver deployed in the cluster, named as the driver names itself (cluster-scoped).', {
  metadata: [1, OBJECT_META, METADATA],
  spec: [2, CSI_DRIVER_SPEC, 'How the cluster works with the driver.', 're'],
});

/** VolumeNodeResources (storage/v1). */
export const VOLUME_NODE_RESOURCES: StructSchema = message('api.storage.v1', 'VolumeNodeResources', 'Limits of a driver on a node.', {
  count: [1, INT32, 'How many of the driver\'s volumes the node can use at once; no limit when unset.', 'p'],
});

/** CSINodeDriver (storage/v1). */
export const CSI_NODE_DRIVER: StructSchema = message('api.storage.v1', 'CSINodeDriver', 'A CSI driver installed on a node.', {
  name: [1, STRING, 'The driver\'s name, as in its CSIDriver.', 're'],
  nodeID: [2, STRING, 'The node as the driver knows it.', 're'],
  topologyKeys: [3, atomicList(STRING), 'The topology labels the driver supports.', 'e'],
  allocatable: [4, VOLUME_NODE_RESOURCES, 'Volume limits of the driver on this node.', 'p'],
});

/** CSINodeSpec (storage/v1). */
export const CSI_NODE_SPEC: StructSchema = message('api.storage.v1', 'CSINodeSpec', 'The CSI drivers of a node.', {
  drivers: [1, keyedList(['name'], CSI_NODE_DRIVER, { key: 'name' }), 'The drivers installed on the node.', 're'],
});

/** CSINode (storage/v1). */
export const CSI_NODE: StructSchema = kind('api.storage.v1', 'CSINode', [{ group: GROUPS.storage, version: 'v1', kind: 'CSINode' }], 'The CSI drivers installed on a node, named as the node (cluster-scoped).', {
  metadata: [1, OBJECT_META, METADATA],
  spec: [2, CSI_NODE_SPEC, 'The drivers of the node.', 're'],
});

/** CSIStorageCapacity (storage/v1). */
export const CSI_STORAGE_CAPACITY: StructSchema = kind('api.storage.v1', 'CSIStorageCapacity', [{ group: GROUPS.storage, version: 'v1', kind: 'CSIStorageCapacity' }], 'The capacity a CSI driver reports for one storage class in one topology segment, for the scheduler.', {
  metadata: [1, OBJECT_META, METADATA],
  nodeTopology: [2, LABEL_SELECTOR, 'The nodes that can reach the storage; none when unset. Cannot be changed.', 'p'],
  storageClassName: [3, STRING, 'The storage class the capacity applies to. Cannot be changed.', 're'],
  capacity: [4, QUANTITY, 'The capacity available for new volumes; unknown when unset.', 'p'],
  maximumVolumeSize: [5, QUANTITY, 'The largest volume that can be created; capacity when unset.', 'p'],
});
