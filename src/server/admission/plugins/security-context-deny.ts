/**
 * SecurityContextDeny: pods may not set the security-context fields that would let them pick their
 * identity or SELinux context (supplementalGroups, seLinuxOptions, runAsUser, runAsGroup, fsGroup).
 * AlwaysDeny: refuses every write (a test and lock-down plugin).
 */
import { forbidden } from '../../errors.js';
import { asArray, asObject } from '../../util/json.js';
import type { AdmissionPlugin } from '../types.js';
import { isPodWrite, podSpec } from './pod-target.js';

const POD_FIELDS = [['supplementalGroups', 'SupplementalGroups'], ['seLinuxOptions', 'SELinuxOptions'], ['runAsUser', 'RunAsUser'],
  ['fsGroup', 'FSGroup'], ['runAsGroup', 'RunAsGroup']] as const;
const CONTAINER_FIELDS = [['seLinuxOptions', 'SELinuxOptions'], ['runAsUser', 'RunAsUser'], ['runAsGroup', 'RunAsGroup']] as const;

/** SecurityContextDeny. */
export function securityContextDenyPlugin(): AdmissionPlugin {
  return {
    name: 'SecurityContextDeny',
    validate(attrs) {
      if (!isPodWrite(attrs, ['CREATE', 'UPDATE']) || attrs.object === undefined) return;
      const spec = podSpec(attrs.object);
      const refuse = (field: string): never => {
        throw forbidden({ group: '', resource: 'pods' }, attrs.name, `${field} is forbidden`);
      };
      const sc = asObject(spec.securityContext);
      if (sc !== undefined) for (const [f, name] of POD_FIELDS) if (sc[f] !== undefined && sc[f] !== null) refuse(`pod.Spec.SecurityContext.${name}`);
      for (const c of [...(asArray(spec.initContainers) ?? []), ...(asArray(spec.containers) ?? [])]) {
        const csc = asObject(asObject(c)?.securityContext);
        if (csc === undefined) continue;
        for (const [f, name] of CONTAINER_FIELDS) if (csc[f] !== undefined && csc[f] !== null) refuse(`SecurityContext.${name}`);
      }
    },
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
