/**
 * The bootstrapsigner: keeps the ConfigMap `cluster-info` in platform-public, holding
 * `clientconfig` (a config file with the server and its CA) and one detached JWS
 * `jws-clientconfig-<id>` per valid bootstrap token marked `usage-bootstrap-signing`; signatures
 * of expired or removed tokens are dropped (re-checked at the next expiry).
 */
import type { ConfigMap } from '../../sdk/types/generated/core-v1.js';
import { CLUSTER_INFO_CONFIGMAP, NAMESPACES, SECRET_TYPES } from '../../sdk/naming.js';
import { BOOTSTRAP_SECRET_PREFIX, bootstrapTokenExpired, expirationOf, secretValue } from '../auth/authn/bootstrap-token.js';
import type { ServerContext } from '../context.js';
import { InternalClient } from '../control/client.js';
import type { Controller } from '../control/controller.js';
import { realClock } from '../control/clock.js';
import { reconcileLoop, STEADY_RETRY } from '../control/reconcile-loop.js';
import { nameOf, namespaceOf } from '../util/json.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { detachedSignature } from './jws.js';

/** Key prefix of the signatures in cluster-info. */
export const JWS_KEY_PREFIX = 'jws-clientconfig-';
const MAX_DELAY_MS = 24 * 3600 * 1000;

/** The `clientconfig` text: a config file with one unnamed cluster, as kubeadm writes it. */
export function clientConfigText(server: string, caPem: string): string {
  return [
    'apiVersion: v1',
    'clusters:',
    '- cluster:',
    `    certificate-authority-data: ${Buffer.from(caPem, 'utf8').toString('base64')}`,
    `    server: ${server}`,
    '  name: ""',
    'contexts: null',
    'current-context: ""',
    'kind: Config',
    'preferences: {}',
    'users: null',
    '',
  ].join('\n');
}

/** Creates the bootstrap signer. */
export function bootstrapSignerController(ctx: ServerContext, serverUrl: () => string, caPem: string): Controller {
  const client = new InternalClient(ctx, 'bootstrap-signer');
  const cmDef = ctx.registry.kind('v1', 'ConfigMap');
  const secretDef = ctx.registry.kind('v1', 'Secret');
  const KEY = 'sync';

  async function sync(): Promise<void> {
    const now = ctx.now();
    const content = clientConfigText(serverUrl(), caPem);
    const signatures: Record<string, string> = {};
    let nextExpiry = Infinity;
    for (const s of await client.list(secretDef, NAMESPACES.system)) {
      if (s.type !== SECRET_TYPES.bootstrapToken) continue;
      if (!(s.metadata?.name ?? '').startsWith(BOOTSTRAP_SECRET_PREFIX)) continue;
      if (typeof s.metadata?.deletionTimestamp === 'string') continue;
      const id = secretValue(s, 'token-id') ?? '';
      const secret = secretValue(s, 'token-secret') ?? '';
      if (!/^[a-z0-9]{6}$/.test(id) || !/^[a-z0-9]{16}$/.test(secret)) continue;
      if (secretValue(s, 'usage-bootstrap-signing') !== 'true' || bootstrapTokenExpired(s, now)) continue;
      const exp = expirationOf(s);
      if (exp !== undefined && exp < nextExpiry) nextExpiry = exp;
      signatures[`${JWS_KEY_PREFIX}${id}`] = detachedSignature(content, id, secret);
    }
    if (nextExpiry !== Infinity) loop.queue.addAfter(KEY, Math.min(Math.max(nextExpiry - now, 0) + 10, MAX_DELAY_MS));
    const desired = (current: ConfigMap | undefined): Record<string, string> => {
      // fromEntries keeps every key of the map as its own member, "__proto__" included.
      const data: Record<string, string> = Object.fromEntries(Object.entries(current?.data ?? {}).filter(([k]) => !k.startsWith(JWS_KEY_PREFIX)));
      data.clientconfig = content;
      return { ...data, ...signatures };
    };
    const existing = await client.get(cmDef, NAMESPACES.public, CLUSTER_INFO_CONFIGMAP);
    if (existing === undefined) {
      await client.createIfMissing(cmDef, NAMESPACES.public, {
        apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: CLUSTER_INFO_CONFIGMAP, namespace: NAMESPACES.public }, data: desired(undefined),
      });
      return;
    }
    await client.update(cmDef, NAMESPACES.public, CLUSTER_INFO_CONFIGMAP, (cm) => {
      const data = desired(cm);
      if (jsonEqual(data, cm.data)) return false;
      cm.data = data;
      return true;
    });
  }

  const loop = reconcileLoop({
    name: 'bootstrap-signer', ctx, clock: realClock(ctx.now), retry: STEADY_RETRY,
    reconcile: () => sync(),
    subscribe: () => [ctx.onWrite((ev) => {
      // The change feed carries objects of every kind, read untyped until the bucket says which.
      const ns = namespaceOf(ev.object);
      const name = nameOf(ev.object);
      if (ev.def.bucket === secretDef.bucket && ns === NAMESPACES.system && ev.object.type === SECRET_TYPES.bootstrapToken) loop.queue.add(KEY);
      else if (ev.def.bucket === cmDef.bucket && ns === NAMESPACES.public && name === CLUSTER_INFO_CONFIGMAP) loop.queue.add(KEY);
    })],
    initialKeys: () => [KEY],
    syncOnStart: true,
  });
  return loop;
}
