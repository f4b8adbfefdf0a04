/**
 * Kinds of `admissionregistration.platform.io` (`v1`): MutatingWebhookConfiguration and
 * ValidatingWebhookConfiguration.
 */
import type { LabelSelector, ObjectBase } from './meta.js';

/** Which operations on which resources a webhook is called for. */
export interface RuleWithOperations {
  operations?: ('CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT' | '*' | string)[];
  apiGroups?: string[];
  apiVersions?: string[];
  resources?: string[];
  scope?: 'Cluster' | 'Namespaced' | '*' | string;
}

/** How to reach a webhook: a URL or an in-cluster service, plus the CA bundle (base64 PEM). */
export interface WebhookClientConfig {
  url?: string;
  service?: { namespace: string; name: string; path?: string; port?: number };
  caBundle?: string;
}

/** Fields common to mutating and validating webhooks. */
export interface WebhookCommon {
  name: string;
  clientConfig: WebhookClientConfig;
  rules?: RuleWithOperations[];
  failurePolicy?: 'Ignore' | 'Fail' | string;
  matchPolicy?: 'Exact' | 'Equivalent' | string;
  namespaceSelector?: LabelSelector;
  objectSelector?: LabelSelector;
  sideEffects?: 'None' | 'NoneOnDryRun' | 'Unknown' | 'Some' | string;
  timeoutSeconds?: number;
  admissionReviewVersions?: string[];
  matchConditions?: { name: string; expression: string }[];
}

/** A mutating webhook. */
export interface MutatingWebhook extends WebhookCommon {
  reinvocationPolicy?: 'Never' | 'IfNeeded' | string;
}

/** A validating webhook. */
export type ValidatingWebhook = WebhookCommon;

/** A set of mutating admission webhooks (cluster-scoped). */
export interface MutatingWebhookConfiguration extends ObjectBase {
  kind?: 'MutatingWebhookConfiguration';
  webhooks?: MutatingWebhook[];
}

/** A set of validating admission webhooks (cluster-scoped). */
export interface ValidatingWebhookConfiguration extends ObjectBase {
  kind?: 'ValidatingWebhookConfiguration';
  webhooks?: ValidatingWebhook[];
}
