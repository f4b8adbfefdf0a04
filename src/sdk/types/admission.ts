/**
 * `AdmissionReview` (`admission.platform.io/v1` and `v1beta1`): what the server sends to admission
 * webhooks and what they answer.
 */
import type { GroupVersionKind, GroupVersionResource, KubeObject, TypeMeta } from './meta.js';
import type { UserInfo } from './authentication.js';

/** The request half of an AdmissionReview. */
export interface AdmissionRequest {
  uid: string;
  kind: GroupVersionKind;
  resource: GroupVersionResource;
  subResource?: string;
  requestKind?: GroupVersionKind;
  requestResource?: GroupVersionResource;
  requestSubResource?: string;
  name?: string;
  namespace?: string;
  operation: 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';
  userInfo: UserInfo;
  object?: KubeObject | null;
  oldObject?: KubeObject | null;
  options?: KubeObject | null;
  dryRun?: boolean;
}

/** The response half of an AdmissionReview. */
export interface AdmissionResponse {
  uid: string;
  allowed: boolean;
  status?: { code?: number; message?: string; reason?: string };
  patchType?: 'JSONPatch';
  /** Base64 of a JSON-patch array (mutating webhooks only). */
  patch?: string;
  auditAnnotations?: Record<string, string>;
  warnings?: string[];
}

/** The AdmissionReview object. */
export interface AdmissionReview extends TypeMeta {
  request?: AdmissionRequest;
  response?: AdmissionResponse;
}
