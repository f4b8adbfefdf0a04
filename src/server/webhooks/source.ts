/**
 * The webhook configurations in effect: read from the store, sorted by configuration name as the API
 * server orders them, cached and dropped on every change of a configuration, so a new or changed
 * configuration applies to the next request.
 */
import { GROUPS } from '../../sdk/naming.js';
import type { ServerCore } from '../context.js';
import { nameOf } from '../util/json.js';
import { decodedAs } from '../registry/kind-def.js';
import type { WebhookEntry } from './types.js';

/** The current webhooks of one kind. */
export class WebhookSource {
  private cached: Promise<WebhookEntry[]> | undefined;
  private readonly bucket: string;

  constructor(private readonly ctx: ServerCore, private readonly mutating: boolean) {
    const plural = mutating ? 'mutatingwebhookconfigurations' : 'validatingwebhookconfigurations';
    this.bucket = `${GROUPS.admissionregistration}/${plural}`;
    ctx.onWrite((ev) => {
      if (ev.def.bucket === this.bucket) this.cached = undefined;
    });
  }

  /** The webhooks, configuration by configuration (sorted by name), in list order within each. */
  webhooks(): Promise<WebhookEntry[]> {
    this.cached ??= this.load();
    return this.cached;
  }

  private async load(): Promise<WebhookEntry[]> {
    try {
      const { items } = await this.ctx.store.list(this.bucket);
      const configs = items.map((e) => e.value).sort((a, b) => (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0));
      const out: WebhookEntry[] = [];
      // Read as v1's type without a served def: the bucket is v1's and v1beta1's (same webhook
      // fields), and --runtime-config may turn either version off.
      const kind = this.mutating ? 'MutatingWebhookConfiguration' : 'ValidatingWebhookConfiguration';
      for (const c of configs) {
        const configuration = nameOf(c);
        for (const hook of decodedAs(`${GROUPS.admissionregistration}/v1`, kind, c).webhooks ?? []) {
          out.push({ configuration, name: hook.name, mutating: this.mutating, hook });
        }
      }
      return out;
    } catch (e) {
      this.cached = undefined;
      throw e;
    }
  }
}
