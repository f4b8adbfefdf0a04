/**
 * The webhook configurations in effect: read from the store, sorted by configuration name as the API
 * server orders them, cached and dropped on every change of a configuration, so a new or changed
 * configuration applies to the next request.
 */
import { GROUPS } from '../../sdk/naming.js';
import type { ServerCore } from '../context.js';
import { asArray, asObject, asString } from '../util/json.js';
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
      const configs = items.map((e) => e.value).sort((a, b) => {
        const na = asString(asObject(a.metadata)?.name) ?? '';
        const nb = asString(asObject(b.metadata)?.name) ?? '';
        return na < nb ? -1 : na > nb ? 1 : 0;
      });
      const out: WebhookEntry[] = [];
      for (const c of configs) {
        const configuration = asString(asObject(c.metadata)?.name) ?? '';
        for (const w of asArray(c.webhooks) ?? []) {
          const hook = asObject(w);
          if (hook !== undefined) out.push({ configuration, name: asString(hook.name) ?? '', mutating: this.mutating, hook });
        }
      }
      return out;
    } catch (e) {
      this.cached = undefined;
      throw e;
    }
  }
}
