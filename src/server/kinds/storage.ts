/**
 * The storage/v1 kinds: StorageClass, VolumeAttachment, CSIDriver, CSINode and
 * CSIStorageCapacity, with the API server's defaults, validation and immutable fields.
 */
import { GROUPS } from '../../sdk/naming.js';
import type { TopologySelectorTerm } from '../../sdk/types/generated/core-v1.js';
import type { CSIDriver, CSINode, CSIStorageCapacity, StorageClass, TokenRequest, VolumeAttachment, VolumeAttachmentSpec, VolumeError } from '../../sdk/types/generated/storage-v1.js';
import { asNumber, nameOf } from '../util/json.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { fieldError, supportedValue, type FieldError, requiredValid } from '../validation/field-errors.js';
import { isDNS1123Subdomain, isQualifiedName, isValidLabelValue } from '../../machinery/validation/names.js';
import { defineKind } from './define.js';
import { csiDriverTable, csiNodeTable, csiStorageCapacityTable, storageClassTable, volumeAttachmentTable } from '../tables/storage.js';

const MAX_PROVISIONER_PARAMETER_SIZE = 256 * 1024;
const MAX_PROVISIONER_PARAMETER_LEN = 512;
const RECLAIM_POLICIES = ['Delete', 'Retain'];
const BINDING_MODES = ['Immediate', 'WaitForFirstConsumer'];
const FS_GROUP_POLICIES = ['File', 'None', 'ReadWriteOnceWithFSType'];
const LIFECYCLE_MODES = ['Ephemeral', 'Persistent'];
const MAX_CSI_NODE_ID_LENGTH = 192;

/** ValidateCSIDriverName: a DNS subdomain (compared in lower case) of at most 63 characters. */
function validateCSIDriverName(name: string, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (name === '') errs.push(fieldError.required(path));
  if (name.length > 63) errs.push(fieldError.tooLong(path, 63));
  for (const msg of isDNS1123Subdomain(name.toLowerCase())) errs.push(fieldError.invalid(path, name, msg));
  return errs;
}

/** ValidateTopologySelectorTerm over each allowed topology, and no two terms alike. */
function validateAllowedTopologies(topologies: TopologySelectorTerm[] | undefined): FieldError[] {
  const errs: FieldError[] = [];
  const seen: string[] = [];
  (topologies ?? []).forEach((t, i) => {
    const path = `allowedTopologies[${i}]`;
    const expressions = t.matchLabelExpressions ?? [];
    if (expressions.length === 0) errs.push(fieldError.required(`${path}.matchLabelExpressions`, 'must have at least one label expression'));
    const keys = new Set<string>();
    const canonical: Record<string, string[]> = {};
    expressions.forEach((e, j) => {
      const ePath = `${path}.matchLabelExpressions[${j}]`;
      const key = e.key ?? '';
      for (const msg of isQualifiedName(key)) errs.push(fieldError.invalid(`${ePath}.key`, key, msg));
      if (keys.has(key)) errs.push(fieldError.duplicate(`${ePath}.key`, key));
      keys.add(key);
      const values = e.values ?? [];
      if (values.length === 0) errs.push(fieldError.required(`${ePath}.values`, 'must specify as least one value'));
      const unique = new Set<string>();
      values.forEach((v, k) => {
        for (const msg of isValidLabelValue(v)) errs.push(fieldError.invalid(`${ePath}.values[${k}]`, v, msg));
        if (unique.has(v)) errs.push(fieldError.duplicate(`${ePath}.values[${k}]`, v));
        unique.add(v);
      });
      canonical[key] = [...unique].sort();
    });
    const text = JSON.stringify(Object.keys(canonical).sort().map((k) => [k, canonical[k]]));
    if (seen.includes(text)) errs.push(fieldError.duplicate(`${path}.matchLabelExpressions`, ''));
    seen.push(text);
  });
  return errs;
}

function validateStorageClass(sc: StorageClass): FieldError[] {
  const errs: FieldError[] = [];
  const provisioner = sc.provisioner ?? '';
  errs.push(...requiredValid('provisioner', provisioner, (v) => isQualifiedName(v.toLowerCase())));
  const params = sc.parameters ?? {};
  const keys = Object.keys(params);
  if (keys.length > MAX_PROVISIONER_PARAMETER_LEN) {
    errs.push(fieldError.tooLong('parameters', MAX_PROVISIONER_PARAMETER_LEN));
  } else {
    let size = 0;
    for (const k of keys) {
      if (k === '') errs.push(fieldError.invalid('parameters', k, 'field can not be empty.'));
      size += Buffer.byteLength(k) + Buffer.byteLength(params[k] ?? '');
    }
    if (size > MAX_PROVISIONER_PARAMETER_SIZE) errs.push(fieldError.tooLong('parameters', MAX_PROVISIONER_PARAMETER_SIZE));
  }
  const reclaim = sc.reclaimPolicy ?? '';
  if (reclaim !== '') supportedValue(errs, 'reclaimPolicy', reclaim, RECLAIM_POLICIES);
  const mode = sc.volumeBindingMode;
  if (mode === undefined || mode === null) errs.push(fieldError.required('volumeBindingMode'));
  else supportedValue(errs, 'volumeBindingMode', mode, BINDING_MODES);
  errs.push(...validateAllowedTopologies(sc.allowedTopologies));
  return errs;
}

function validateStorageClassUpdate(sc: StorageClass, old: StorageClass): FieldError[] {
  const errs: FieldError[] = [];
  if (!jsonEqual(sc.parameters ?? {}, old.parameters ?? {})) errs.push(fieldError.forbidden('parameters', 'updates to parameters are forbidden.'));
  if (sc.provisioner !== old.provisioner) errs.push(fieldError.forbidden('provisioner', 'updates to provisioner are forbidden.'));
  if (sc.reclaimPolicy !== old.reclaimPolicy) errs.push(fieldError.forbidden('reclaimPolicy', 'updates to reclaimPolicy are forbidden.'));
  if (sc.volumeBindingMode !== old.volumeBindingMode) errs.push(fieldError.immutable('volumeBindingMode', sc.volumeBindingMode ?? null));
  return errs;
}

export const storageClassDef = defineKind({
  group: GROUPS.storage, version: 'v1', kind: 'StorageClass', plural: 'storageclasses', shortNames: ['sc'], namespaced: false, table: storageClassTable,
  hooks: {
    defaults(sc) {
      sc.reclaimPolicy ??= 'Delete';
      sc.volumeBindingMode ??= 'Immediate';
    },
    validate: validateStorageClass,
    validateUpdate: validateStorageClassUpdate,
  },
});

function validateVolumeError(err: VolumeError | undefined, path: string): FieldError[] {
  const message = err?.message ?? '';
  return Buffer.byteLength(message) > 1024 ? [fieldError.tooLong(`${path}.message`, 1024)] : [];
}

function validateVolumeAttachment(va: VolumeAttachment): FieldError[] {
  const spec: Partial<VolumeAttachmentSpec> = va.spec ?? {};
  const errs: FieldError[] = [];
  const attacher = spec.attacher ?? '';
  if (attacher === '') errs.push(fieldError.required('spec.attacher'));
  const pvName = spec.source?.persistentVolumeName;
  const inline = spec.source?.inlineVolumeSpec;
  if (pvName === undefined && inline === undefined) errs.push(fieldError.required('spec.source', 'must specify exactly one of inlineVolumeSpec and persistentVolumeName'));
  else if (pvName !== undefined && inline !== undefined) errs.push(fieldError.forbidden('spec.source', 'must specify exactly one of inlineVolumeSpec and persistentVolumeName'));
  else if (pvName === '') errs.push(fieldError.required('spec.source.persistentVolumeName', 'must specify non empty persistentVolumeName'));
  const nodeName = spec.nodeName ?? '';
  for (const msg of isDNS1123Subdomain(nodeName)) errs.push(fieldError.invalid('spec.nodeName', nodeName, msg));
  const status = va.status;
  let size = 0;
  for (const [k, v] of Object.entries(status?.attachmentMetadata ?? {})) size += Buffer.byteLength(k) + Buffer.byteLength(v);
  if (size > MAX_PROVISIONER_PARAMETER_SIZE) errs.push(fieldError.tooLong('status.attachmentMetadata', MAX_PROVISIONER_PARAMETER_SIZE));
  errs.push(...validateVolumeError(status?.attachError, 'status.attachError'), ...validateVolumeError(status?.detachError, 'status.detachError'));
  // What only v1 checks: the attacher is a CSI driver name, the volume a valid volume name.
  if (attacher !== '') errs.push(...validateCSIDriverName(attacher, 'spec.attacher'));
  if (pvName !== undefined && pvName !== '') for (const msg of isDNS1123Subdomain(pvName)) errs.push(fieldError.invalid('spec.source.persistentVolumeName', pvName, msg));
  return errs;
}

export const volumeAttachmentDef = defineKind({
  group: GROUPS.storage, version: 'v1', kind: 'VolumeAttachment', plural: 'volumeattachments', namespaced: false, status: true, table: volumeAttachmentTable,
  hooks: {
    prepareForCreate(va) {
      va.status = { attached: false };
    },
    validate: validateVolumeAttachment,
    validateUpdate(va, old) {
      return jsonEqual(va.spec, old.spec) ? [] : [fieldError.immutable('spec', '{...}')];
    },
    validateStatusUpdate: validateVolumeAttachment,
  },
});

function validateTokenRequests(requests: TokenRequest[] | undefined): FieldError[] {
  const errs: FieldError[] = [];
  const audiences = new Set<string>();
  (requests ?? []).forEach((r, i) => {
    const path = `spec.tokenRequests[${i}]`;
    const audience = r.audience ?? '';
    if (audiences.has(audience)) errs.push(fieldError.duplicate(`${path}.audience`, audience));
    audiences.add(audience);
    // An int64: a bigint beyond 2^53 compares as a number.
    const seconds = asNumber(r.expirationSeconds);
    if (seconds !== undefined) {
      if (seconds < 600) errs.push(fieldError.invalid(`${path}.expirationSeconds`, seconds, 'may not specify a duration less than 10 minutes'));
      if (seconds > 2 ** 32) errs.push(fieldError.invalid(`${path}.expirationSeconds`, seconds, 'may not specify a duration larger than 2^32 seconds'));
    }
  });
  return errs;
}

function validateCSIDriver(d: CSIDriver): FieldError[] {
  const spec = d.spec ?? {};
  const errs = validateCSIDriverName(nameOf(d), 'name');
  const policy = spec.fsGroupPolicy;
  if (policy !== undefined && policy !== null) supportedValue(errs, 'spec.fsGroupPolicy', policy, FS_GROUP_POLICIES);
  errs.push(...validateTokenRequests(spec.tokenRequests));
  for (const mode of spec.volumeLifecycleModes ?? []) supportedValue(errs, 'spec.volumeLifecycleModes', mode, LIFECYCLE_MODES);
  return errs;
}

export const csiDriverDef = defineKind({
  group: GROUPS.storage, version: 'v1', kind: 'CSIDriver', plural: 'csidrivers', namespaced: false, table: csiDriverTable,
  hooks: {
    defaults(d) {
      const spec = (d.spec ??= {});
      spec.attachRequired ??= true;
      spec.podInfoOnMount ??= false;
      spec.storageCapacity ??= false;
      spec.fsGroupPolicy ??= 'ReadWriteOnceWithFSType';
      if ((spec.volumeLifecycleModes ?? []).length === 0) spec.volumeLifecycleModes = ['Persistent'];
      spec.requiresRepublish ??= false;
      spec.seLinuxMount ??= false;
    },
    validate: validateCSIDriver,
    validateUpdate(d, old) {
      const errs: FieldError[] = [];
      const spec = d.spec ?? {};
      const oldSpec = old.spec ?? {};
      if (!jsonEqual(spec.attachRequired, oldSpec.attachRequired)) errs.push(fieldError.immutable('spec.attachRequired', spec.attachRequired ?? null));
      if (!jsonEqual(spec.volumeLifecycleModes, oldSpec.volumeLifecycleModes)) errs.push(fieldError.immutable('spec.volumeLifecycleModes', spec.volumeLifecycleModes ?? null));
      return errs;
    },
  },
});

function validateCSINode(n: CSINode): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  (n.spec?.drivers ?? []).forEach((driver, i) => {
    const path = `spec.drivers[${i}]`;
    const name = driver.name ?? '';
    errs.push(...validateCSIDriverName(name, `${path}.name`));
    if (names.has(name)) errs.push(fieldError.duplicate(`${path}.name`, name));
    names.add(name);
    const nodeID = driver.nodeID ?? '';
    if (nodeID === '') errs.push(fieldError.required(`${path}.nodeID`));
    else if (nodeID.length > MAX_CSI_NODE_ID_LENGTH) errs.push(fieldError.tooLong(`${path}.nodeID`, MAX_CSI_NODE_ID_LENGTH));
    const keys = new Set<string>();
    for (const key of driver.topologyKeys ?? []) {
      errs.push(...requiredValid(`${path}.topologyKeys`, key, isQualifiedName));
      if (keys.has(key)) errs.push(fieldError.duplicate(`${path}.topologyKeys`, key));
      keys.add(key);
    }
    const count = driver.allocatable?.count;
    if (count !== undefined && count < 0) errs.push(fieldError.invalid(`${path}.allocatable.count`, count, 'must be greater than or equal to 0'));
  });
  return errs;
}

/** A driver still registered keeps its node ID and topology keys. */
function validateCSINodeUpdate(n: CSINode, old: CSINode): FieldError[] {
  const errs: FieldError[] = [];
  const before = new Map((old.spec?.drivers ?? []).map((d) => [d.name ?? '', d]));
  for (const driver of n.spec?.drivers ?? []) {
    const prev = before.get(driver.name ?? '');
    if (prev === undefined) continue;
    if (!jsonEqual(driver.nodeID, prev.nodeID) || !jsonEqual(driver.topologyKeys ?? [], prev.topologyKeys ?? [])) {
      errs.push(fieldError.immutable('CSINodeDriver', '{...}'));
    }
  }
  return errs;
}

export const csiNodeDef = defineKind({
  group: GROUPS.storage, version: 'v1', kind: 'CSINode', plural: 'csinodes', namespaced: false, table: csiNodeTable,
  hooks: { validate: validateCSINode, validateUpdate: validateCSINodeUpdate },
});

function validateCSIStorageCapacity(c: CSIStorageCapacity): FieldError[] {
  const errs: FieldError[] = [];
  const className = c.storageClassName ?? '';
  for (const msg of isDNS1123Subdomain(className)) errs.push(fieldError.invalid('storageClassName', className, msg));
  const capacity = c.capacity;
  if ((typeof capacity === 'string' && capacity.startsWith('-')) || (typeof capacity === 'number' && capacity < 0)) {
    errs.push(fieldError.invalid('capacity', capacity, 'must be greater than or equal to 0'));
  }
  return errs;
}

export const csiStorageCapacityDef = defineKind({
  group: GROUPS.storage, version: 'v1', kind: 'CSIStorageCapacity', plural: 'csistoragecapacities', namespaced: true, table: csiStorageCapacityTable,
  hooks: {
    validate: validateCSIStorageCapacity,
    validateUpdate(c, old) {
      const errs: FieldError[] = [];
      if (!jsonEqual(c.nodeTopology, old.nodeTopology)) errs.push(fieldError.immutable('nodeTopology', '{...}'));
      if (c.storageClassName !== old.storageClassName) errs.push(fieldError.immutable('storageClassName', c.storageClassName ?? ''));
      return errs;
    },
  },
});

