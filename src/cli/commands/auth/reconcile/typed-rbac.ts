/**
 * RBAC objects as kubectl prints them after decoding into its typed structs: fields in Go's order,
 * the fields Go always writes (`creationTimestamp: null`, `rules: null`, a role reference) added,
 * unknown fields dropped.
 */
import { inGoFieldOrder } from '../../../../machinery/json/go-json.js';
import type { KubeObject } from '../../../../sdk/types/meta.js';
import { isStruct, labelSelector, nonEmpty, struct, type Struct } from '../../../resource-builders/typed.js';
import { stringOrEmpty as text } from '../../../../machinery/json/values.js';
import { goFormat } from '../../../../machinery/json/values.js';

const OBJECT_META = ['name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields'];

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

function meta(value: unknown): Struct {
  const m = isStruct(value) ? value : {};
  const out: Struct = {};
  for (const key of OBJECT_META) {
    if (key === 'creationTimestamp') out[key] = m[key] ?? null;
    else if (m[key] !== undefined) out[key] = m[key];
  }
  return out;
}

function rule(value: unknown): Struct {
  const r = isStruct(value) ? value : {};
  return struct({
    verbs: strings(r.verbs) ?? null,
    apiGroups: nonEmpty(strings(r.apiGroups)),
    resources: nonEmpty(strings(r.resources)),
    resourceNames: nonEmpty(strings(r.resourceNames)),
    nonResourceURLs: nonEmpty(strings(r.nonResourceURLs)),
  });
}

function selector(value: unknown): Struct {
  const s = isStruct(value) ? value : {};
  const expressions = Array.isArray(s.matchExpressions)
    ? s.matchExpressions.map((e: unknown) => (isStruct(e) ? struct({ key: text(e.key), operator: text(e.operator), values: nonEmpty(strings(e.values)) }) : {}))
    : [];
  const labels = isStruct(s.matchLabels) ? Object.fromEntries(Object.entries(s.matchLabels).map(([k, v]) => [k, text(v)])) : undefined;
  return labelSelector(labels, expressions);
}

function subject(value: unknown): Struct {
  const s = isStruct(value) ? value : {};
  return struct({ kind: text(s.kind), apiGroup: nonEmpty(text(s.apiGroup)), name: text(s.name), namespace: nonEmpty(text(s.namespace)) });
}

/** A Role, ClusterRole, RoleBinding or ClusterRoleBinding as the typed struct prints. */
export function typedRbacObject(object: KubeObject): KubeObject {
  const o = object as Struct;
  const head: Struct = { kind: object.kind, apiVersion: object.apiVersion, metadata: meta(o.metadata) };
  let body: Struct;
  if (object.kind === 'Role' || object.kind === 'ClusterRole') {
    body = { rules: Array.isArray(o.rules) ? o.rules.map(rule) : null };
    if (object.kind === 'ClusterRole' && isStruct(o.aggregationRule)) {
      const selectors = o.aggregationRule.clusterRoleSelectors;
      body.aggregationRule = struct({ clusterRoleSelectors: Array.isArray(selectors) ? nonEmpty(selectors.map(selector)) : undefined });
    }
  } else {
    const ref = isStruct(o.roleRef) ? o.roleRef : {};
    body = struct({
      subjects: Array.isArray(o.subjects) ? nonEmpty(o.subjects.map(subject)) : undefined,
      roleRef: { apiGroup: text(ref.apiGroup), kind: text(ref.kind), name: text(ref.name) },
    });
  }
  return inGoFieldOrder({ ...head, ...body } as KubeObject);
}

/** Go's `%+v` of a `[]string`. */

/** Go's `%+v` of an `rbacv1.PolicyRule` value. */
export function formatRule(r: { verbs?: string[]; apiGroups?: string[]; resources?: string[]; resourceNames?: string[]; nonResourceURLs?: string[] }): string {
  return `{Verbs:${goFormat(r.verbs ?? [])} APIGroups:${goFormat(r.apiGroups ?? [])} Resources:${goFormat(r.resources ?? [])} ResourceNames:${goFormat(r.resourceNames ?? [])} NonResourceURLs:${goFormat(r.nonResourceURLs ?? [])}}`;
}

/** Go's `%+v` of an `rbacv1.Subject` value. */
export function formatSubject(s: { kind: string; apiGroup?: string; name: string; namespace?: string }): string {
  return `{Kind:${s.kind} APIGroup:${s.apiGroup ?? ''} Name:${s.name} Namespace:${s.namespace ?? ''}}`;
}
