/**
 * Lease (coordination), the RBAC kinds and the admission webhook configurations
 * (CertificateSigningRequest lives in certificates.ts).
 */
import type { ClusterRole, ClusterRoleBinding, Role, RoleBinding, RoleRef } from '../../sdk/types/generated/rbac-v1.js';
import { GROUPS } from '../../sdk/naming.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { fieldError, supportedValue, type FieldError } from '../validation/field-errors.js';
import { defineKind } from './define.js';
import { clusterRoleBindingTable, leaseTable, roleBindingTable, roleTable } from '../tables/cluster.js';

export const leaseDef = defineKind({
  group: GROUPS.coordination, version: 'v1', kind: 'Lease', plural: 'leases', namespaced: true,
  allowCreateOnUpdate: true, table: leaseTable,
});

function validateRules(obj: Role | ClusterRole): FieldError[] {
  const errs: FieldError[] = [];
  (obj.rules ?? []).forEach((rule, i) => {
    if ((rule.verbs ?? []).length === 0) errs.push(fieldError.required(`rules[${i}].verbs`, 'verbs must contain at least one value'));
    const nonResource = (rule.nonResourceURLs ?? []).length > 0;
    const resources = (rule.resources ?? []).length > 0;
    if (!nonResource && !resources) errs.push(fieldError.required(`rules[${i}].resources`, 'resource rules must supply at least one api group'));
  });
  return errs;
}

/** A binding of either scope. */
type Binding = RoleBinding | ClusterRoleBinding;

function defaultSubjects(obj: Binding): void {
  for (const subject of obj.subjects ?? []) {
    if ((subject.kind === 'User' || subject.kind === 'Group') && subject.apiGroup === undefined) subject.apiGroup = GROUPS.rbac;
  }
}

function validateBinding(obj: Binding, namespaced: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const ref: Partial<RoleRef> = obj.roleRef ?? {};
  supportedValue(errs, 'roleRef.apiGroup', ref.apiGroup, [GROUPS.rbac]);
  supportedValue(errs, 'roleRef.kind', ref.kind, namespaced ? ['ClusterRole', 'Role'] : ['ClusterRole']);
  if ((ref.name ?? '') === '') errs.push(fieldError.required('roleRef.name'));
  (obj.subjects ?? []).forEach((subject, i) => {
    if ((subject.name ?? '') === '') errs.push(fieldError.required(`subjects[${i}].name`));
    supportedValue(errs, `subjects[${i}].kind`, subject.kind, ['ServiceAccount', 'User', 'Group']);
    if (subject.kind === 'ServiceAccount' && (subject.namespace ?? '') === '' && !namespaced) {
      errs.push(fieldError.required(`subjects[${i}].namespace`));
    }
  });
  return errs;
}

function roleRefImmutable(obj: Binding, old: Binding): FieldError[] {
  return jsonEqual(obj.roleRef, old.roleRef) ? [] : [fieldError.invalid('roleRef', obj.roleRef ?? null, 'cannot change roleRef')];
}

export const roleDef = defineKind({
  group: GROUPS.rbac, version: 'v1', kind: 'Role', plural: 'roles', namespaced: true, nameRule: 'path',
  allowCreateOnUpdate: true, table: roleTable, hooks: { validate: validateRules },
});

export const clusterRoleDef = defineKind({
  group: GROUPS.rbac, version: 'v1', kind: 'ClusterRole', plural: 'clusterroles', namespaced: false, nameRule: 'path',
  allowCreateOnUpdate: true, table: roleTable, hooks: { validate: (obj) => (obj.aggregationRule === undefined ? validateRules(obj) : []) },
});

export const roleBindingDef = defineKind({
  group: GROUPS.rbac, version: 'v1', kind: 'RoleBinding', plural: 'rolebindings', namespaced: true, nameRule: 'path',
  allowCreateOnUpdate: true, table: roleBindingTable,
  hooks: { defaults: defaultSubjects, validate: (obj) => validateBinding(obj, true), validateUpdate: roleRefImmutable },
});

export const clusterRoleBindingDef = defineKind({
  group: GROUPS.rbac, version: 'v1', kind: 'ClusterRoleBinding', plural: 'clusterrolebindings', namespaced: false, nameRule: 'path',
  allowCreateOnUpdate: true, table: clusterRoleBindingTable,
  hooks: { defaults: defaultSubjects, validate: (obj) => validateBinding(obj, false), validateUpdate: roleRefImmutable },
});

/** Moved to certificates.ts; re-exported for existing imports. */
export { certificateSigningRequestDef } from './certificates.js';

