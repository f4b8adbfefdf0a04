/**
 * Kinds of the `rbac.authorization.platform.io/v1` group: Role, ClusterRole, RoleBinding,
 * ClusterRoleBinding.
 */
export type { ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, RoleRef, Subject } from './generated/rbac-v1.js';
