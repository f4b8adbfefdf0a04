/**
 * The AdmissionReview the server sends (`admission.platform.io/v1` or `v1beta1`, the first of the
 * webhook's `admissionReviewVersions` it supports) and the checks of the answer, with the API
 * server's texts.
 */
import { randomUUID } from 'node:crypto';
import { GROUPS } from '../../sdk/naming.js';
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import type { AdmissionAttributes } from '../admission/types.js';
import type { ResourceDef } from '../registry/types.js';
import type { Webhook } from './types.js';
import { asArray, asObject, asString } from '../util/json.js';
import { readJson } from '../../machinery/json-numbers.js';
import { apiVersionOf } from '../../machinery/group-version.js';

/** Review versions the server speaks, preferred first. */
export const SUPPORTED_REVIEW_VERSIONS = ['v1', 'v1beta1'];

/** The version to send: the first of the webhook's list the server supports. */
export function reviewVersion(hook: Webhook): string | undefined {
  return hook.admissionReviewVersions.find((v) => SUPPORTED_REVIEW_VERSIONS.includes(v));
}

function kindOf(def: ResourceDef, subresource: string): { group: string; version: string; kind: string } {
  const sub = def.subresources.find((s) => s.name === subresource);
  if (subresource !== '' && sub !== undefined && subresource !== 'status') return { ...sub.responseKind };
  return { group: def.group, version: def.version, kind: def.kind };
}

function resourceOf(def: ResourceDef): { group: string; version: string; resource: string } {
  return { group: def.group, version: def.version, resource: def.plural };
}

/** The object as the matched version sees it (conversion of the built-in kinds here only renames the version). */
export function asVersion(obj: JsonObject | undefined, def: ResourceDef): JsonObject | null {
  if (obj === undefined) return null;
  const copy = structuredClone(obj);
  if (copy.apiVersion !== undefined) copy.apiVersion = apiVersionOf(def);
  return copy;
}

/** Builds the review of one call. */
export function buildReview(version: string, attrs: AdmissionAttributes, matched: ResourceDef): { uid: string; review: JsonObject } {
  const uid = randomUUID();
  const user: JsonObject = { username: attrs.user.username, groups: [...attrs.user.groups] };
  if (attrs.user.uid !== undefined) user.uid = attrs.user.uid;
  if (attrs.user.extra !== undefined) user.extra = structuredClone(attrs.user.extra) as unknown as JsonValue;
  const request: JsonObject = {
    uid,
    kind: kindOf(matched, attrs.subresource),
    resource: resourceOf(matched),
    ...(attrs.subresource !== '' ? { subResource: attrs.subresource } : {}),
    requestKind: kindOf(attrs.def, attrs.subresource),
    requestResource: resourceOf(attrs.def),
    ...(attrs.subresource !== '' ? { requestSubResource: attrs.subresource } : {}),
    ...(attrs.name !== '' ? { name: attrs.name } : {}),
    ...(attrs.namespace !== '' ? { namespace: attrs.namespace } : {}),
    operation: attrs.operation,
    userInfo: user,
    object: attrs.operation === 'DELETE' ? null : asVersion(attrs.object, matched),
    oldObject: attrs.operation === 'CREATE' || attrs.operation === 'CONNECT' ? null : asVersion(attrs.oldObject, matched),
    dryRun: attrs.dryRun,
    options: attrs.operation === 'CONNECT' ? null : structuredClone(attrs.options),
  };
  return { uid, review: { kind: 'AdmissionReview', apiVersion: `${GROUPS.admission}/${version}`, request } };
}

/** The checked answer of a webhook. */
export interface ReviewResult {
  allowed: boolean;
  status: JsonObject | undefined;
  /** The decoded JSON patch operations (mutating only). */
  patch: JsonValue[] | undefined;
  warnings: string[];
  auditAnnotations: Record<string, string>;
}

/** Checks an answer as VerifyAdmissionResponse does; throws an Error with kube's text when it is unusable. */
export function verifyResponse(uid: string, version: string, mutating: boolean, answer: unknown): ReviewResult {
  // The webhook's own JSON, never decoded: a field may hold a value of another type, hence the untyped reads.
  const review = asObject(answer) ?? {};
  const response = asObject(review.response);
  if (response === undefined) throw new Error('webhook response was absent');
  const expected = `${GROUPS.admission}/${version}, Kind=AdmissionReview`;
  const got = `${asString(review.apiVersion) ?? ''}, Kind=${asString(review.kind) ?? ''}`;
  if (version === 'v1') {
    if (response.uid !== uid) throw new Error(`expected response.uid="${uid}", got "${asString(response.uid) ?? ''}"`);
    if (got !== expected) throw new Error(`expected webhook response of ${expected}, got ${got}`);
  } else if (got !== expected) {
    throw new Error(`expected webhook response of ${expected}, got ${got}`);
  }
  const patchText = asString(response.patch) ?? '';
  const patchType = asString(response.patchType) ?? '';
  if (!mutating) {
    if (patchText !== '') throw new Error('validating webhook may not return response.patch');
    if (patchType !== '') throw new Error('validating webhook may not return response.patchType');
  }
  let patch: JsonValue[] | undefined;
  if (mutating && patchText !== '') {
    if (patchType === '') throw new Error('webhook returned response.patch but not response.patchType');
    if (patchType !== 'JSONPatch') throw new Error(`webhook returned invalid response.patchType of "${patchType}"`);
    let decoded: unknown;
    try {
      decoded = readJson(Buffer.from(patchText, 'base64').toString('utf8'));
    } catch {
      throw new Error('webhook returned a patch that is not base64-encoded JSON');
    }
    if (!Array.isArray(decoded)) throw new Error('webhook returned a patch that is not a JSON patch array');
    patch = decoded as JsonValue[];
  }
  const annotations = Object.fromEntries(Object.entries(asObject(response.auditAnnotations) ?? {}).map(([k, v]) => [k, asString(v) ?? '']));
  return {
    allowed: response.allowed === true,
    status: asObject(response.status),
    patch,
    warnings: (asArray(response.warnings) ?? []).map((w) => asString(w) ?? '').filter((w) => w !== ''),
    auditAnnotations: annotations,
  };
}
