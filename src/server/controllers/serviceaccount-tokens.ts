/**
 * The service-account token controller: fills secrets of type `platform.io/service-account-token`
 * that name an account (`platform.io/service-account.name`) with a legacy token, `ca.crt` and
 * `namespace`, and records the account's uid; deletes such secrets when their account is gone (or
 * was replaced); drops deleted secrets from the account's `secrets` list.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { Secret } from '../../sdk/types/generated/core-v1.js';
import { ANNOTATIONS, SECRET_TYPES } from '../../sdk/naming.js';
import { legacyClaims } from '../auth/authn/service-account/claims.js';
import type { TokenSigner } from '../auth/authn/service-account/signer.js';
import type { ServerContext, WriteEvent } from '../context.js';
import { asString, objectOrEmpty as o } from '../util/json.js';
import { InternalClient } from '../control/client.js';
import type { Controller } from '../control/controller.js';
import { realClock } from '../control/clock.js';
import { reconcileLoop, STEADY_RETRY } from '../control/reconcile-loop.js';

function annotations(obj: JsonObject): JsonObject {
  return o(o(obj.metadata).annotations);
}

/** The account a token secret names, and the uid it was filled for ('' when not yet). */
function accountOf(secret: Secret): { name: string; uid: string } {
  const ann = secret.metadata?.annotations ?? {};
  return { name: ann[ANNOTATIONS.serviceAccountName] ?? '', uid: ann[ANNOTATIONS.serviceAccountUid] ?? '' };
}

function b64(s: string): string {
  return Buffer.from(s, 'utf8').toString('base64');
}

/** Creates the token controller. */
export function serviceAccountTokenController(ctx: ServerContext, signer: TokenSigner): Controller {
  const client = new InternalClient(ctx, 'tokens-controller');
  const secretDef = ctx.registry.kind('v1', 'Secret');
  const saDef = ctx.registry.kind('v1', 'ServiceAccount');

  async function syncSecret(ns: string, name: string): Promise<void> {
    const secret = await client.get(secretDef, ns, name);
    if (secret === undefined || secret.type !== SECRET_TYPES.serviceAccountToken) return;
    if (typeof secret.metadata?.deletionTimestamp === 'string') return;
    const { name: saName, uid: wantedUid } = accountOf(secret);
    if (saName === '') return;
    const account = await client.get(saDef, ns, saName);
    const saUid = account?.metadata?.uid ?? '';
    if (account === undefined || (wantedUid !== '' && wantedUid !== saUid)) {
      await client.delete(secretDef, ns, name);
      return;
    }
    const data = secret.data ?? {};
    if (data.token !== undefined && data['ca.crt'] !== undefined && data.namespace !== undefined && wantedUid !== '') return;
    const token = data.token ?? b64(await signer.sign(legacyClaims(ns, name, { name: saName, uid: saUid })));
    await client.update(secretDef, ns, name, (obj) => {
      const d = obj.data ?? {};
      d.token ??= token;
      d['ca.crt'] ??= b64(ctx.caPem);
      d.namespace ??= b64(ns);
      obj.data = d;
      const meta = obj.metadata ??= {};
      meta.annotations = { ...(meta.annotations ?? {}), [ANNOTATIONS.serviceAccountUid]: saUid };
      return true;
    });
  }

  async function accountDeleted(ns: string, saName: string, saUid: string): Promise<void> {
    for (const s of await client.list(secretDef, ns)) {
      if (s.type !== SECRET_TYPES.serviceAccountToken) continue;
      const { name, uid } = accountOf(s);
      if (name !== saName) continue;
      if (uid !== '' && uid !== saUid) continue;
      await client.delete(secretDef, ns, s.metadata?.name ?? '');
    }
  }

  async function secretDeleted(ns: string, secretName: string, saName: string): Promise<void> {
    await client.update(saDef, ns, saName, (sa) => {
      const list = sa.secrets ?? [];
      const next = list.filter((r) => r.name !== secretName);
      if (next.length === list.length) return false;
      sa.secrets = next;
      return true;
    });
  }

  const loop = reconcileLoop({
    name: 'serviceaccount-tokens', ctx, clock: realClock(ctx.now), retry: STEADY_RETRY,
    reconcile: async (key) => {
      const [kind = '', ns = '', name = '', extra = '', uid = ''] = key.split('|');
      if (kind === 'secret') await syncSecret(ns, name);
      else if (kind === 'sa-deleted') await accountDeleted(ns, name, uid);
      else if (kind === 'secret-deleted') await secretDeleted(ns, name, extra);
    },
    initialKeys: async () => (await client.list(secretDef)).filter((s) => s.type === SECRET_TYPES.serviceAccountToken)
      .map((s) => `secret|${s.metadata?.namespace ?? ''}|${s.metadata?.name ?? ''}`),
    subscriptions: [ctx.onWrite(observe)],
  });
  const queue = loop.queue;

  function observe(ev: WriteEvent): void {
    const meta = o(ev.object.metadata);
    const ns = asString(meta.namespace) ?? '';
    const name = asString(meta.name) ?? '';
    if (ev.def.bucket === secretDef.bucket && ev.object.type === SECRET_TYPES.serviceAccountToken) {
      if (ev.type === 'DELETED') {
        const sa = asString(annotations(ev.object)[ANNOTATIONS.serviceAccountName]) ?? '';
        if (sa !== '') queue.add(`secret-deleted|${ns}|${name}|${sa}`);
      } else {
        queue.add(`secret|${ns}|${name}`);
      }
    } else if (ev.def.bucket === saDef.bucket && ev.type === 'DELETED') {
      queue.add(`sa-deleted|${ns}|${name}||${asString(meta.uid) ?? ''}`);
    }
  }

  return loop;
}
