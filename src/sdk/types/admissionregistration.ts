/**
 * Kinds of `admissionregistration.platform.io` (`v1`): MutatingWebhookConfiguration and
 * ValidatingWebhookConfiguration.
 */
import type { ValidatingWebhook } from './generated/admissionregistration-v1.js';
export type { MutatingWebhook, MutatingWebhookConfiguration, RuleWithOperations, ValidatingWebhook, ValidatingWebhookConfiguration, WebhookClientConfig } from './generated/admissionregistration-v1.js';

/** Fields common to mutating and validating webhooks. */
export type WebhookCommon = ValidatingWebhook;
