/**
 * Kinds of the `rbac.authorization.platform.io/v1` group: Role, ClusterRole, RoleBinding,
 * ClusterRoleBinding.
 */
import type { LabelSelector, ObjectBase } from './meta.js';

/** One rule of a role: verbs allowed on resources (or on non-resource URLs). */
export interface PolicyRule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

/** Who a binding grants to: a `User`, `Group` or `ServiceAccount`. */
export interface Subject {
  kind: 'User' | 'Group' | 'ServiceAccount' | string;
  name: string;
  namespace?: string;
  apiGroup?: string;
}

/** The role a binding refers to. */
export interface RoleRef {
  apiGroup: string;
  kind: 'Role' | 'ClusterRole' | string;
  name: string;
}

/** A namespaced set of permissions. */
export interface Role extends ObjectBase {
  kind?: 'Role';
  rules?: PolicyRule[];
}

/** A cluster-wide set of permissions, optionally aggregated from other ClusterRoles. */
export interface ClusterRole extends ObjectBase {
  kind?: 'ClusterRole';
  rules?: PolicyRule[];
  aggregationRule?: { clusterRoleSelectors?: LabelSelector[] };
}

/** Grants a Role or ClusterRole within one namespace. */
export interface RoleBinding extends ObjectBase {
  kind?: 'RoleBinding';
  subjects?: Subject[];
  roleRef: RoleRef;
}

/** Grants a ClusterRole cluster-wide. */
export interface ClusterRoleBinding extends ObjectBase {
  kind?: 'ClusterRoleBinding';
  subjects?: Subject[];
  roleRef: RoleRef;
}
