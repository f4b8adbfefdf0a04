/** Schemas of the cluster-administration kinds: RBAC, leases, CSRs, webhooks, CRDs, Scale. */
import { SCALAR_SCHEMA, UNTYPED_SCHEMA, UNTYPED_STRUCT_SCHEMA } from '../type-schema.js';
import { atomicList, conditions, keyedList, struct } from './build.js';
import { LABEL_SELECTOR, STRING_LIST_MAP, kindSchema } from './meta.js';

/** Role: rules atomic. */
export const ROLE = kindSchema({ rules: atomicList() });

/** ClusterRole: rules atomic. */
export const CLUSTER_ROLE = kindSchema({ rules: atomicList(), aggregationRule: struct({ clusterRoleSelectors: atomicList() }) });

/** RoleBinding and ClusterRoleBinding: subjects atomic. */
export const ROLE_BINDING = kindSchema({ subjects: atomicList(), roleRef: struct({}) }, ['roleRef']);

/** Lease (coordination). */
export const LEASE = kindSchema({ spec: struct({}) }, ['spec']);

/** CertificateSigningRequest: conditions keyed by type. */
export const CERTIFICATE_SIGNING_REQUEST = kindSchema({
  spec: struct({ usages: atomicList(SCALAR_SCHEMA), groups: atomicList(SCALAR_SCHEMA), extra: STRING_LIST_MAP }),
  status: struct({ conditions: conditions({ patch: false }) }),
}, ['spec', 'status']);

const WEBHOOK = struct({
  namespaceSelector: LABEL_SELECTOR,
  objectSelector: LABEL_SELECTOR,
  matchConditions: keyedList(['name'], UNTYPED_STRUCT_SCHEMA, { key: 'name' }),
});

/** Mutating/ValidatingWebhookConfiguration: webhooks keyed and merged by name. */
export const WEBHOOK_CONFIGURATION = kindSchema({
  webhooks: keyedList(['name'], WEBHOOK, { key: 'name' }),
});

/** CustomResourceDefinition: versions atomic. */
export const CUSTOM_RESOURCE_DEFINITION = kindSchema({
  spec: struct({
    names: struct({}),
    // The schema inside each version is a recursive JSONSchemaProps; versions are atomic anyway.
    versions: atomicList(UNTYPED_SCHEMA),
  }, { present: ['names'] }),
  status: struct({ conditions: keyedList(['type'], UNTYPED_STRUCT_SCHEMA), acceptedNames: struct({}) }, { present: ['acceptedNames'] }),
}, ['spec', 'status']);

/** Scale (autoscaling/v1), the scale subresource. */
export const SCALE = kindSchema({ spec: struct({}), status: struct({}) }, ['spec', 'status']);
