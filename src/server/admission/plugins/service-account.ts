/**
 * ServiceAccount admission for pods (spec rules 5 and 6): the `default` account when none is named,
 * refusal of a missing account, the projected token volume mounted in every container unless
 * automounting is off, and the account's image pull secrets when the pod has none.
 */
import type { Container, Pod, ServiceAccount, Volume } from '../../../sdk/types/generated/core-v1.js';
import { IN_CLUSTER_DIR, ROOT_CA_CONFIGMAP } from '../../../sdk/naming.js';
import { forbidden } from '../../errors.js';
import type { KindDef } from '../../registry/kind-def.js';
import type { AdmissionPlugin } from '../types.js';
import { onWrittenPod, podSpec } from './pod-target.js';

/** Reads a service account (undefined when missing). */
export type ServiceAccountLookup = (namespace: string, name: string) => Promise<ServiceAccount | undefined>;

const SUFFIX_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
/** Expiry the admission plugin requests for bound tokens (an hour plus skew, as the API server does). */
const TOKEN_EXPIRATION_SECONDS = 3607;

function volumeName(): string {
  let s = '';
  for (let i = 0; i < 5; i++) s += SUFFIX_ALPHABET[Math.floor(Math.random() * SUFFIX_ALPHABET.length)];
  return `kube-api-access-${s}`;
}

function tokenVolume(name: string): Volume {
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

function mountInto(containers: Container[] | undefined, volume: string): void {
  for (const container of containers ?? []) {
    const mounts = container.volumeMounts ?? [];
    if (mounts.some((m) => m.mountPath === IN_CLUSTER_DIR)) continue;
    container.volumeMounts = [...mounts, { name: volume, readOnly: true, mountPath: IN_CLUSTER_DIR }];
  }
}

/** Creates the plugin; `waitForDefaultMs` bounds the wait for the controller to create `default`. */
export function serviceAccountAdmission(pods: KindDef<Pod>, lookup: ServiceAccountLookup, waitForDefaultMs = 2000): AdmissionPlugin {
  async function find(namespace: string, name: string): Promise<ServiceAccount | undefined> {
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
    admit: onWrittenPod(pods, async (pod, attrs) => {
      if (pod.metadata?.annotations?.['platform.io/config.mirror'] !== undefined) return;
      const spec = podSpec(pod);
      let name = spec.serviceAccountName ?? '';
      if (name === '') name = spec.serviceAccount ?? '';
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
        const volumes = spec.volumes ?? [];
        const already = [...(spec.containers ?? []), ...(spec.initContainers ?? [])]
          .every((c) => (c.volumeMounts ?? []).some((m) => m.mountPath === IN_CLUSTER_DIR));
        if (!already) {
          const vname = volumeName();
          spec.volumes = [...volumes, tokenVolume(vname)];
          mountInto(spec.initContainers, vname);
          mountInto(spec.containers, vname);
        }
      }
      const pullSecrets = sa.imagePullSecrets ?? [];
      if ((spec.imagePullSecrets ?? []).length === 0 && pullSecrets.length > 0) spec.imagePullSecrets = structuredClone(pullSecrets);
    }),
  };
}
