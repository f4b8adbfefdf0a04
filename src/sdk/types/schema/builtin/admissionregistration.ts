/**
 * Schemas of admissionregistration v1 and v1beta1: mutating and validating webhook configurations.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import { GROUPS } from '../../../naming.js';
import type { StructSchema } from '../../../../machinery/schema/type-schema.js';
import { atomicList, keyedList, kind, message, named } from './build.js';
import { LABEL_SELECTOR, OBJECT_META } from './meta.js';
import { BYTES, INT32, STRING } from './scalars.js';

/** Values of `v1.FailurePolicyType`. */
export const FAILURE_POLICY_TYPE = named(STRING, 'v1.FailurePolicyType', ['Fail', 'Ignore']);
/** Values of `v1.MatchPolicyType`. */
export const MATCH_POLICY_TYPE = named(STRING, 'v1.MatchPolicyType', ['Equivalent', 'Exact']);
/** Values of `v1.SideEffectClass`. */
export const SIDE_EFFECT_CLASS = named(STRING, 'v1.SideEffectClass', ['None', 'NoneOnDryRun', 'Some', 'Unknown']);
/** Values of `v1.ReinvocationPolicyType`. */
export const REINVOCATION_POLICY_TYPE = named(STRING, 'v1.ReinvocationPolicyType', ['IfNeeded', 'Never']);
/** Values of `v1.OperationType`. */
export const OPERATION_TYPE = named(STRING, 'v1.OperationType', ['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE']);
/** Values of `v1.ScopeType`. */
export const SCOPE_TYPE = named(STRING, 'v1.ScopeType', ['*', 'Cluster', 'Namespaced']);
/** `v1beta1.FailurePolicyType`. */
export const FAILURE_POLICY_TYPE_V1BETA1 = named(STRING, 'v1beta1.FailurePolicyType');
/** `v1beta1.MatchPolicyType`. */
export const MATCH_POLICY_TYPE_V1BETA1 = named(STRING, 'v1beta1.MatchPolicyType');
/** `v1beta1.SideEffectClass`. */
export const SIDE_EFFECT_CLASS_V1BETA1 = named(STRING, 'v1beta1.SideEffectClass');
/** `v1beta1.ReinvocationPolicyType`. */
export const REINVOCATION_POLICY_TYPE_V1BETA1 = named(STRING, 'v1beta1.ReinvocationPolicyType');

/** ServiceReference (admissionregistration/v1). */
export const SERVICE_REFERENCE: StructSchema = message('api.admissionregistration.v1', 'ServiceReference', 'A reference to a service serving a webhook.', {
  namespace: [1, STRING, 'Namespace of the service.', 're'],
  name: [2, STRING, 'Name of the service.', 're'],
  path: [3, STRING, 'URL path of requests to the service.', 'p'],
  port: [4, INT32, 'Port of the service; 443 by default.', 'p'],
});

/** WebhookClientConfig (admissionregistration/v1). */
export const WEBHOOK_CLIENT_CONFIG: StructSchema = message('api.admissionregistration.v1', 'WebhookClientConfig', 'How to reach a webhook: a URL or a service, and the CA to trust.', {
  url: [3, STRING, 'URL of the webhook, `https://host[:port]/path`; no user, query or fragment. Set this or service.', 'p'],
  service: [1, SERVICE_REFERENCE, 'A service in the cluster that serves the webhook. Set this or url.', 'p'],
  caBundle: [2, BYTES, 'PEM certificates to verify the webhook\'s serving certificate (base64 in JSON); the system roots when empty.'],
});

/** Rule (admissionregistration/v1). */
export const RULE: StructSchema = message('api.admissionregistration.v1', 'Rule', 'Resources a rule matches.', {
  apiGroups: [1, atomicList(STRING), 'API groups; `*` for all, `""` for the core group.'],
  apiVersions: [2, atomicList(STRING), 'API versions; `*` for all.'],
  resources: [3, atomicList(STRING), 'Resources, `resource/subresource` for sub-resources; `*` for all resources, `*/*` also for all sub-resources.'],
  scope: [4, SCOPE_TYPE, 'Cluster, Namespaced or `*` (the default): which objects the rule covers by scope.', 'p'],
});

/** RuleWithOperations (admissionregistration/v1). */
export const RULE_WITH_OPERATIONS: StructSchema = message('api.admissionregistration.v1', 'RuleWithOperations', 'Operations on resources a webhook is called for.', {
  operations: [1, atomicList(OPERATION_TYPE), 'CREATE, UPDATE, DELETE, CONNECT, or `*` for all.'],
}, { inline: [[2, RULE]] });

/** MatchCondition (admissionregistration/v1). */
export const MATCH_CONDITION: StructSchema = message('api.admissionregistration.v1', 'MatchCondition', 'A CEL condition of a webhook.', {
  name: [1, STRING, 'Name of the condition, unique among the webhook\'s conditions.', 're'],
  expression: [2, STRING, 'CEL expression over `object`, `oldObject`, `request` and `authorizer`; must evaluate to a boolean.', 're'],
});

/** MutatingWebhook (admissionregistration/v1). */
export const MUTATING_WEBHOOK: StructSchema = message('api.admissionregistration.v1', 'MutatingWebhook', 'A webhook called to admit, and possibly change, matching requests.', {
  name: [1, STRING, 'Name of the webhook, a fully qualified name (`imagepolicy.example.com`), unique in the configuration.', 're'],
  clientConfig: [2, WEBHOOK_CLIENT_CONFIG, 'How to reach the webhook.', 're'],
  rules: [3, atomicList(RULE_WITH_OPERATIONS), 'The operations and resources the webhook is called for; any rule matches.'],
  failurePolicy: [4, FAILURE_POLICY_TYPE, 'Ignore or Fail (the default): what happens when the call fails.', 'p'],
  matchPolicy: [9, MATCH_POLICY_TYPE, 'Exact or Equivalent (the default): whether requests for another version of a matching resource are sent too, converted.', 'p'],
  namespaceSelector: [5, LABEL_SELECTOR, 'Only objects in namespaces with these labels (and namespaces themselves with them); every namespace by default.', 'p'],
  objectSelector: [11, LABEL_SELECTOR, 'Only objects with these labels (old or new object); every object by default.', 'p'],
  sideEffects: [6, SIDE_EFFECT_CLASS, 'None or NoneOnDryRun: whether calling the webhook changes anything elsewhere. Dry-run requests skip webhooks that have side effects.', 'rpe'],
  timeoutSeconds: [7, INT32, 'Seconds to wait for the webhook (1 to 30, 10 by default); a timeout counts as a failure.', 'p'],
  admissionReviewVersions: [8, atomicList(STRING), 'AdmissionReview versions the webhook understands, preferred first; the server uses the first it supports.', 're'],
  reinvocationPolicy: [10, REINVOCATION_POLICY_TYPE, 'Never (the default) or IfNeeded: call the webhook again when a later webhook changed the object.', 'p'],
  matchConditions: [12, keyedList(['name'], MATCH_CONDITION, { key: 'name' }), 'CEL conditions that must all be true for the webhook to be called (at most 64).'],
});

/** MutatingWebhookConfiguration (admissionregistration/v1). */
export const MUTATING_WEBHOOK_CONFIGURATION: StructSchema = kind('api.admissionregistration.v1', 'MutatingWebhookConfiguration', [{ group: GROUPS.admissionregistration, version: 'v1', kind: 'MutatingWebhookConfiguration' }], 'Webhooks that may change objects before they are stored.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  webhooks: [2, keyedList(['name'], MUTATING_WEBHOOK, { key: 'name' }), 'The webhooks, called in list order.'],
});

/** ValidatingWebhook (admissionregistration/v1). */
export const VALIDATING_WEBHOOK: StructSchema = message('api.admissionregistration.v1', 'ValidatingWebhook', 'A webhook called to accept or refuse matching requests.', {
  name: [1, STRING, 'Name of the webhook, a fully qualified name (`imagepolicy.example.com`), unique in the configuration.', 're'],
  clientConfig: [2, WEBHOOK_CLIENT_CONFIG, 'How to reach the webhook.', 're'],
  rules: [3, atomicList(RULE_WITH_OPERATIONS), 'The operations and resources the webhook is called for; any rule matches.'],
  failurePolicy: [4, FAILURE_POLICY_TYPE, 'Ignore or Fail (the default): what happens when the call fails.', 'p'],
  matchPolicy: [9, MATCH_POLICY_TYPE, 'Exact or Equivalent (the default): whether requests for another version of a matching resource are sent too, converted.', 'p'],
  namespaceSelector: [5, LABEL_SELECTOR, 'Only objects in namespaces with these labels (and namespaces themselves with them); every namespace by default.', 'p'],
  objectSelector: [10, LABEL_SELECTOR, 'Only objects with these labels (old or new object); every object by default.', 'p'],
  sideEffects: [6, SIDE_EFFECT_CLASS, 'None or NoneOnDryRun: whether calling the webhook changes anything elsewhere. Dry-run requests skip webhooks that have side effects.', 'rpe'],
  timeoutSeconds: [7, INT32, 'Seconds to wait for the webhook (1 to 30, 10 by default); a timeout counts as a failure.', 'p'],
  admissionReviewVersions: [8, atomicList(STRING), 'AdmissionReview versions the webhook understands, preferred first; the server uses the first it supports.', 're'],
  matchConditions: [11, keyedList(['name'], MATCH_CONDITION, { key: 'name' }), 'CEL conditions that must all be true for the webhook to be called (at most 64).'],
});

/** ValidatingWebhookConfiguration (admissionregistration/v1). */
export const VALIDATING_WEBHOOK_CONFIGURATION: StructSchema = kind('api.admissionregistration.v1', 'ValidatingWebhookConfiguration', [{ group: GROUPS.admissionregistration, version: 'v1', kind: 'ValidatingWebhookConfiguration' }], 'Webhooks that accept or refuse objects before they are stored, without changing them.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  webhooks: [2, keyedList(['name'], VALIDATING_WEBHOOK, { key: 'name' }), 'The webhooks, called in parallel.'],
});

/** ServiceReference (admissionregistration/v1beta1). */
export const SERVICE_REFERENCE_V1BETA1: StructSchema = message('api.admissionregistration.v1beta1', 'ServiceReference', 'A reference to a service serving a webhook.', {
  namespace: [1, STRING, 'Namespace of the service.', 're'],
  name: [2, STRING, 'Name of the service.', 're'],
  path: [3, STRING, 'URL path of requests to the service.', 'p'],
  port: [4, INT32, 'Port of the service; 443 by default.', 'p'],
});

/** WebhookClientConfig (admissionregistration/v1beta1). */
export const WEBHOOK_CLIENT_CONFIG_V1BETA1: StructSchema = message('api.admissionregistration.v1beta1', 'WebhookClientConfig', 'How to reach a webhook: a URL or a service, and the CA to trust.', {
  url: [3, STRING, 'URL of the webhook, `https://host[:port]/path`; no user, query or fragment. Set this or service.', 'p'],
  service: [1, SERVICE_REFERENCE_V1BETA1, 'A service in the cluster that serves the webhook. Set this or url.', 'p'],
  caBundle: [2, BYTES, 'PEM certificates to verify the webhook\'s serving certificate (base64 in JSON); the system roots when empty.'],
});

/** MatchCondition (admissionregistration/v1beta1). */
export const MATCH_CONDITION_V1BETA1: StructSchema = message('api.admissionregistration.v1beta1', 'MatchCondition', 'A CEL condition of a webhook.', {
  name: [1, STRING, 'Name of the condition, unique among the webhook\'s conditions.', 're'],
  expression: [2, STRING, 'CEL expression over `object`, `oldObject`, `request` and `authorizer`; must evaluate to a boolean.', 're'],
});

/** MutatingWebhook (admissionregistration/v1beta1). */
export const MUTATING_WEBHOOK_V1BETA1: StructSchema = message('api.admissionregistration.v1beta1', 'MutatingWebhook', 'A webhook called to admit, and possibly change, matching requests.', {
  name: [1, STRING, 'Name of the webhook, a fully qualified name (`imagepolicy.example.com`), unique in the configuration.', 're'],
  clientConfig: [2, WEBHOOK_CLIENT_CONFIG_V1BETA1, 'How to reach the webhook.', 're'],
  rules: [3, atomicList(RULE_WITH_OPERATIONS), 'The operations and resources the webhook is called for; any rule matches.'],
  failurePolicy: [4, FAILURE_POLICY_TYPE_V1BETA1, 'Ignore or Fail (the default): what happens when the call fails.', 'p'],
  matchPolicy: [9, MATCH_POLICY_TYPE_V1BETA1, 'Exact or Equivalent (the default): whether requests for another version of a matching resource are sent too, converted.', 'p'],
  namespaceSelector: [5, LABEL_SELECTOR, 'Only objects in namespaces with these labels (and namespaces themselves with them); every namespace by default.', 'p'],
  objectSelector: [11, LABEL_SELECTOR, 'Only objects with these labels (old or new object); every object by default.', 'p'],
  sideEffects: [6, SIDE_EFFECT_CLASS_V1BETA1, 'None or NoneOnDryRun: whether calling the webhook changes anything elsewhere. Dry-run requests skip webhooks that have side effects.', 'p'],
  timeoutSeconds: [7, INT32, 'Seconds to wait for the webhook (1 to 30, 10 by default); a timeout counts as a failure.', 'p'],
  admissionReviewVersions: [8, atomicList(STRING), 'AdmissionReview versions the webhook understands, preferred first; the server uses the first it supports.'],
  reinvocationPolicy: [10, REINVOCATION_POLICY_TYPE_V1BETA1, 'Never (the default) or IfNeeded: call the webhook again when a later webhook changed the object.', 'p'],
  matchConditions: [12, keyedList(['name'], MATCH_CONDITION_V1BETA1, { key: 'name' }), 'CEL conditions that must all be true for the webhook to be called (at most 64).'],
});

/** MutatingWebhookConfiguration (admissionregistration/v1beta1). */
export const MUTATING_WEBHOOK_CONFIGURATION_V1BETA1: StructSchema = kind('api.admissionregistration.v1beta1', 'MutatingWebhookConfiguration', [{ group: GROUPS.admissionregistration, version: 'v1beta1', kind: 'MutatingWebhookConfiguration' }], 'Webhooks that may change objects before they are stored.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  webhooks: [2, keyedList(['name'], MUTATING_WEBHOOK_V1BETA1, { key: 'name' }), 'The webhooks, called in list order.'],
});

/** ValidatingWebhook (admissionregistration/v1beta1). */
export const VALIDATING_WEBHOOK_V1BETA1: StructSchema = message('api.admissionregistration.v1beta1', 'ValidatingWebhook', 'A webhook called to accept or refuse matching requests.', {
  name: [1, STRING, 'Name of the webhook, a fully qualified name (`imagepolicy.example.com`), unique in the configuration.', 're'],
  clientConfig: [2, WEBHOOK_CLIENT_CONFIG_V1BETA1, 'How to reach the webhook.', 're'],
  rules: [3, atomicList(RULE_WITH_OPERATIONS), 'The operations and resources the webhook is called for; any rule matches.'],
  failurePolicy: [4, FAILURE_POLICY_TYPE_V1BETA1, 'Ignore or Fail (the default): what happens when the call fails.', 'p'],
  matchPolicy: [9, MATCH_POLICY_TYPE_V1BETA1, 'Exact or Equivalent (the default): whether requests for another version of a matching resource are sent too, converted.', 'p'],
  namespaceSelector: [5, LABEL_SELECTOR, 'Only objects in namespaces with these labels (and namespaces themselves with them); every namespace by default.', 'p'],
  objectSelector: [10, LABEL_SELECTOR, 'Only objects with these labels (old or new object); every object by default.', 'p'],
  sideEffects: [6, SIDE_EFFECT_CLASS_V1BETA1, 'None or NoneOnDryRun: whether calling the webhook changes anything elsewhere. Dry-run requests skip webhooks that have side effects.', 'p'],
  timeoutSeconds: [7, INT32, 'Seconds to wait for the webhook (1 to 30, 10 by default); a timeout counts as a failure.', 'p'],
  admissionReviewVersions: [8, atomicList(STRING), 'AdmissionReview versions the webhook understands, preferred first; the server uses the first it supports.'],
  matchConditions: [11, keyedList(['name'], MATCH_CONDITION_V1BETA1, { key: 'name' }), 'CEL conditions that must all be true for the webhook to be called (at most 64).'],
});

/** ValidatingWebhookConfiguration (admissionregistration/v1beta1). */
export const VALIDATING_WEBHOOK_CONFIGURATION_V1BETA1: StructSchema = kind('api.admissionregistration.v1beta1', 'ValidatingWebhookConfiguration', [{ group: GROUPS.admissionregistration, version: 'v1beta1', kind: 'ValidatingWebhookConfiguration' }], 'Webhooks that accept or refuse objects before they are stored, without changing them.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  webhooks: [2, keyedList(['name'], VALIDATING_WEBHOOK_V1BETA1, { key: 'name' }), 'The webhooks, called in parallel.'],
});
