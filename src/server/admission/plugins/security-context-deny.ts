/**
 * SecurityContextDeny: pods may not set the security-context fields that would let them pick their
 * identity or SELinux context (supplementalGroups, seLinuxOptions, runAsUser, runAsGroup, fsGroup).
 * AlwaysDeny: refuses every write (a test and lock-down plugin).
 */
import type { Pod } from '../../../sdk/types/generated/core-v1.js';
import { forbidden } from '../../errors.js';
import type { KindDef } from '../../registry/kind-def.js';
import type { AdmissionPlugin } from '../types.js';
import { onWrittenPod, podSpec } from './pod-target.js';

const POD_FIELDS = [['supplementalGroups', 'SupplementalGroups'], ['seLinuxOptions', 'SELinuxOptions'], ['runAsUser', 'RunAsUser'],
  ['fsGroup', 'FSGroup'], ['runAsGroup', 'RunAsGroup']] as const;
const CONTAINER_FIELDS = [['seLinuxOptions', 'SELinuxOptions'], ['runAsUser', 'RunAsUser'], ['runAsGroup', 'RunAsGroup']] as const;

/** SecurityContextDeny. */
export function securityContextDenyPlugin(pods: KindDef<Pod>): AdmissionPlugin {
  return {
    name: 'SecurityContextDeny',
    validate: onWrittenPod(pods, (pod, attrs) => {
      const spec = podSpec(pod);
      const refuse = (field: string): never => {
        throw forbidden({ group: '', resource: 'pods' }, attrs.name, `${field} is forbidden`);
      };
      const sc = spec.securityContext;
      if (sc) for (const [f, name] of POD_FIELDS) if (sc[f] !== undefined && sc[f] !== null) refuse(`pod.Spec.SecurityContext.${name}`);
      for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
        const csc = c.securityContext;
        if (!csc) continue;
        for (const [f, name] of CONTAINER_FIELDS) if (csc[f] !== undefined && csc[f] !== null) refuse(`SecurityContext.${name}`);
      }
    }, ['CREATE', 'UPDATE']),
  };
}

/** The identities of the server's own controllers (bootstrap, namespace cleanup ...). */
const INTERNAL_PREFIX = 'system:serviceaccount:platform-system:';

/** AlwaysDeny (the server's own controllers stay able to write, or it could not start). */
export function alwaysDenyPlugin(): AdmissionPlugin {
  return {
    name: 'AlwaysDeny',
    admit(attrs) {
      if (attrs.user.username.startsWith(INTERNAL_PREFIX)) return;
      throw forbidden({ group: attrs.def.group, resource: attrs.def.plural }, attrs.name, 'admission control is denying all modifications');
    },
  };
}
