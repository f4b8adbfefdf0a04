/**
 * Schemas of core/v1 volume types: the volume sources of pods and persistent volumes, projections and claims.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import type { StructSchema } from '../../../../machinery/schema/type-schema.js';
import { STRING_MAP, atomicList, mapOf, message } from './build.js';
import { AZURE_DATA_DISK_CACHING_MODE, AZURE_DATA_DISK_KIND, HOST_PATH_TYPE, NODE_SELECTOR_OPERATOR, PERSISTENT_VOLUME_ACCESS_MODE, PERSISTENT_VOLUME_MODE, PERSISTENT_VOLUME_RECLAIM_POLICY, PULL_POLICY, STORAGE_MEDIUM } from './core-values.js';
import { LABEL_SELECTOR, OBJECT_META, UID } from './meta.js';
import { BOOLEAN, INT32, INT64, QUANTITY, STRING } from './scalars.js';

/** HostPathVolumeSource (core/v1). */
export const HOST_PATH_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'HostPathVolumeSource', 'A path on the node\'s filesystem.', {
  path: [1, STRING, 'The path on the node; a symlink is followed to its target.', 're'],
  type: [2, HOST_PATH_TYPE, 'What must be at the path, or be created there: DirectoryOrCreate, Directory, FileOrCreate, File, Socket, CharDevice, BlockDevice, or empty for no check.', 'p'],
});

/** EmptyDirVolumeSource (core/v1). */
export const EMPTY_DIR_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'EmptyDirVolumeSource', 'An empty directory for the pod\'s lifetime.', {
  medium: [1, STORAGE_MEDIUM, 'Where the directory lives: empty for the node\'s default storage, `Memory` for a RAM-backed tmpfs.'],
  sizeLimit: [2, QUANTITY, 'The most the directory may hold. For Memory it also counts against the pod\'s memory.', 'p'],
});

/** GCEPersistentDiskVolumeSource (core/v1). */
export const GCE_PERSISTENT_DISK_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'GCEPersistentDiskVolumeSource', 'A GCE persistent disk (deprecated in-tree driver).', {
  pdName: [1, STRING, 'Name of the disk in GCE.', 're'],
  fsType: [2, STRING, 'Filesystem type of the volume (ext4, xfs, ntfs ...); ext4 when empty for drivers that need one.'],
  partition: [3, INT32, 'Partition to mount; 0 (or unset) mounts the whole device.'],
  readOnly: [4, BOOLEAN, 'Mount the volume read-only.'],
});

/** AWSElasticBlockStoreVolumeSource (core/v1). */
export const AWS_ELASTIC_BLOCK_STORE_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'AWSElasticBlockStoreVolumeSource', 'An AWS EBS volume (deprecated in-tree driver).', {
  volumeID: [1, STRING, 'ID of the EBS volume.', 're'],
  fsType: [2, STRING, 'Filesystem type of the volume (ext4, xfs, ntfs ...); ext4 when empty for drivers that need one.'],
  partition: [3, INT32, 'Partition to mount; 0 (or unset) mounts the whole device.'],
  readOnly: [4, BOOLEAN, 'Mount the volume read-only.'],
});

/** GitRepoVolumeSource (core/v1). */
export const GIT_REPO_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'GitRepoVolumeSource', 'A git repository cloned into a directory (deprecated).', {
  repository: [1, STRING, 'URL of the repository.', 're'],
  revision: [2, STRING, 'Commit hash to check out.'],
  directory: [3, STRING, 'Directory to clone into, relative to the volume root; `.` clones into the root itself.'],
});

/** KeyToPath (core/v1). */
export const KEY_TO_PATH: StructSchema = message('api.core.v1', 'KeyToPath', 'A key and the file it becomes.', {
  key: [1, STRING, 'The key to project.', 're'],
  path: [2, STRING, 'Relative path of the file; must not contain `..` or start with it.', 're'],
  mode: [3, INT32, 'Permission bits of this file (0000 to 0777; JSON takes decimal only); defaults to the volume\'s defaultMode.', 'p'],
});

/** SecretVolumeSource (core/v1). */
export const SECRET_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'SecretVolumeSource', 'A secret\'s keys as files.', {
  secretName: [1, STRING, 'Name of the secret in the pod\'s namespace.'],
  items: [2, atomicList(KEY_TO_PATH), 'Which keys to project and where; without it every key becomes a file named after the key.'],
  defaultMode: [3, INT32, 'Permission bits of the created files (0000 to 0777; JSON takes decimal only). Defaults to 0644.', 'p'],
  optional: [4, BOOLEAN, 'When true, the pod starts even if the secret or a listed key is missing.', 'p'],
});

/** NFSVolumeSource (core/v1). */
export const NFS_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'NFSVolumeSource', 'An NFS export, mounted for the pod\'s lifetime.', {
  server: [1, STRING, 'Host name or IP address of the NFS server.', 're'],
  path: [2, STRING, 'Path exported by the server.', 're'],
  readOnly: [3, BOOLEAN, 'Mount the export read-only.'],
});

/** LocalObjectReference (core/v1). */
export const LOCAL_OBJECT_REFERENCE: StructSchema = message('api.core.v1', 'LocalObjectReference', 'A reference to an object by name in the same namespace.', {
  name: [1, STRING, 'Name of the object.'],
}, { atomic: true });

/** ISCSIVolumeSource (core/v1). */
export const ISCSI_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'ISCSIVolumeSource', 'An iSCSI disk, attached to the node and mounted into the pod.', {
  targetPortal: [1, STRING, 'Target portal, `ip` or `ip:port` (port 3260 by default).', 're'],
  iqn: [2, STRING, 'iSCSI qualified name of the target.', 're'],
  lun: [3, INT32, 'Logical unit number of the target.', 're'],
  iscsiInterface: [4, STRING, 'iSCSI interface to use; `default` (tcp) when empty.'],
  fsType: [5, STRING, 'Filesystem type of the volume (ext4, xfs, ntfs ...); ext4 when empty for drivers that need one.'],
  readOnly: [6, BOOLEAN, 'Mount the volume read-only.'],
  portals: [7, atomicList(STRING), 'Additional target portals, `ip` or `ip:port` each.'],
  chapAuthDiscovery: [8, BOOLEAN, 'Use CHAP authentication for discovery.'],
  chapAuthSession: [11, BOOLEAN, 'Use CHAP authentication for the session.'],
  secretRef: [10, LOCAL_OBJECT_REFERENCE, 'The secret holding the CHAP credentials.', 'p'],
  initiatorName: [12, STRING, 'Custom initiator name; with iscsiInterface set, a new interface `<portal>:<volume name>` is created for the connection.', 'p'],
});

/** GlusterfsVolumeSource (core/v1). */
export const GLUSTERFS_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'GlusterfsVolumeSource', 'A GlusterFS mount (removed in-tree driver).', {
  endpoints: [1, STRING, 'Name of the Endpoints object describing the Gluster cluster.', 're'],
  path: [2, STRING, 'Name of the Gluster volume.', 're'],
  readOnly: [3, BOOLEAN, 'Mount the volume read-only.'],
});

/** PersistentVolumeClaimVolumeSource (core/v1). */
export const PERSISTENT_VOLUME_CLAIM_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'PersistentVolumeClaimVolumeSource', 'A reference to a claim in the pod\'s namespace.', {
  claimName: [1, STRING, 'Name of the claim.', 're'],
  readOnly: [2, BOOLEAN, 'Mount the volume read-only, whatever the claim allows.'],
});

/** RBDVolumeSource (core/v1). */
export const RBD_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'RBDVolumeSource', 'A Ceph RBD image (deprecated in-tree driver).', {
  monitors: [1, atomicList(STRING), 'Ceph monitors, `host:port` each.', 're'],
  image: [2, STRING, 'Name of the RADOS image.', 're'],
  fsType: [3, STRING, 'Filesystem type of the volume (ext4, xfs, ntfs ...); ext4 when empty for drivers that need one.'],
  pool: [4, STRING, 'RADOS pool; `rbd` by default.'],
  user: [5, STRING, 'RADOS user; `admin` by default.'],
  keyring: [6, STRING, 'Path of the keyring file; `/etc/ceph/keyring` by default.'],
  secretRef: [7, LOCAL_OBJECT_REFERENCE, 'The secret holding the user\'s key; overrides keyring.', 'p'],
  readOnly: [8, BOOLEAN, 'Mount the volume read-only.'],
});

/** FlexVolumeSource (core/v1). */
export const FLEX_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'FlexVolumeSource', 'A volume mounted by a FlexVolume driver (deprecated).', {
  driver: [1, STRING, 'Name of the driver.', 're'],
  fsType: [2, STRING, 'Filesystem type of the volume (ext4, xfs, ntfs ...); ext4 when empty for drivers that need one.'],
  secretRef: [3, LOCAL_OBJECT_REFERENCE, 'The secret passed to the driver\'s scripts.', 'p'],
  readOnly: [4, BOOLEAN, 'Mount the volume read-only.'],
  options: [5, STRING_MAP, 'Extra options passed to the driver.'],
});

/** CinderVolumeSource (core/v1). */
export const CINDER_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'CinderVolumeSource', 'An OpenStack Cinder volume (deprecated in-tree driver).', {
  volumeID: [1, STRING, 'ID of the Cinder volume.', 're'],
  fsType: [2, STRING, 'Filesystem type of the volume (ext4, xfs, ntfs ...); ext4 when empty for drivers that need one.'],
  readOnly: [3, BOOLEAN, 'Mount the volume read-only.'],
  secretRef: [4, LOCAL_OBJECT_REFERENCE, 'The secret holding the parameters to connect to OpenStack.', 'p'],
});

/** CephFSVolumeSource (core/v1). */
export const CEPH_FS_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'CephFSVolumeSource', 'A CephFS mount (deprecated in-tree driver).', {
  monitors: [1, atomicList(STRING), 'Ceph monitors, `host:port` each.', 're'],
  path: [2, STRING, 'Path to mount; `/` by default.'],
  user: [3, STRING, 'RADOS user; `admin` by default.'],
  secretFile: [4, STRING, 'Path of the key ring of the user; `/etc/ceph/user.secret` by default.'],
  secretRef: [5, LOCAL_OBJECT_REFERENCE, 'The secret holding the user\'s key; overrides secretFile.', 'p'],
  readOnly: [6, BOOLEAN, 'Mount the volume read-only.'],
});

/** FlockerVolumeSource (core/v1). */
export const FLOCKER_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'FlockerVolumeSource', 'A Flocker dataset (deprecated).', {
  datasetName: [1, STRING, 'Name of the dataset (metadata only; deprecated).'],
  datasetUUID: [2, STRING, 'UUID of the dataset, its unique identifier.'],
});

/** ObjectFieldSelector (core/v1). */
export const OBJECT_FIELD_SELECTOR: StructSchema = message('api.core.v1', 'ObjectFieldSelector', 'A field of the pod.', {
  apiVersion: [1, STRING, 'API version the field path is written in; `v1` by default.'],
  fieldPath: [2, STRING, 'Path of the field, such as `metadata.name` or `status.podIP`.', 're'],
}, { atomic: true });

/** ResourceFieldSelector (core/v1). */
export const RESOURCE_FIELD_SELECTOR: StructSchema = message('api.core.v1', 'ResourceFieldSelector', 'A resource (limit or request) of a container, with a unit.', {
  containerName: [1, STRING, 'The container; required in volumes, optional in environment variables.'],
  resource: [2, STRING, 'The resource: limits.cpu, limits.memory, requests.cpu, requests.memory, limits.ephemeral-storage, requests.ephemeral-storage.', 're'],
  divisor: [3, QUANTITY, 'Unit the value is divided by (`1m` for millicores, `1Mi` for mebibytes); 1 by default.'],
}, { atomic: true });

/** DownwardAPIVolumeFile (core/v1). */
export const DOWNWARD_API_VOLUME_FILE: StructSchema = message('api.core.v1', 'DownwardAPIVolumeFile', 'One file of a downward-API volume.', {
  path: [1, STRING, 'Relative path of the file; must not contain `..` or start with it.', 're'],
  fieldRef: [2, OBJECT_FIELD_SELECTOR, 'The pod field to write: metadata.name, metadata.namespace, metadata.uid, metadata.labels or metadata.annotations.', 'p'],
  resourceFieldRef: [3, RESOURCE_FIELD_SELECTOR, 'The container resource to write (limits.cpu, requests.memory ...).', 'p'],
  mode: [4, INT32, 'Permission bits of this file (0000 to 0777; JSON takes decimal only); defaults to the volume\'s defaultMode.', 'p'],
});

/** DownwardAPIVolumeSource (core/v1). */
export const DOWNWARD_API_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'DownwardAPIVolumeSource', 'Pod fields and container resources as files.', {
  items: [1, atomicList(DOWNWARD_API_VOLUME_FILE), 'The files to create.'],
  defaultMode: [2, INT32, 'Permission bits of the created files (0000 to 0777; JSON takes decimal only). Defaults to 0644.', 'p'],
});

/** FCVolumeSource (core/v1). */
export const FC_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'FCVolumeSource', 'A Fibre Channel disk.', {
  targetWWNs: [1, atomicList(STRING), 'World wide names of the targets.'],
  lun: [2, INT32, 'Logical unit number of the target.', 'p'],
  fsType: [3, STRING, 'Filesystem type of the volume (ext4, xfs, ntfs ...); ext4 when empty for drivers that need one.'],
  readOnly: [4, BOOLEAN, 'Mount the volume read-only.'],
  wwids: [5, atomicList(STRING), 'World wide identifiers of the volume; set either wwids, or targetWWNs with lun.'],
});

/** AzureFileVolumeSource (core/v1). */
export const AZURE_FILE_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'AzureFileVolumeSource', 'An Azure File share (deprecated in-tree driver).', {
  secretName: [1, STRING, 'Name of the secret holding the storage account name and key.', 're'],
  shareName: [2, STRING, 'Name of the share.', 're'],
  readOnly: [3, BOOLEAN, 'Mount the volume read-only.'],
});

/** ConfigMapVolumeSource (core/v1). */
export const CONFIG_MAP_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'ConfigMapVolumeSource', 'A config map\'s keys as files.', {
  items: [2, atomicList(KEY_TO_PATH), 'Which keys to project and where; without it every key becomes a file named after the key.'],
  defaultMode: [3, INT32, 'Permission bits of the created files (0000 to 0777; JSON takes decimal only). Defaults to 0644.', 'p'],
  optional: [4, BOOLEAN, 'When true, the pod starts even if the config map or a listed key is missing.', 'p'],
}, { inline: [[1, LOCAL_OBJECT_REFERENCE]] });

/** VsphereVirtualDiskVolumeSource (core/v1). */
export const VSPHERE_VIRTUAL_DISK_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'VsphereVirtualDiskVolumeSource', 'A vSphere virtual disk (deprecated in-tree driver).', {
  volumePath: [1, STRING, 'Path of the virtual disk.', 're'],
  fsType: [2, STRING, 'Filesystem type of the volume (ext4, xfs, ntfs ...); ext4 when empty for drivers that need one.'],
  storagePolicyName: [3, STRING, 'Name of the storage policy (SPBM).'],
  storagePolicyID: [4, STRING, 'ID of the storage policy (SPBM) of the name above.'],
});

/** QuobyteVolumeSource (core/v1). */
export const QUOBYTE_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'QuobyteVolumeSource', 'A Quobyte volume (deprecated in-tree driver).', {
  registry: [1, STRING, 'Registry services, `host:port` each, comma-separated.', 're'],
  volume: [2, STRING, 'Name of the existing volume.', 're'],
  readOnly: [3, BOOLEAN, 'Mount the volume read-only.'],
  user: [4, STRING, 'User to map volume access to; the service account user by default.'],
  group: [5, STRING, 'Group to map volume access to; none by default.'],
  tenant: [6, STRING, 'Tenant owning the volume, for dynamically provisioned volumes.'],
});

/** AzureDiskVolumeSource (core/v1). */
export const AZURE_DISK_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'AzureDiskVolumeSource', 'An Azure data disk (deprecated in-tree driver).', {
  diskName: [1, STRING, 'Name of the data disk in blob storage.', 're'],
  diskURI: [2, STRING, 'URI of the data disk in blob storage.', 're'],
  cachingMode: [3, AZURE_DATA_DISK_CACHING_MODE, 'Host caching mode: None, ReadOnly or ReadWrite.', 'p'],
  fsType: [4, STRING, 'Filesystem type of the volume (ext4, xfs, ntfs ...); ext4 when empty for drivers that need one.', 'p'],
  readOnly: [5, BOOLEAN, 'Mount the volume read-only.', 'p'],
  kind: [6, AZURE_DATA_DISK_KIND, 'Shared (several disks per storage account), Dedicated (one disk per account) or Managed (an Azure managed disk).', 'p'],
});

/** PhotonPersistentDiskVolumeSource (core/v1). */
export const PHOTON_PERSISTENT_DISK_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'PhotonPersistentDiskVolumeSource', 'A Photon Controller persistent disk (deprecated).', {
  pdID: [1, STRING, 'ID of the disk.', 're'],
  fsType: [2, STRING, 'Filesystem type of the volume (ext4, xfs, ntfs ...); ext4 when empty for drivers that need one.'],
});

/** SecretProjection (core/v1). */
export const SECRET_PROJECTION: StructSchema = message('api.core.v1', 'SecretProjection', 'A secret\'s keys in a projected volume.', {
  items: [2, atomicList(KEY_TO_PATH), 'Which keys to project and where; without it every key becomes a file named after the key.'],
  optional: [4, BOOLEAN, 'When true, a missing secret or key is not an error.', 'p'],
}, { inline: [[1, LOCAL_OBJECT_REFERENCE]] });

/** DownwardAPIProjection (core/v1). */
export const DOWNWARD_API_PROJECTION: StructSchema = message('api.core.v1', 'DownwardAPIProjection', 'Pod fields and container resources in a projected volume.', {
  items: [1, atomicList(DOWNWARD_API_VOLUME_FILE), 'The files to create.'],
});

/** ConfigMapProjection (core/v1). */
export const CONFIG_MAP_PROJECTION: StructSchema = message('api.core.v1', 'ConfigMapProjection', 'A config map\'s keys in a projected volume.', {
  items: [2, atomicList(KEY_TO_PATH), 'Which keys to project and where; without it every key becomes a file named after the key.'],
  optional: [4, BOOLEAN, 'When true, a missing config map or key is not an error.', 'p'],
}, { inline: [[1, LOCAL_OBJECT_REFERENCE]] });

/** ServiceAccountTokenProjection (core/v1). */
export const SERVICE_ACCOUNT_TOKEN_PROJECTION: StructSchema = message('api.core.v1', 'ServiceAccountTokenProjection', 'A service-account token written into a projected volume.', {
  audience: [1, STRING, 'The audience the token is meant for; the API server\'s identifier by default.'],
  expirationSeconds: [2, INT64, 'Requested lifetime of the token (at least 600 seconds, 1 hour by default). The token is rotated when it reaches 80% of its lifetime or is 24 hours old.', 'p'],
  path: [3, STRING, 'Path of the token file, relative to the volume\'s mount point.', 're'],
});

/** ClusterTrustBundleProjection (core/v1). */
export const CLUSTER_TRUST_BUNDLE_PROJECTION: StructSchema = message('api.core.v1', 'ClusterTrustBundleProjection', 'Certificates of ClusterTrustBundle objects written into one file.', {
  name: [1, STRING, 'Select one bundle by name; excludes signerName and labelSelector.', 'p'],
  signerName: [2, STRING, 'Select the bundles of this signer (combined with labelSelector).', 'p'],
  labelSelector: [3, LABEL_SELECTOR, 'Select the bundles of signerName that match these labels; nothing selects none, an empty selector selects all.', 'p'],
  optional: [5, BOOLEAN, 'When true, the pod starts although no bundle matches.', 'p'],
  path: [4, STRING, 'Path of the file, relative to the volume root.', 're'],
});

/** VolumeProjection (core/v1). */
export const VOLUME_PROJECTION: StructSchema = message('api.core.v1', 'VolumeProjection', 'One source of a projected volume; exactly one field is set.', {
  secret: [1, SECRET_PROJECTION, 'Keys of a secret.', 'p'],
  downwardAPI: [2, DOWNWARD_API_PROJECTION, 'Fields of the pod and container resources.', 'p'],
  configMap: [3, CONFIG_MAP_PROJECTION, 'Keys of a config map.', 'p'],
  serviceAccountToken: [4, SERVICE_ACCOUNT_TOKEN_PROJECTION, 'A token of the pod\'s service account, refreshed before it expires.', 'p'],
  clusterTrustBundle: [5, CLUSTER_TRUST_BUNDLE_PROJECTION, 'Certificates of ClusterTrustBundle objects, concatenated into one file.', 'p'],
});

/** ProjectedVolumeSource (core/v1). */
export const PROJECTED_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'ProjectedVolumeSource', 'Several sources merged into one directory.', {
  sources: [1, atomicList(VOLUME_PROJECTION), 'The sources to merge.', 'e'],
  defaultMode: [2, INT32, 'Permission bits of the created files (0000 to 0777; JSON takes decimal only). Defaults to 0644.', 'p'],
});

/** PortworxVolumeSource (core/v1). */
export const PORTWORX_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'PortworxVolumeSource', 'A Portworx volume (deprecated in-tree driver).', {
  volumeID: [1, STRING, 'ID of the Portworx volume.', 're'],
  fsType: [2, STRING, 'Filesystem type of the volume (ext4, xfs, ntfs ...); ext4 when empty for drivers that need one.'],
  readOnly: [3, BOOLEAN, 'Mount the volume read-only.'],
});

/** ScaleIOVolumeSource (core/v1). */
export const SCALE_IO_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'ScaleIOVolumeSource', 'A ScaleIO volume (deprecated in-tree driver).', {
  gateway: [1, STRING, 'Address of the ScaleIO API gateway.', 're'],
  system: [2, STRING, 'Name of the storage system.', 're'],
  secretRef: [3, LOCAL_OBJECT_REFERENCE, 'The secret holding the ScaleIO user\'s credentials.', 'rpe'],
  sslEnabled: [4, BOOLEAN, 'Use SSL for the gateway connection.'],
  protectionDomain: [5, STRING, 'Name of the protection domain of the storage.'],
  storagePool: [6, STRING, 'Name of the storage pool of the protection domain.'],
  storageMode: [7, STRING, 'ThickProvisioned or ThinProvisioned (the default).'],
  volumeName: [8, STRING, 'Name of a volume already created in the system.'],
  fsType: [9, STRING, 'Filesystem type of the volume (ext4, xfs, ntfs ...); ext4 when empty for drivers that need one.'],
  readOnly: [10, BOOLEAN, 'Mount the volume read-only.'],
});

/** StorageOSVolumeSource (core/v1). */
export const STORAGE_OS_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'StorageOSVolumeSource', 'A StorageOS volume (deprecated).', {
  volumeName: [1, STRING, 'Name of the volume, unique within its namespace.'],
  volumeNamespace: [2, STRING, 'StorageOS namespace of the volume; the pod\'s namespace by default.'],
  fsType: [3, STRING, 'Filesystem type of the volume (ext4, xfs, ntfs ...); ext4 when empty for drivers that need one.'],
  readOnly: [4, BOOLEAN, 'Mount the volume read-only.'],
  secretRef: [5, LOCAL_OBJECT_REFERENCE, 'The secret holding the StorageOS API credentials.', 'p'],
});

/** CSIVolumeSource (core/v1). */
export const CSI_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'CSIVolumeSource', 'An ephemeral volume of a CSI driver.', {
  driver: [1, STRING, 'Name of the CSI driver, as registered in the cluster.', 're'],
  readOnly: [2, BOOLEAN, 'Mount the volume read-only (read-write by default).', 'p'],
  fsType: [3, STRING, 'Filesystem type, passed to the driver; the driver\'s default when empty.', 'p'],
  volumeAttributes: [4, STRING_MAP, 'Driver-specific properties of the volume.'],
  nodePublishSecretRef: [5, LOCAL_OBJECT_REFERENCE, 'The secret passed to the driver\'s publish and unpublish calls.', 'p'],
});

/** VolumeResourceRequirements (core/v1). */
export const VOLUME_RESOURCE_REQUIREMENTS: StructSchema = message('api.core.v1', 'VolumeResourceRequirements', 'Storage size limits and requests of a claim.', {
  limits: [1, mapOf(QUANTITY, { go: 'v1.ResourceList' }), 'The most storage the volume may have.'],
  requests: [2, mapOf(QUANTITY, { go: 'v1.ResourceList' }), 'The storage the volume must at least have (`storage: 10Gi`).'],
});

/** TypedLocalObjectReference (core/v1). */
export const TYPED_LOCAL_OBJECT_REFERENCE: StructSchema = message('api.core.v1', 'TypedLocalObjectReference', 'A reference to an object of a given kind in the same namespace.', {
  apiGroup: [1, STRING, 'API group of the object; empty for the core group.', 'pe'],
  kind: [2, STRING, 'Kind of the object.', 're'],
  name: [3, STRING, 'Name of the object.', 're'],
}, { atomic: true });

/** TypedObjectReference (core/v1). */
export const TYPED_OBJECT_REFERENCE: StructSchema = message('api.core.v1', 'TypedObjectReference', 'A reference to an object of a given kind, possibly in another namespace.', {
  apiGroup: [1, STRING, 'API group of the object; empty for the core group.', 'pe'],
  kind: [2, STRING, 'Kind of the object.', 're'],
  name: [3, STRING, 'Name of the object.', 're'],
  namespace: [4, STRING, 'Namespace of the object, when it is not the claim\'s; needs a ReferenceGrant there.', 'p'],
});

/** PersistentVolumeClaimSpec (core/v1). */
export const PERSISTENT_VOLUME_CLAIM_SPEC: StructSchema = message('api.core.v1', 'PersistentVolumeClaimSpec', 'The storage a claim asks for.', {
  accessModes: [1, atomicList(PERSISTENT_VOLUME_ACCESS_MODE), 'The access modes the volume must support (ReadWriteOnce, ReadOnlyMany, ReadWriteMany, ReadWriteOncePod).'],
  selector: [4, LABEL_SELECTOR, 'Labels the bound volume must have.', 'p'],
  resources: [2, VOLUME_RESOURCE_REQUIREMENTS, 'The minimum size (requests.storage) and, where supported, the maximum of the volume.'],
  volumeName: [3, STRING, 'Bind to this persistent volume by name.'],
  storageClassName: [5, STRING, 'Storage class the volume must come from; `""` asks for a volume without class, unset uses the default class.', 'p'],
  volumeMode: [6, PERSISTENT_VOLUME_MODE, 'Filesystem (the default) or Block.', 'p'],
  dataSource: [7, TYPED_LOCAL_OBJECT_REFERENCE, 'A snapshot or claim to populate the new volume from (same namespace); superseded by dataSourceRef.', 'p'],
  dataSourceRef: [8, TYPED_OBJECT_REFERENCE, 'An object to populate the new volume from: a snapshot, a claim, or a custom populator\'s object, possibly in another namespace.', 'p'],
  volumeAttributesClassName: [9, STRING, 'VolumeAttributesClass of the volume, for drivers that can change attributes of a volume in place.', 'p'],
});

/** PersistentVolumeClaimTemplate (core/v1). */
export const PERSISTENT_VOLUME_CLAIM_TEMPLATE: StructSchema = message('api.core.v1', 'PersistentVolumeClaimTemplate', 'The template of a claim created for an ephemeral volume.', {
  metadata: [1, OBJECT_META, 'Labels and annotations copied to the created claim; other metadata is not allowed.'],
  spec: [2, PERSISTENT_VOLUME_CLAIM_SPEC, 'The spec of the created claim, copied unchanged.', 're'],
});

/** EphemeralVolumeSource (core/v1). */
export const EPHEMERAL_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'EphemeralVolumeSource', 'A volume with its own claim, created with the pod and deleted with it.', {
  volumeClaimTemplate: [1, PERSISTENT_VOLUME_CLAIM_TEMPLATE, 'The claim to create, named `<pod>-<volume>`; the pod owns it.', 'p'],
});

/** ImageVolumeSource (core/v1). */
export const IMAGE_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'ImageVolumeSource', 'An OCI image or artifact mounted read-only.', {
  reference: [1, STRING, 'The image or artifact reference, as a container image is named.'],
  pullPolicy: [2, PULL_POLICY, 'When to pull it: Always, Never or IfNotPresent (Always for `:latest`, IfNotPresent otherwise).'],
});

/** VolumeSource (core/v1). */
export const VOLUME_SOURCE: StructSchema = message('api.core.v1', 'VolumeSource', 'Where a volume\'s contents come from; exactly one source is set.', {
  hostPath: [1, HOST_PATH_VOLUME_SOURCE, 'A file or directory of the node\'s filesystem. Mostly for system agents; a security risk for others.', 'p'],
  emptyDir: [2, EMPTY_DIR_VOLUME_SOURCE, 'An empty directory created for the pod and removed with it.', 'p'],
  gcePersistentDisk: [3, GCE_PERSISTENT_DISK_VOLUME_SOURCE, 'Deprecated in-tree driver: a GCE persistent disk. Use the CSI driver.', 'p'],
  awsElasticBlockStore: [4, AWS_ELASTIC_BLOCK_STORE_VOLUME_SOURCE, 'Deprecated in-tree driver: an AWS EBS volume. Use the CSI driver.', 'p'],
  gitRepo: [5, GIT_REPO_VOLUME_SOURCE, 'Deprecated: a directory cloned from a git repository. Clone in an init container instead.', 'p'],
  secret: [6, SECRET_VOLUME_SOURCE, 'The keys of a secret, as files.', 'p'],
  nfs: [7, NFS_VOLUME_SOURCE, 'An NFS export.', 'p'],
  iscsi: [8, ISCSI_VOLUME_SOURCE, 'An iSCSI disk.', 'p'],
  glusterfs: [9, GLUSTERFS_VOLUME_SOURCE, 'Removed in-tree driver: a GlusterFS volume.', 'p'],
  persistentVolumeClaim: [10, PERSISTENT_VOLUME_CLAIM_VOLUME_SOURCE, 'The persistent volume bound to a claim in the pod\'s namespace.', 'p'],
  rbd: [11, RBD_VOLUME_SOURCE, 'Deprecated in-tree driver: a Ceph RBD image.', 'p'],
  flexVolume: [12, FLEX_VOLUME_SOURCE, 'Deprecated: a volume mounted by a FlexVolume driver.', 'p'],
  cinder: [13, CINDER_VOLUME_SOURCE, 'Deprecated in-tree driver: an OpenStack Cinder volume.', 'p'],
  cephfs: [14, CEPH_FS_VOLUME_SOURCE, 'Deprecated in-tree driver: a CephFS mount.', 'p'],
  flocker: [15, FLOCKER_VOLUME_SOURCE, 'Deprecated: a Flocker dataset.', 'p'],
  downwardAPI: [16, DOWNWARD_API_VOLUME_SOURCE, 'Fields of the pod and resources of its containers, as files.', 'p'],
  fc: [17, FC_VOLUME_SOURCE, 'A Fibre Channel disk.', 'p'],
  azureFile: [18, AZURE_FILE_VOLUME_SOURCE, 'Deprecated in-tree driver: an Azure File share.', 'p'],
  configMap: [19, CONFIG_MAP_VOLUME_SOURCE, 'The keys of a config map, as files.', 'p'],
  vsphereVolume: [20, VSPHERE_VIRTUAL_DISK_VOLUME_SOURCE, 'Deprecated in-tree driver: a vSphere virtual disk.', 'p'],
  quobyte: [21, QUOBYTE_VOLUME_SOURCE, 'Deprecated in-tree driver: a Quobyte volume.', 'p'],
  azureDisk: [22, AZURE_DISK_VOLUME_SOURCE, 'Deprecated in-tree driver: an Azure data disk.', 'p'],
  photonPersistentDisk: [23, PHOTON_PERSISTENT_DISK_VOLUME_SOURCE, 'Deprecated: a Photon Controller persistent disk.', 'p'],
  projected: [26, PROJECTED_VOLUME_SOURCE, 'Several sources (secrets, config maps, downward API, service-account tokens) merged into one directory.', 'p'],
  portworxVolume: [24, PORTWORX_VOLUME_SOURCE, 'Deprecated in-tree driver: a Portworx volume.', 'p'],
  scaleIO: [25, SCALE_IO_VOLUME_SOURCE, 'Deprecated in-tree driver: a ScaleIO volume.', 'p'],
  storageos: [27, STORAGE_OS_VOLUME_SOURCE, 'Deprecated: a StorageOS volume.', 'p'],
  csi: [28, CSI_VOLUME_SOURCE, 'An ephemeral volume provided by a CSI driver.', 'p'],
  ephemeral: [29, EPHEMERAL_VOLUME_SOURCE, 'A volume provisioned from a claim template for this pod alone and deleted with it.', 'p'],
  image: [30, IMAGE_VOLUME_SOURCE, 'The contents of an OCI image or artifact, read-only.', 'p'],
});

/** Volume (core/v1). */
export const VOLUME: StructSchema = message('api.core.v1', 'Volume', 'A named volume that the pod\'s containers can mount.', {
  name: [1, STRING, 'Name of the volume, a DNS label unique within the pod; volume mounts refer to it.', 're'],
}, { inline: [[2, VOLUME_SOURCE]] });

/** NodeSelectorRequirement (core/v1). */
export const NODE_SELECTOR_REQUIREMENT: StructSchema = message('api.core.v1', 'NodeSelectorRequirement', 'A condition on a node label or field.', {
  key: [1, STRING, 'The label key or field name.', 're'],
  operator: [2, NODE_SELECTOR_OPERATOR, 'In, NotIn, Exists, DoesNotExist, Gt or Lt.', 're'],
  values: [3, atomicList(STRING), 'The values; one integer for Gt and Lt, none for Exists and DoesNotExist.'],
});

/** NodeSelectorTerm (core/v1). */
export const NODE_SELECTOR_TERM: StructSchema = message('api.core.v1', 'NodeSelectorTerm', 'A node selector term: its requirements are ANDed. An empty term matches no node.', {
  matchExpressions: [1, atomicList(NODE_SELECTOR_REQUIREMENT), 'Requirements on node labels.'],
  matchFields: [2, atomicList(NODE_SELECTOR_REQUIREMENT), 'Requirements on node fields.'],
}, { atomic: true });

/** NodeSelector (core/v1). */
export const NODE_SELECTOR: StructSchema = message('api.core.v1', 'NodeSelector', 'A node selector: the terms are ORed.', {
  nodeSelectorTerms: [1, atomicList(NODE_SELECTOR_TERM), 'The terms; a node matches when one of them matches.', 're'],
}, { atomic: true });

/** ObjectReference (core/v1). */
export const OBJECT_REFERENCE: StructSchema = message('api.core.v1', 'ObjectReference', 'A reference to an object, possibly to a field in it.', {
  kind: [1, STRING, 'The type of the object, in CamelCase.'],
  namespace: [2, STRING, 'Namespace of the object.'],
  name: [3, STRING, 'Name of the object.'],
  uid: [4, UID, 'UID of the object.'],
  apiVersion: [5, STRING, 'The schema version of the object, `group/version` (just `version` for the core group).'],
  resourceVersion: [6, STRING, 'Resource version of the object when it was referred to.'],
  fieldPath: [7, STRING, 'A field of the object, such as `spec.containers{name}` for one container.'],
}, { atomic: true });

/** GlusterfsPersistentVolumeSource (core/v1). */
export const GLUSTERFS_PERSISTENT_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'GlusterfsPersistentVolumeSource', 'A GlusterFS mount (removed in-tree driver).', {
  endpoints: [1, STRING, 'Name of the Endpoints object describing the Gluster cluster.', 're'],
  path: [2, STRING, 'Name of the Gluster volume.', 're'],
  readOnly: [3, BOOLEAN, 'Mount the volume read-only.'],
  endpointsNamespace: [4, STRING, 'Namespace of the Endpoints object; the claim\'s namespace when empty.', 'p'],
});

/** SecretReference (core/v1). */
export const SECRET_REFERENCE: StructSchema = message('api.core.v1', 'SecretReference', 'A reference to a secret, possibly in another namespace.', {
  name: [1, STRING, 'Name of the secret.'],
  namespace: [2, STRING, 'Namespace of the secret.'],
}, { atomic: true });

/** RBDPersistentVolumeSource (core/v1). */
export const RBD_PERSISTENT_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'RBDPersistentVolumeSource', 'A Ceph RBD image (deprecated in-tree driver).', {
  monitors: [1, atomicList(STRING), 'Ceph monitors, `host:port` each.', 're'],
  image: [2, STRING, 'Name of the RADOS image.', 're'],
  fsType: [3, STRING, 'Filesystem type of the volume (ext4, xfs, ntfs ...); ext4 when empty for drivers that need one.'],
  pool: [4, STRING, 'RADOS pool; `rbd` by default.'],
  user: [5, STRING, 'RADOS user; `admin` by default.'],
  keyring: [6, STRING, 'Path of the keyring file; `/etc/ceph/keyring` by default.'],
  secretRef: [7, SECRET_REFERENCE, 'The secret holding the user\'s key; overrides keyring.', 'p'],
  readOnly: [8, BOOLEAN, 'Mount the volume read-only.'],
});

/** ISCSIPersistentVolumeSource (core/v1). */
export const ISCSI_PERSISTENT_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'ISCSIPersistentVolumeSource', 'An iSCSI disk, attached to the node and mounted into the pod.', {
  targetPortal: [1, STRING, 'Target portal, `ip` or `ip:port` (port 3260 by default).', 're'],
  iqn: [2, STRING, 'iSCSI qualified name of the target.', 're'],
  lun: [3, INT32, 'Logical unit number of the target.', 're'],
  iscsiInterface: [4, STRING, 'iSCSI interface to use; `default` (tcp) when empty.'],
  fsType: [5, STRING, 'Filesystem type of the volume (ext4, xfs, ntfs ...); ext4 when empty for drivers that need one.'],
  readOnly: [6, BOOLEAN, 'Mount the volume read-only.'],
  portals: [7, atomicList(STRING), 'Additional target portals, `ip` or `ip:port` each.'],
  chapAuthDiscovery: [8, BOOLEAN, 'Use CHAP authentication for discovery.'],
  chapAuthSession: [11, BOOLEAN, 'Use CHAP authentication for the session.'],
  secretRef: [10, SECRET_REFERENCE, 'The secret holding the CHAP credentials.', 'p'],
  initiatorName: [12, STRING, 'Custom initiator name; with iscsiInterface set, a new interface `<portal>:<volume name>` is created for the connection.', 'p'],
});

/** CinderPersistentVolumeSource (core/v1). */
export const CINDER_PERSISTENT_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'CinderPersistentVolumeSource', 'An OpenStack Cinder volume (deprecated in-tree driver).', {
  volumeID: [1, STRING, 'ID of the Cinder volume.', 're'],
  fsType: [2, STRING, 'Filesystem type of the volume (ext4, xfs, ntfs ...); ext4 when empty for drivers that need one.'],
  readOnly: [3, BOOLEAN, 'Mount the volume read-only.'],
  secretRef: [4, SECRET_REFERENCE, 'The secret holding the parameters to connect to OpenStack.', 'p'],
});

/** CephFSPersistentVolumeSource (core/v1). */
export const CEPH_FS_PERSISTENT_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'CephFSPersistentVolumeSource', 'A CephFS mount (deprecated in-tree driver).', {
  monitors: [1, atomicList(STRING), 'Ceph monitors, `host:port` each.', 're'],
  path: [2, STRING, 'Path to mount; `/` by default.'],
  user: [3, STRING, 'RADOS user; `admin` by default.'],
  secretFile: [4, STRING, 'Path of the key ring of the user; `/etc/ceph/user.secret` by default.'],
  secretRef: [5, SECRET_REFERENCE, 'The secret holding the user\'s key; overrides secretFile.', 'p'],
  readOnly: [6, BOOLEAN, 'Mount the volume read-only.'],
});

/** FlexPersistentVolumeSource (core/v1). */
export const FLEX_PERSISTENT_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'FlexPersistentVolumeSource', 'A volume mounted by a FlexVolume driver (deprecated).', {
  driver: [1, STRING, 'Name of the driver.', 're'],
  fsType: [2, STRING, 'Filesystem type of the volume (ext4, xfs, ntfs ...); ext4 when empty for drivers that need one.'],
  secretRef: [3, SECRET_REFERENCE, 'The secret passed to the driver\'s scripts.', 'p'],
  readOnly: [4, BOOLEAN, 'Mount the volume read-only.'],
  options: [5, STRING_MAP, 'Extra options passed to the driver.'],
});

/** AzureFilePersistentVolumeSource (core/v1). */
export const AZURE_FILE_PERSISTENT_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'AzureFilePersistentVolumeSource', 'An Azure File share (deprecated in-tree driver).', {
  secretName: [1, STRING, 'Name of the secret holding the storage account name and key.', 're'],
  shareName: [2, STRING, 'Name of the share.', 're'],
  readOnly: [3, BOOLEAN, 'Mount the volume read-only.'],
  secretNamespace: [4, STRING, 'Namespace of the secret; the pod\'s namespace by default.', 'pe'],
});

/** ScaleIOPersistentVolumeSource (core/v1). */
export const SCALE_IO_PERSISTENT_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'ScaleIOPersistentVolumeSource', 'A ScaleIO volume (deprecated in-tree driver).', {
  gateway: [1, STRING, 'Address of the ScaleIO API gateway.', 're'],
  system: [2, STRING, 'Name of the storage system.', 're'],
  secretRef: [3, SECRET_REFERENCE, 'The secret holding the ScaleIO user\'s credentials.', 'rpe'],
  sslEnabled: [4, BOOLEAN, 'Use SSL for the gateway connection.'],
  protectionDomain: [5, STRING, 'Name of the protection domain of the storage.'],
  storagePool: [6, STRING, 'Name of the storage pool of the protection domain.'],
  storageMode: [7, STRING, 'ThickProvisioned or ThinProvisioned (the default).'],
  volumeName: [8, STRING, 'Name of a volume already created in the system.'],
  fsType: [9, STRING, 'Filesystem type of the volume (ext4, xfs, ntfs ...); ext4 when empty for drivers that need one.'],
  readOnly: [10, BOOLEAN, 'Mount the volume read-only.'],
});

/** LocalVolumeSource (core/v1). */
export const LOCAL_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'LocalVolumeSource', 'A local disk, partition or directory.', {
  path: [1, STRING, 'Full path on the node.', 're'],
  fsType: [2, STRING, 'Filesystem type, for block devices only; detected automatically when empty.', 'p'],
});

/** StorageOSPersistentVolumeSource (core/v1). */
export const STORAGE_OS_PERSISTENT_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'StorageOSPersistentVolumeSource', 'A StorageOS volume (deprecated).', {
  volumeName: [1, STRING, 'Name of the volume, unique within its namespace.'],
  volumeNamespace: [2, STRING, 'StorageOS namespace of the volume; the pod\'s namespace by default.'],
  fsType: [3, STRING, 'Filesystem type of the volume (ext4, xfs, ntfs ...); ext4 when empty for drivers that need one.'],
  readOnly: [4, BOOLEAN, 'Mount the volume read-only.'],
  secretRef: [5, OBJECT_REFERENCE, 'The secret holding the StorageOS API credentials.', 'p'],
});

/** CSIPersistentVolumeSource (core/v1). */
export const CSI_PERSISTENT_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'CSIPersistentVolumeSource', 'A volume managed by a CSI driver.', {
  driver: [1, STRING, 'Name of the CSI driver.', 're'],
  volumeHandle: [2, STRING, 'The driver\'s identifier of the volume, passed in every call.', 're'],
  readOnly: [3, BOOLEAN, 'Publish the volume read-only (read-write by default).'],
  fsType: [4, STRING, 'Filesystem type to mount.'],
  volumeAttributes: [5, STRING_MAP, 'Driver-specific properties of the volume.'],
  controllerPublishSecretRef: [6, SECRET_REFERENCE, 'Secret passed to the driver\'s controller publish and unpublish calls.', 'p'],
  nodeStageSecretRef: [7, SECRET_REFERENCE, 'Secret passed to the driver\'s node stage and unstage calls.', 'p'],
  nodePublishSecretRef: [8, SECRET_REFERENCE, 'Secret passed to the driver\'s node publish and unpublish calls.', 'p'],
  controllerExpandSecretRef: [9, SECRET_REFERENCE, 'Secret passed to the driver\'s controller expand call.', 'p'],
  nodeExpandSecretRef: [10, SECRET_REFERENCE, 'Secret passed to the driver\'s node expand call.', 'p'],
});

/** PersistentVolumeSource (core/v1). */
export const PERSISTENT_VOLUME_SOURCE: StructSchema = message('api.core.v1', 'PersistentVolumeSource', 'Where a persistent volume\'s storage is; exactly one source is set.', {
  gcePersistentDisk: [1, GCE_PERSISTENT_DISK_VOLUME_SOURCE, 'Deprecated in-tree driver: a GCE persistent disk. Use the CSI driver.', 'p'],
  awsElasticBlockStore: [2, AWS_ELASTIC_BLOCK_STORE_VOLUME_SOURCE, 'Deprecated in-tree driver: an AWS EBS volume. Use the CSI driver.', 'p'],
  hostPath: [3, HOST_PATH_VOLUME_SOURCE, 'A directory on one node; for single-node testing only.', 'p'],
  glusterfs: [4, GLUSTERFS_PERSISTENT_VOLUME_SOURCE, 'Removed in-tree driver: a GlusterFS volume.', 'p'],
  nfs: [5, NFS_VOLUME_SOURCE, 'An NFS export.', 'p'],
  rbd: [6, RBD_PERSISTENT_VOLUME_SOURCE, 'Deprecated in-tree driver: a Ceph RBD image.', 'p'],
  iscsi: [7, ISCSI_PERSISTENT_VOLUME_SOURCE, 'An iSCSI disk.', 'p'],
  cinder: [8, CINDER_PERSISTENT_VOLUME_SOURCE, 'Deprecated in-tree driver: an OpenStack Cinder volume.', 'p'],
  cephfs: [9, CEPH_FS_PERSISTENT_VOLUME_SOURCE, 'Deprecated in-tree driver: a CephFS mount.', 'p'],
  fc: [10, FC_VOLUME_SOURCE, 'A Fibre Channel disk.', 'p'],
  flocker: [11, FLOCKER_VOLUME_SOURCE, 'Deprecated: a Flocker dataset.', 'p'],
  flexVolume: [12, FLEX_PERSISTENT_VOLUME_SOURCE, 'Deprecated: a volume mounted by a FlexVolume driver.', 'p'],
  azureFile: [13, AZURE_FILE_PERSISTENT_VOLUME_SOURCE, 'Deprecated in-tree driver: an Azure File share.', 'p'],
  vsphereVolume: [14, VSPHERE_VIRTUAL_DISK_VOLUME_SOURCE, 'Deprecated in-tree driver: a vSphere virtual disk.', 'p'],
  quobyte: [15, QUOBYTE_VOLUME_SOURCE, 'Deprecated in-tree driver: a Quobyte volume.', 'p'],
  azureDisk: [16, AZURE_DISK_VOLUME_SOURCE, 'Deprecated in-tree driver: an Azure data disk.', 'p'],
  photonPersistentDisk: [17, PHOTON_PERSISTENT_DISK_VOLUME_SOURCE, 'Deprecated: a Photon Controller persistent disk.', 'p'],
  portworxVolume: [18, PORTWORX_VOLUME_SOURCE, 'Deprecated in-tree driver: a Portworx volume.', 'p'],
  scaleIO: [19, SCALE_IO_PERSISTENT_VOLUME_SOURCE, 'Deprecated in-tree driver: a ScaleIO volume.', 'p'],
  local: [20, LOCAL_VOLUME_SOURCE, 'A disk, partition or directory of a node, reachable only from that node (set nodeAffinity).', 'p'],
  storageos: [21, STORAGE_OS_PERSISTENT_VOLUME_SOURCE, 'Deprecated: a StorageOS volume.', 'p'],
  csi: [22, CSI_PERSISTENT_VOLUME_SOURCE, 'A volume managed by a CSI driver.', 'p'],
});

/** VolumeNodeAffinity (core/v1). */
export const VOLUME_NODE_AFFINITY: StructSchema = message('api.core.v1', 'VolumeNodeAffinity', 'The nodes from which a volume can be reached.', {
  required: [1, NODE_SELECTOR, 'Nodes the volume is reachable from.', 'p'],
});

/** PersistentVolumeSpec (core/v1). */
export const PERSISTENT_VOLUME_SPEC: StructSchema = message('api.core.v1', 'PersistentVolumeSpec', 'The definition of a persistent volume.', {
  capacity: [1, mapOf(QUANTITY, { go: 'v1.ResourceList' }), 'Size of the volume (`storage`).'],
  accessModes: [3, atomicList(PERSISTENT_VOLUME_ACCESS_MODE), 'Ways the volume can be mounted: ReadWriteOnce, ReadOnlyMany, ReadWriteMany, ReadWriteOncePod.'],
  claimRef: [4, OBJECT_REFERENCE, 'The claim the volume is bound to, set on binding; may be set beforehand to reserve the volume for a claim.', 'p'],
  persistentVolumeReclaimPolicy: [5, PERSISTENT_VOLUME_RECLAIM_POLICY, 'What happens when the claim is released: Retain (keep it for manual reclamation), Delete (delete the storage) or Recycle (deprecated scrub).'],
  storageClassName: [6, STRING, 'The storage class the volume belongs to; empty for none.'],
  mountOptions: [7, atomicList(STRING), 'Mount options, passed on as given and not validated.'],
  volumeMode: [8, PERSISTENT_VOLUME_MODE, 'Filesystem (the default) or Block.', 'p'],
  nodeAffinity: [9, VOLUME_NODE_AFFINITY, 'Nodes from which the volume can be reached; pods using it are scheduled there.', 'p'],
  volumeAttributesClassName: [10, STRING, 'VolumeAttributesClass of the volume.', 'p'],
}, { inline: [[2, PERSISTENT_VOLUME_SOURCE]] });

/** TopologySelectorLabelRequirement (core/v1). */
export const TOPOLOGY_SELECTOR_LABEL_REQUIREMENT: StructSchema = message('api.core.v1', 'TopologySelectorLabelRequirement', 'A topology label and the values it may have.', {
  key: [1, STRING, 'The label key.', 're'],
  values: [2, atomicList(STRING), 'The values the label may have; at least one.', 're'],
});

/** TopologySelectorTerm (core/v1). */
export const TOPOLOGY_SELECTOR_TERM: StructSchema = message('api.core.v1', 'TopologySelectorTerm', 'A topology term: its requirements are ANDed.', {
  matchLabelExpressions: [1, atomicList(TOPOLOGY_SELECTOR_LABEL_REQUIREMENT), 'Requirements on topology labels.'],
}, { atomic: true });
