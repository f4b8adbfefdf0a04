/**
 * Schemas of the apimachinery `meta/v1` types every kind shares: object and list metadata, label selectors, owner references, managed fields, Status and the request options.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import type { StructSchema } from '../../../../machinery/schema/type-schema.js';
import { STRING_MAP, atomicList, closedValues, keyedList, kind, message, named, setList } from './build.js';
import { BOOLEAN, FIELDS_V1, INT32, INT64, RAW_EXTENSION, STRING, TIME } from './scalars.js';

/** `types.UID`. */
export const UID = named(STRING, 'types.UID');
/** `v1.ManagedFieldsOperationType`. */
export const MANAGED_FIELDS_OPERATION_TYPE = closedValues(named(STRING, 'v1.ManagedFieldsOperationType'), ['Apply', 'Update']);
/** `v1.LabelSelectorOperator`. */
export const LABEL_SELECTOR_OPERATOR = closedValues(named(STRING, 'v1.LabelSelectorOperator'), ['In', 'NotIn', 'Exists', 'DoesNotExist']);
/** `v1.ConditionStatus`. */
export const CONDITION_STATUS_META_V1 = named(STRING, 'v1.ConditionStatus');
/** `v1.FieldSelectorOperator`. */
export const FIELD_SELECTOR_OPERATOR = named(STRING, 'v1.FieldSelectorOperator');
/** `v1.StatusReason`. */
export const STATUS_REASON = named(STRING, 'v1.StatusReason');
/** `v1.CauseType`. */
export const CAUSE_TYPE = named(STRING, 'v1.CauseType');
/** `v1.DeletionPropagation`. */
export const DELETION_PROPAGATION = closedValues(named(STRING, 'v1.DeletionPropagation'), ['Orphan', 'Background', 'Foreground']);

/** OwnerReference (meta/v1). */
export const OWNER_REFERENCE: StructSchema = message('apimachinery.pkg.apis.meta.v1', 'OwnerReference', 'A reference to an owner of an object, in the owner\'s namespace (or cluster-scoped).', {
  apiVersion: [5, STRING, 'API version of the owner.', 're'],
  kind: [1, STRING, 'Kind of the owner.', 're'],
  name: [3, STRING, 'Name of the owner.', 're'],
  uid: [4, UID, 'UID of the owner; the reference is to that exact object.', 're'],
  controller: [6, BOOLEAN, 'True when this owner is the controller that manages the object. At most one owner may be the controller.', 'p'],
  blockOwnerDeletion: [7, BOOLEAN, 'When true, a foreground deletion of the owner waits until this object is deleted. Setting it needs delete permission on the owner.', 'p'],
}, { atomic: true });

/** ManagedFieldsEntry (meta/v1). */
export const MANAGED_FIELDS_ENTRY: StructSchema = message('apimachinery.pkg.apis.meta.v1', 'ManagedFieldsEntry', 'The fields one manager owns, by operation and API version.', {
  manager: [1, STRING, 'Name of the field manager (the client, or the fieldManager parameter of the request).'],
  operation: [2, MANAGED_FIELDS_OPERATION_TYPE, 'The kind of write that set these fields: Apply or Update.'],
  apiVersion: [3, STRING, 'The API version the fields are expressed in.'],
  time: [4, TIME, 'When the entry last changed (only a change of its field set moves it).', 'p'],
  fieldsType: [6, closedValues(STRING, ['FieldsV1']), 'Format of the field set; the only one is FieldsV1.'],
  fieldsV1: [7, FIELDS_V1, 'The set of fields this manager owns, in the FieldsV1 format.', 'p'],
  subresource: [8, STRING, 'The sub-resource the write went to (status, scale ...), empty for the main resource.'],
});

/** ObjectMeta (meta/v1). */
export const OBJECT_META: StructSchema = message('apimachinery.pkg.apis.meta.v1', 'ObjectMeta', 'The metadata every stored object carries: identity, labels and annotations, ownership and lifecycle fields the server maintains.', {
  name: [1, STRING, 'The object\'s name, unique among objects of its kind in its namespace. Required on create unless generateName is set; cannot be changed.'],
  generateName: [2, STRING, 'A prefix from which the server makes a unique name when name is empty (a random suffix is appended).'],
  namespace: [3, STRING, 'The namespace the object lives in. Empty for cluster-scoped kinds; defaults to the request\'s namespace.'],
  selfLink: [4, STRING, 'Deprecated and no longer set: the URL of this object.'],
  uid: [5, UID, 'A unique identifier the server assigns at creation; it differs between an object and a later one of the same name. Read-only.'],
  resourceVersion: [6, STRING, 'An opaque version the server changes on every write. Clients pass it back for optimistic concurrency and to start watches; they must not interpret it.'],
  generation: [7, INT64, 'A counter of changes to the desired state (spec), set by the server. Read-only.'],
  creationTimestamp: [8, TIME, 'When the server created the object (RFC 3339, UTC). Read-only.'],
  deletionTimestamp: [9, TIME, 'When deletion was requested. The object stays until its finalizers are gone and the grace period (if any) has passed. Set by the server; read-only.', 'p'],
  deletionGracePeriodSeconds: [10, INT64, 'Seconds the object may take to terminate gracefully once deletion was requested; only set together with deletionTimestamp. Read-only.', 'p'],
  labels: [11, STRING_MAP, 'String key/value pairs for organizing and selecting objects (label selectors match them).'],
  annotations: [12, STRING_MAP, 'String key/value pairs for tools and people; not used for selection, may hold larger values.'],
  ownerReferences: [13, keyedList(['uid'], OWNER_REFERENCE, { key: 'uid' }), 'The objects this one depends on. When every owner is gone the garbage collector deletes this object; at most one owner is the managing controller.'],
  finalizers: [14, setList({ merge: true }), 'Keys that must be removed before the object is actually deleted; each names a party with cleanup work to do.'],
  managedFields: [17, atomicList(MANAGED_FIELDS_ENTRY), 'Which field manager set which fields, by operation and API version. Maintained by the server; clients normally leave it alone.'],
});

/** LabelSelectorRequirement (meta/v1). */
export const LABEL_SELECTOR_REQUIREMENT: StructSchema = message('apimachinery.pkg.apis.meta.v1', 'LabelSelectorRequirement', 'A condition on one label: a key, an operator and values.', {
  key: [1, STRING, 'The label key.', 're'],
  operator: [2, LABEL_SELECTOR_OPERATOR, 'How the key relates to the values: In, NotIn, Exists or DoesNotExist.', 're'],
  values: [3, atomicList(STRING), 'The values to compare with. Non-empty for In and NotIn, empty for Exists and DoesNotExist.'],
});

/** LabelSelector (meta/v1). */
export const LABEL_SELECTOR: StructSchema = message('apimachinery.pkg.apis.meta.v1', 'LabelSelector', 'Selects objects by their labels: matchLabels and matchExpressions are ANDed. An empty selector matches everything; a null one matches nothing.', {
  matchLabels: [1, STRING_MAP, 'Labels that must all be present with exactly these values.'],
  matchExpressions: [2, atomicList(LABEL_SELECTOR_REQUIREMENT), 'Conditions on label values that must all hold.'],
}, { atomic: true });

/** Condition (meta/v1). */
export const CONDITION: StructSchema = message('apimachinery.pkg.apis.meta.v1', 'Condition', 'One aspect of an object\'s current state, such as Ready or Available.', {
  type: [1, STRING, 'The aspect this condition describes, in CamelCase (Ready, Available ...).', 're'],
  status: [2, CONDITION_STATUS_META_V1, 'Whether the condition holds: True, False or Unknown.', 're'],
  observedGeneration: [3, INT64, 'The metadata.generation the condition was computed from.'],
  lastTransitionTime: [4, TIME, 'When the status last changed.', 're'],
  reason: [5, STRING, 'A CamelCase word for why the condition has its status, for programs.', 're'],
  message: [6, STRING, 'A human-readable explanation of the condition.', 're'],
});

/** FieldSelectorRequirement (meta/v1). */
export const FIELD_SELECTOR_REQUIREMENT: StructSchema = message('apimachinery.pkg.apis.meta.v1', 'FieldSelectorRequirement', 'A condition on one field: a key, an operator and values.', {
  key: [1, STRING, 'The field path the requirement applies to.', 're'],
  operator: [2, FIELD_SELECTOR_OPERATOR, 'How the field relates to the values: In, NotIn, Exists or DoesNotExist.', 're'],
  values: [3, atomicList(STRING), 'The values to compare with. Non-empty for In and NotIn, empty for Exists and DoesNotExist.'],
});

/** ListMeta (meta/v1). */
export const LIST_META: StructSchema = message('apimachinery.pkg.apis.meta.v1', 'ListMeta', 'Metadata of a list: where it was read and how to continue it.', {
  selfLink: [1, STRING, 'Deprecated and no longer set: the URL of this list.'],
  resourceVersion: [2, STRING, 'The resource version the list was read at; start a watch from it to see every later change.'],
  continue: [3, STRING, 'Set when the list was cut short by a limit: pass it as `continue` to read the next chunk. It expires after a while.'],
  remainingItemCount: [4, INT64, 'How many items remain after this chunk, when the server can tell (not with selectors).', 'p'],
});

/** StatusCause (meta/v1). */
export const STATUS_CAUSE: StructSchema = message('apimachinery.pkg.apis.meta.v1', 'StatusCause', 'One problem that led to a failure.', {
  reason: [1, CAUSE_TYPE, 'A CamelCase word for the problem (FieldValueInvalid, FieldValueRequired ...).'],
  message: [2, STRING, 'A human-readable description of the problem.'],
  field: [3, STRING, 'The field at fault, as a path such as `spec.containers[0].name`.'],
});

/** StatusDetails (meta/v1). */
export const STATUS_DETAILS: StructSchema = message('apimachinery.pkg.apis.meta.v1', 'StatusDetails', 'The object concerned by a failure and the causes of it.', {
  name: [1, STRING, 'Name of the object concerned, when there is one.'],
  group: [2, STRING, 'API group of the object concerned.'],
  kind: [3, STRING, 'Kind of the object concerned.'],
  uid: [6, UID, 'UID of the object concerned, when there is one.'],
  causes: [4, atomicList(STATUS_CAUSE), 'The individual problems, such as each invalid field.'],
  retryAfterSeconds: [5, INT32, 'How long the client should wait before retrying, when the failure is temporary.'],
});

/** Status (meta/v1). */
export const STATUS: StructSchema = kind('apimachinery.pkg.apis.meta.v1', 'Status', [], 'The result of an operation that does not return an object, in particular every error.', {
  metadata: [1, LIST_META, 'List metadata (normally empty).'],
  status: [2, closedValues(STRING, ['Success', 'Failure']), 'Success or Failure.'],
  message: [3, STRING, 'A human-readable description of the result.'],
  reason: [4, STATUS_REASON, 'A CamelCase reason for a failure (NotFound, AlreadyExists, Conflict, Invalid ...), empty when unknown.'],
  details: [5, STATUS_DETAILS, 'Details about the failure: the object concerned and, for invalid objects, the fields at fault.', 'p'],
  code: [6, INT32, 'The HTTP status code of the answer.'],
});

/** Preconditions (meta/v1). */
export const PRECONDITIONS: StructSchema = message('apimachinery.pkg.apis.meta.v1', 'Preconditions', 'Conditions an object must meet before an operation on it proceeds.', {
  uid: [1, UID, 'The object must have this UID.', 'p'],
  resourceVersion: [2, STRING, 'The object must be at this resource version.', 'p'],
});

/** DeleteOptions (meta/v1). */
export const DELETE_OPTIONS: StructSchema = kind('apimachinery.pkg.apis.meta.v1', 'DeleteOptions', [], 'Options of a delete request.', {
  gracePeriodSeconds: [1, INT64, 'Seconds the object may take to terminate; 0 deletes at once. Unset uses the kind\'s default.', 'p'],
  preconditions: [2, PRECONDITIONS, 'Conditions the object must meet to be deleted (its uid and resource version).', 'p'],
  orphanDependents: [3, BOOLEAN, 'Deprecated: use propagationPolicy. True orphans the dependents, false deletes them.', 'p'],
  propagationPolicy: [4, DELETION_PROPAGATION, 'What happens to dependents: Orphan keeps them, Background deletes them afterwards, Foreground deletes them first.', 'p'],
  dryRun: [5, atomicList(STRING), '`All` validates the request without persisting anything.'],
  ignoreStoreReadErrorWithClusterBreakingPotential: [6, BOOLEAN, 'Deletes an object that can no longer be read from storage, skipping finalizers and checks; dangerous, and needs its own permission.', 'p'],
});

/** WatchEvent (meta/v1). */
export const WATCH_EVENT: StructSchema = message('apimachinery.pkg.apis.meta.v1', 'WatchEvent', 'One event of a watch stream: what happened and the object it happened to.', {
  type: [1, STRING, 'ADDED, MODIFIED, DELETED, BOOKMARK or ERROR.', 're'],
  object: [2, RAW_EXTENSION, 'The object after the change; for DELETED the last state; for BOOKMARK only the resource version; for ERROR a Status.', 're'],
});

/** List (meta/v1). */
export const LIST: StructSchema = kind('apimachinery.pkg.apis.meta.v1', 'List', [], 'A list of objects of whatever kinds.', {
  metadata: [1, LIST_META, 'List metadata.'],
  items: [2, atomicList(RAW_EXTENSION), 'The objects.', 're'],
});

/** PartialObjectMetadata (meta/v1). */
export const PARTIAL_OBJECT_METADATA: StructSchema = kind('apimachinery.pkg.apis.meta.v1', 'PartialObjectMetadata', [], 'An object of any kind reduced to its metadata.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata.'],
});

/** CreateOptions (meta/v1). */
export const CREATE_OPTIONS: StructSchema = kind('apimachinery.pkg.apis.meta.v1', 'CreateOptions', [], 'Options of a create request.', {
  dryRun: [1, atomicList(STRING), '`All` validates and admits the request without persisting anything.'],
  fieldManager: [3, STRING, 'Name of the actor making the change, recorded in managedFields (at most 128 printable characters).'],
  fieldValidation: [4, STRING, 'What to do with unknown or duplicate fields: Ignore drops them silently, Warn drops them with a warning (the default), Strict refuses the request.'],
});

/** PatchOptions (meta/v1). */
export const PATCH_OPTIONS: StructSchema = kind('apimachinery.pkg.apis.meta.v1', 'PatchOptions', [], 'Options of a patch request.', {
  dryRun: [1, atomicList(STRING), '`All` validates and admits the request without persisting anything.'],
  force: [2, BOOLEAN, 'Apply only: take ownership of fields that other managers own instead of failing with a conflict.', 'p'],
  fieldManager: [3, STRING, 'Name of the actor making the change, recorded in managedFields. Required for apply.'],
  fieldValidation: [4, STRING, 'What to do with unknown or duplicate fields: Ignore drops them silently, Warn drops them with a warning (the default), Strict refuses the request.'],
});

/** UpdateOptions (meta/v1). */
export const UPDATE_OPTIONS: StructSchema = kind('apimachinery.pkg.apis.meta.v1', 'UpdateOptions', [], 'Options of an update request.', {
  dryRun: [1, atomicList(STRING), '`All` validates and admits the request without persisting anything.'],
  fieldManager: [2, STRING, 'Name of the actor making the change, recorded in managedFields (at most 128 printable characters).'],
  fieldValidation: [3, STRING, 'What to do with unknown or duplicate fields: Ignore drops them silently, Warn drops them with a warning (the default), Strict refuses the request.'],
});
