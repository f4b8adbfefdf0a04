/**
 * One webhook of a Mutating/ValidatingWebhookConfiguration as the dispatcher sees it.
 */
import type { MutatingWebhook, ValidatingWebhook } from '../../sdk/types/generated/admissionregistration-v1.js';

/**
 * A defaulted webhook of either configuration kind, decoded when its configuration was written: a
 * validating webhook's fields and a mutating one's reinvocation policy. A v1beta1 configuration
 * shares the bucket; its webhooks have the same fields.
 */
export type Webhook = ValidatingWebhook & Pick<MutatingWebhook, 'reinvocationPolicy'>;

/** A webhook entry with the configuration it came from. */
export interface WebhookEntry {
  /** Name of the configuration object. */
  configuration: string;
  /** `webhooks[].name`. */
  name: string;
  mutating: boolean;
  /** The webhook itself. */
  hook: Webhook;
}
