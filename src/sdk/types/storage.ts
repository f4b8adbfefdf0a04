/**
 * Kinds of the `storage.platform.io` group (`v1`): StorageClass, VolumeAttachment, CSIDriver,
 * CSINode and CSIStorageCapacity.
 */
import type { PersistentVolume } from './core.js';
import type { LabelSelector, ObjectBase } from './meta.js';

/** A topology term of a {@link StorageClass}: its label requirements are ANDed. */
export interface TopologySelectorTerm {
  matchLabelExpressions?: { key: string; values: string[] }[];
}

/** A class of storage (cluster-scoped): its provisioner, parameters, binding and reclaim policy. */
export interface StorageClass extends ObjectBase {
  kind?: 'StorageClass';
  provisioner?: string;
  parameters?: Record<string, string>;
  reclaimPolicy?: 'Delete' | 'Retain' | string;
  mountOptions?: string[];
  allowVolumeExpansion?: boolean;
  volumeBindingMode?: 'Immediate' | 'WaitForFirstConsumer' | string;
  allowedTopologies?: TopologySelectorTerm[];
}

/** An error of attaching or detaching a volume. */
export interface VolumeError {
  time?: string;
  message?: string;
}

/** The intent to attach a volume to a node (cluster-scoped). */
export interface VolumeAttachment extends ObjectBase {
  kind?: 'VolumeAttachment';
  spec?: {
    attacher: string;
    source: { persistentVolumeName?: string; inlineVolumeSpec?: PersistentVolume['spec'] };
    nodeName: string;
  };
  status?: { attached: boolean; attachmentMetadata?: Record<string, string>; attachError?: VolumeError; detachError?: VolumeError };
}

/** A CSI volume driver of the cluster (cluster-scoped). */
export interface CSIDriver extends ObjectBase {
  kind?: 'CSIDriver';
  spec?: {
    attachRequired?: boolean;
    podInfoOnMount?: boolean;
    volumeLifecycleModes?: ('Persistent' | 'Ephemeral' | string)[];
    storageCapacity?: boolean;
    fsGroupPolicy?: 'ReadWriteOnceWithFSType' | 'File' | 'None' | string;
    tokenRequests?: { audience: string; expirationSeconds?: number }[];
    requiresRepublish?: boolean;
    seLinuxMount?: boolean;
  };
}

/** The CSI drivers installed on a node (cluster-scoped, named as the node). */
export interface CSINode extends ObjectBase {
  kind?: 'CSINode';
  spec?: { drivers: { name: string; nodeID: string; topologyKeys?: string[] | null; allocatable?: { count?: number } }[] };
}

/** Storage capacity a CSI driver reports for a storage class in a topology segment. */
export interface CSIStorageCapacity extends ObjectBase {
  kind?: 'CSIStorageCapacity';
  nodeTopology?: LabelSelector;
  storageClassName?: string;
  capacity?: string | number;
  maximumVolumeSize?: string | number;
}
