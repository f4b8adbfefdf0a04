/**
 * One webhook of a Mutating/ValidatingWebhookConfiguration as the dispatcher sees it.
 */
import type { JsonObject } from '../../sdk/types/meta.js';

/** A webhook entry with the configuration it came from. */
export interface WebhookEntry {
  /** Name of the configuration object. */
  configuration: string;
  /** `webhooks[].name`. */
  name: string;
  mutating: boolean;
  /** The defaulted webhook entry. */
  hook: JsonObject;
}
