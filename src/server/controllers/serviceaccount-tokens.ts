/**
 * The service-account token controller: fills secrets of type `platform.io/service-account-token`
 * that name an account (`platform.io/service-account.name`) with a legacy token, `ca.crt` and
 * `namespace`, and records the account's uid; deletes such secrets when their account is gone (or
 * was replaced); drops deleted secrets from the account's `secrets` list.
 */
import type { Secret } from '../../sdk/types/generated/core-v1.js';
import { ANNOTATIONS, SECRET_TYPES } from '../../sdk/naming.js';
import { legacyClaims } from '../auth/authn/service-account/claims.js';
import type { TokenSigner } from '../auth/authn/service-account/signer.js';
import type { ServerContext, WriteEvent } from '../context.js';
import { storedAs } from '../registry/kind-def.js';
import { InternalClient } from '../control/client.js';
import type { Controller } from '../control/controller.js';
import { realClock } from '../control/clock.js';
import { reconcileLoop, STEADY_RETRY } from '../control/reconcile-loop.js';

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
    if (ev.def.bucket === secretDef.bucket) {
      const secret = storedAs(secretDef, ev.object);
      if (secret.type !== SECRET_TYPES.serviceAccountToken) return;
      const at = `${secret.metadata?.namespace ?? ''}|${secret.metadata?.name ?? ''}`;
      const sa = accountOf(secret).name;
      if (ev.type !== 'DELETED') queue.add(`secret|${at}`);
      else if (sa !== '') queue.add(`secret-deleted|${at}|${sa}`);
    } else if (ev.def.bucket === saDef.bucket && ev.type === 'DELETED') {
      const meta = storedAs(saDef, ev.object).metadata;
      queue.add(`sa-deleted|${meta?.namespace ?? ''}|${meta?.name ?? ''}||${meta?.uid ?? ''}`);
    }
  }

  return loop;
}
