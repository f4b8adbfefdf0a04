/**
 * RBAC reconciliation (component-helpers' `reconciliation` package, as `auth reconcile` and the
 * API server's bootstrap policy use it): what to do so that a live role grants at least (or, when
 * extra permissions are removed, exactly) what an expected role grants, and a live binding binds at
 * least (or exactly) the expected subjects to the expected role.
 */
import type { LabelSelector, ObjectMeta } from '../types/meta.js';
import type { ClusterRole, PolicyRule, RoleBinding, Subject } from '../types/rbac.js';
import { covers } from './covers.js';

/** The API operation a reconciliation needs. */
export type ReconcileOperation = 'create' | 'update' | 'recreate' | 'none';

/** A role or cluster role (a role simply has no aggregation rule). */
export type RuleOwner = ClusterRole;

/** The outcome of reconciling a role. */
export interface RoleReconcileResult {
  /** The role to write (or, when nothing is needed, the live one). */
  role: RuleOwner;
  missingRules: PolicyRule[];
  extraRules: PolicyRule[];
  missingAggregationSelectors: LabelSelector[];
  extraAggregationSelectors: LabelSelector[];
  operation: ReconcileOperation;
  /** The live object opted out with the autoupdate annotation set to "false". */
  protected: boolean;
}

/** The outcome of reconciling a binding. */
export interface BindingReconcileResult {
  binding: RoleBinding;
  missingSubjects: Subject[];
  extraSubjects: Subject[];
  operation: ReconcileOperation;
  protected: boolean;
}

/** Maps merged with the later ones winning; undefined when all are undefined (Go's nil map). */
function merge(...maps: (Readonly<Record<string, string>> | undefined)[]): Record<string, string> | undefined {
  let out: Record<string, string> | undefined;
  for (const m of maps) {
    if (m === undefined) continue;
    out ??= {};
    Object.assign(out, m);
  }
  return out;
}

function sameMap(a: Readonly<Record<string, string>> | undefined, b: Readonly<Record<string, string>> | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
}

/** Go's `equality.Semantic.DeepEqual` of two JSON values. */
function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).sort(([x], [y]) => (x < y ? -1 : 1)).map(([k, v]) => [k, canonical(v)]));
  }
  return value;
}

/** The servant selectors no owner selector equals. */
function uncoveredSelectors(owner: RuleOwner['aggregationRule'], servant: RuleOwner['aggregationRule']): LabelSelector[] {
  if (servant === undefined) return [];
  if (owner === undefined) return [...(servant.clusterRoleSelectors ?? [])];
  return (servant.clusterRoleSelectors ?? []).filter((s) => !(owner.clusterRoleSelectors ?? []).some((o) => deepEqual(o, s)));
}

/** The annotation with which an object opts out of reconciliation (`"false"`). */
export function isProtected(object: { metadata?: { annotations?: Record<string, string> } }, autoupdateAnnotation: string): boolean {
  return object.metadata?.annotations?.[autoupdateAnnotation] === 'false';
}

/**
 * Merges the expected labels and annotations into `target` (a copy of `live`); `update` when that
 * changed them.
 */
function mergeMetadata(expected: { metadata?: ObjectMeta }, live: { metadata?: ObjectMeta }, target: { metadata?: ObjectMeta }): ReconcileOperation {
  let operation: ReconcileOperation = 'none';
  const metadata = { ...target.metadata };
  const annotations = merge(expected.metadata?.annotations, metadata.annotations);
  if (annotations !== undefined) metadata.annotations = annotations;
  if (!sameMap(annotations, live.metadata?.annotations)) operation = 'update';
  const labels = merge(expected.metadata?.labels, metadata.labels);
  if (labels !== undefined) metadata.labels = labels;
  if (!sameMap(labels, live.metadata?.labels)) operation = 'update';
  target.metadata = metadata;
  return operation;
}

/**
 * The list a reconciled field (a role's rules, a binding's subjects) is to hold, or undefined when
 * it stays: the live list with the missing items added, or, when extras are removed, the expected
 * list (`list` undefined: no field) as soon as anything is missing or extra.
 */
function reconciledList<T>(live: readonly T[] | undefined, expected: T[] | undefined, missing: readonly T[], extra: readonly T[], removeExtra: boolean): { list: T[] | undefined } | undefined {
  if (!removeExtra) return missing.length > 0 ? { list: [...(live ?? []), ...missing] } : undefined;
  return missing.length > 0 || extra.length > 0 ? { list: expected } : undefined;
}

/**
 * What to do with a role: create it when there is no live one, else update the live one with the
 * expected labels, annotations, rules and aggregation selectors.
 */
export function reconcileRole(expected: RuleOwner, live: RuleOwner | undefined, removeExtraPermissions: boolean, autoupdateAnnotation: string): RoleReconcileResult {
  if (live === undefined) {
    return {
      role: expected, missingRules: expected.rules ?? [], extraRules: [],
      missingAggregationSelectors: expected.aggregationRule?.clusterRoleSelectors ?? [], extraAggregationSelectors: [], operation: 'create', protected: false,
    };
  }
  const role: RuleOwner = structuredClone(live);
  let operation = mergeMetadata(expected, live, role);

  const expectedRules = expected.rules ?? [];
  const liveRules = live.rules ?? [];
  // Extra permissions are not computed when both roles are aggregated.
  const extraRules = expected.aggregationRule === undefined || live.aggregationRule === undefined ? covers(expectedRules, liveRules).uncovered : [];
  const missingRules = covers(liveRules, expectedRules).uncovered;
  const rules = reconciledList(role.rules, expected.rules, missingRules, extraRules, removeExtraPermissions);
  if (rules !== undefined) {
    if (rules.list === undefined) delete role.rules;
    else role.rules = rules.list;
    operation = 'update';
  }

  const extraAggregationSelectors = uncoveredSelectors(expected.aggregationRule, live.aggregationRule);
  const missingAggregationSelectors = uncoveredSelectors(live.aggregationRule, expected.aggregationRule);
  if (expected.aggregationRule === undefined && live.aggregationRule !== undefined) {
    delete role.aggregationRule;
    operation = 'update';
  } else if (!removeExtraPermissions && missingAggregationSelectors.length > 0) {
    role.aggregationRule = { ...role.aggregationRule, clusterRoleSelectors: [...(role.aggregationRule?.clusterRoleSelectors ?? []), ...missingAggregationSelectors] };
    operation = 'update';
  } else if (removeExtraPermissions && (missingAggregationSelectors.length > 0 || extraAggregationSelectors.length > 0)) {
    if (expected.aggregationRule === undefined) delete role.aggregationRule;
    else role.aggregationRule = expected.aggregationRule;
    operation = 'update';
  }
  return { role, missingRules, extraRules, missingAggregationSelectors, extraAggregationSelectors, operation, protected: isProtected(live, autoupdateAnnotation) };
}

const sameSubject = (a: Subject, b: Subject): boolean =>
  a.kind === b.kind && (a.apiGroup ?? '') === (b.apiGroup ?? '') && a.name === b.name && (a.namespace ?? '') === (b.namespace ?? '');

/** The items of `a` that `b` lacks, each once. */
function subjectsOnlyIn(a: readonly Subject[], b: readonly Subject[]): Subject[] {
  const out: Subject[] = [];
  for (const s of a) if (!b.some((x) => sameSubject(x, s)) && !out.some((x) => sameSubject(x, s))) out.push(s);
  return out;
}

/**
 * What to do with a binding: create it, recreate it when it refers to another role (the role
 * reference cannot change), or update the live one with the expected labels, annotations and subjects.
 */
export function reconcileBinding(expected: RoleBinding, live: RoleBinding | undefined, removeExtraSubjects: boolean, autoupdateAnnotation: string): BindingReconcileResult {
  if (live === undefined) return { binding: expected, missingSubjects: expected.subjects ?? [], extraSubjects: [], operation: 'create', protected: false };
  const isProtectedBinding = isProtected(live, autoupdateAnnotation);
  const e = expected.roleRef;
  const l = live.roleRef;
  if (e.apiGroup !== l.apiGroup || e.kind !== l.kind || e.name !== l.name) {
    return { binding: expected, missingSubjects: [], extraSubjects: [], operation: 'recreate', protected: isProtectedBinding };
  }
  const binding: RoleBinding = structuredClone(live);
  let operation = mergeMetadata(expected, live, binding);
  const missingSubjects = subjectsOnlyIn(expected.subjects ?? [], live.subjects ?? []);
  const extraSubjects = subjectsOnlyIn(live.subjects ?? [], expected.subjects ?? []);
  const subjects = reconciledList(binding.subjects, expected.subjects, missingSubjects, extraSubjects, removeExtraSubjects);
  if (subjects !== undefined) {
    if (subjects.list === undefined) delete binding.subjects;
    else binding.subjects = subjects.list;
    operation = 'update';
  }
  return { binding, missingSubjects, extraSubjects, operation, protected: isProtectedBinding };
}
