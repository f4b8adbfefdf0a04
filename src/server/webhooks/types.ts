/**
 * One webhook of a Mutating/ValidatingWebhookConfiguration as the dispatcher sees it.
 */
import type { MutatingWebhook, ValidatingWebhook } from '../../sdk/types/generated/admissionregistration-v1.js';

/** A webhook entry with the configuration it came from. */
export interface WebhookEntry {
  /** Name of the configuration object. */
  configuration: string;
  /** `webhooks[].name`. */
  name: string;
  mutating: boolean;
  /**
   * The defaulted webhook entry, decoded when its configuration was written. A v1beta1
   * configuration shares the bucket; its webhooks have the same fields.
   */
  hook: ValidatingWebhook | MutatingWebhook;
}
