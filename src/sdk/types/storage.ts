/**
 * Kinds of the `storage.platform.io` group (`v1`): StorageClass, VolumeAttachment, CSIDriver,
 * CSINode and CSIStorageCapacity.
 */
export type { CSIDriver, CSINode, CSIStorageCapacity, StorageClass, VolumeAttachment, VolumeError } from './generated/storage-v1.js';
export type { TopologySelectorTerm } from './generated/core-v1.js';
