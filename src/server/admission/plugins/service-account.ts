/**
 * ServiceAccount admission for pods (spec rules 5 and 6): the `default` account when none is named,
 * refusal of a missing account, the projected token volume mounted in every container unless
 * automounting is off, and the account's image pull secrets when the pod has none.
 */
import type { JsonObject } from '../../../sdk/types/meta.js';
import { IN_CLUSTER_DIR, ROOT_CA_CONFIGMAP } from '../../../sdk/naming.js';
import { forbidden } from '../../errors.js';
import { asArray, asObject, asString } from '../../util/json.js';
import type { AdmissionPlugin } from '../types.js';

/** Reads a service account (undefined when missing). */
export type ServiceAccountLookup = (namespace: string, name: string) => Promise<JsonObject | undefined>;

const SUFFIX_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
/** Expiry the admission plugin requests for bound tokens (an hour plus skew, as the API server does). */
const TOKEN_EXPIRATION_SECONDS = 3607;

function volumeName(): string {
  let s = '';
  for (let i = 0; i < 5; i++) s += SUFFIX_ALPHABET[Math.floor(Math.random() * SUFFIX_ALPHABET.length)];
  return `kube-api-access-${s}`;
}

function tokenVolume(name: string): JsonObject {
  return {
    name,
    projected: {
      defaultMode: 420,
      sources: [
        { serviceAccountToken: { expirationSeconds: TOKEN_EXPIRATION_SECONDS, path: 'token' } },
        { configMap: { name: ROOT_CA_CONFIGMAP, items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
        { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
      ],
    },
  };
}

function mountInto(containers: unknown, volume: string): void {
  for (const c of asArray(containers) ?? []) {
    const container = asObject(c);
    if (container === undefined) continue;
    const mounts = asArray(container.volumeMounts) ?? [];
    if (mounts.some((m) => asObject(m)?.mountPath === IN_CLUSTER_DIR)) continue;
    container.volumeMounts = [...mounts, { name: volume, readOnly: true, mountPath: IN_CLUSTER_DIR }];
  }
}

/** Creates the plugin; `waitForDefaultMs` bounds the wait for the controller to create `default`. */
export function serviceAccountAdmission(lookup: ServiceAccountLookup, waitForDefaultMs = 2000): AdmissionPlugin {
  async function find(namespace: string, name: string): Promise<JsonObject | undefined> {
    let sa = await lookup(namespace, name);
    if (sa !== undefined || name !== 'default') return sa;
    // The service account controller creates `default` right after the namespace; give it a moment.
    const deadline = Date.now() + waitForDefaultMs;
    while (sa === undefined && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      sa = await lookup(namespace, name);
    }
    return sa;
  }
  return {
    name: 'ServiceAccount',
    async admit(attrs) {
      if (attrs.operation !== 'CREATE' || attrs.subresource !== '' || !(attrs.def.group === '' && attrs.def.plural === 'pods')) return;
      const pod = attrs.object;
      if (pod === undefined) return;
      const annotations = asObject(asObject(pod.metadata)?.annotations) ?? {};
      if (annotations['platform.io/config.mirror'] !== undefined) return;
      const spec = asObject(pod.spec) ?? {};
      pod.spec = spec;
      let name = asString(spec.serviceAccountName) ?? '';
      if (name === '') name = asString(spec.serviceAccount) ?? '';
      if (name === '') name = 'default';
      spec.serviceAccountName = name;
      spec.serviceAccount = name;
      const sa = await find(attrs.namespace, name);
      if (sa === undefined) {
        throw forbidden({ group: '', resource: 'pods' }, attrs.name,
          `error looking up service account ${attrs.namespace}/${name}: serviceaccount "${name}" not found`);
      }
      const automount = spec.automountServiceAccountToken ?? sa.automountServiceAccountToken ?? true;
      if (automount !== false) {
        const volumes = asArray(spec.volumes) ?? [];
        const already = [...(asArray(spec.containers) ?? []), ...(asArray(spec.initContainers) ?? [])]
          .every((c) => (asArray(asObject(c)?.volumeMounts) ?? []).some((m) => asObject(m)?.mountPath === IN_CLUSTER_DIR));
        if (!already) {
          const vname = volumeName();
          spec.volumes = [...volumes, tokenVolume(vname)];
          mountInto(spec.initContainers, vname);
          mountInto(spec.containers, vname);
        }
      }
      const pullSecrets = asArray(sa.imagePullSecrets) ?? [];
      if ((asArray(spec.imagePullSecrets) ?? []).length === 0 && pullSecrets.length > 0) spec.imagePullSecrets = structuredClone(pullSecrets);
    },
  };
}
