/**
 * The Pod Security Standards checks (latest), baseline and restricted, each giving the reason and
 * detail texts of the pod-security admission library, in its order (by check id).
 */
import type { Container as PodContainer, EphemeralContainer, PodSpec, SecurityContext } from '../../../sdk/types/generated/core-v1.js';

/** A Pod Security Standards level. */
export type Level = 'privileged' | 'baseline' | 'restricted';

/** One failed check. */
export interface Violation {
  reason: string;
  detail: string;
}

/** What a pod spec's checks read of the specs. */
type Spec = Partial<PodSpec>;

interface Container {
  name: string;
  c: PodContainer | EphemeralContainer;
  sc: SecurityContext;
}

function containersOf(spec: Spec): Container[] {
  return [...(spec.initContainers ?? []), ...(spec.containers ?? []), ...(spec.ephemeralContainers ?? [])]
    .map((c) => ({ name: c.name ?? '', c, sc: c.securityContext ?? {} }));
}

function quoted(names: string[]): string {
  return names.map((n) => `"${n}"`).join(', ');
}

function containersPhrase(names: string[]): string {
  return `${names.length === 1 ? 'container' : 'containers'} ${quoted(names)}`;
}

const BASELINE_CAPS = new Set(['AUDIT_WRITE', 'CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'FSETID', 'KILL', 'MKNOD', 'NET_BIND_SERVICE', 'SETFCAP',
  'SETGID', 'SETPCAP', 'SETUID', 'SYS_CHROOT']);
const RESTRICTED_VOLUME_OK = new Set(['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'persistentVolumeClaim', 'projected', 'secret']);

function capsAdded(c: Container): string[] {
  return c.sc.capabilities?.add ?? [];
}

/** The containers that add capabilities beyond those `allowed`, in Pod Security's words; undefined when none does. */
function disallowedAdds(cs: Container[], allowed: (cap: string) => boolean): string | undefined {
  const badCaps = new Set<string>();
  const bad = cs.filter((c) => {
    const extra = capsAdded(c).filter((x) => !allowed(x));
    for (const x of extra) badCaps.add(x);
    return extra.length > 0;
  }).map((c) => c.name);
  return bad.length === 0 ? undefined : `${containersPhrase(bad)} must not include ${quoted([...badCaps])} in securityContext.capabilities.add`;
}

type Check = { id: string; level: 'baseline' | 'restricted'; run(spec: Spec, cs: Container[]): Violation | undefined };

const CHECKS: Check[] = [
  {
    id: 'allowPrivilegeEscalation', level: 'restricted',
    run(_spec, cs) {
      const bad = cs.filter((c) => c.sc.allowPrivilegeEscalation !== false).map((c) => c.name);
      return bad.length === 0 ? undefined : { reason: 'allowPrivilegeEscalation != false', detail: `${containersPhrase(bad)} must set securityContext.allowPrivilegeEscalation=false` };
    },
  },
  {
    id: 'capabilities_baseline', level: 'baseline',
    run(_spec, cs) {
      const added = disallowedAdds(cs, (cap) => BASELINE_CAPS.has(cap));
      return added === undefined ? undefined : { reason: 'non-default capabilities', detail: added };
    },
  },
  {
    id: 'capabilities_restricted', level: 'restricted',
    run(_spec, cs) {
      const parts: string[] = [];
      const noDrop = cs.filter((c) => !(c.sc.capabilities?.drop ?? []).includes('ALL')).map((c) => c.name);
      if (noDrop.length > 0) parts.push(`${containersPhrase(noDrop)} must set securityContext.capabilities.drop=["ALL"]`);
      const added = disallowedAdds(cs, (cap) => cap === 'NET_BIND_SERVICE');
      if (added !== undefined) parts.push(added);
      return parts.length === 0 ? undefined : { reason: 'unrestricted capabilities', detail: parts.join('; ') };
    },
  },
  {
    id: 'hostNamespaces', level: 'baseline',
    run(spec) {
      const set = (['hostNetwork', 'hostPID', 'hostIPC'] as const).filter((f) => spec[f] === true).map((f) => `${f}=true`);
      return set.length === 0 ? undefined : { reason: 'host namespaces', detail: set.join(', ') };
    },
  },
  {
    id: 'hostPathVolumes', level: 'baseline',
    run(spec) {
      const names = (spec.volumes ?? []).filter((v) => v.hostPath !== undefined).map((v) => v.name ?? '');
      return names.length === 0 ? undefined : { reason: 'hostPath volumes', detail: `${names.length === 1 ? 'volume' : 'volumes'} ${quoted(names)}` };
    },
  },
  {
    id: 'hostPorts', level: 'baseline',
    run(_spec, cs) {
      const bad: string[] = [];
      const ports: string[] = [];
      for (const c of cs) {
        const hp = (c.c.ports ?? []).map((p) => p.hostPort ?? 0).filter((p) => p !== 0);
        if (hp.length > 0) {
          bad.push(c.name);
          ports.push(...hp.map(String));
        }
      }
      return bad.length === 0 ? undefined : { reason: 'hostPort', detail: `${containersPhrase(bad)} ${bad.length === 1 ? 'uses' : 'use'} ${ports.length === 1 ? 'hostPort' : 'hostPorts'} ${ports.join(', ')}` };
    },
  },
  {
    id: 'privileged', level: 'baseline',
    run(_spec, cs) {
      const bad = cs.filter((c) => c.sc.privileged === true).map((c) => c.name);
      return bad.length === 0 ? undefined : { reason: 'privileged', detail: `${containersPhrase(bad)} must not set securityContext.privileged=true` };
    },
  },
  {
    id: 'restrictedVolumes', level: 'restricted',
    run(spec) {
      const bad: { name: string; type: string }[] = [];
      for (const v of spec.volumes ?? []) {
        const type = Object.keys(v).find((k) => k !== 'name');
        if (type !== undefined && !RESTRICTED_VOLUME_OK.has(type)) bad.push({ name: v.name ?? '', type });
      }
      if (bad.length === 0) return undefined;
      const types = [...new Set(bad.map((b) => b.type))];
      return {
        reason: 'restricted volume types',
        detail: `${bad.length === 1 ? 'volume' : 'volumes'} ${quoted(bad.map((b) => b.name))} ${bad.length === 1 ? 'uses' : 'use'} restricted volume ${types.length === 1 ? 'type' : 'types'} ${quoted(types)}`,
      };
    },
  },
  {
    id: 'runAsNonRoot', level: 'restricted',
    run(spec, cs) {
      const pod = spec.securityContext?.runAsNonRoot;
      const parts: string[] = [];
      if (pod === false) parts.push('pod must not set securityContext.runAsNonRoot=false');
      const explicitFalse = cs.filter((c) => c.sc.runAsNonRoot === false).map((c) => c.name);
      if (explicitFalse.length > 0) parts.push(`${containersPhrase(explicitFalse)} must not set securityContext.runAsNonRoot=false`);
      if (pod !== true) {
        const unset = cs.filter((c) => c.sc.runAsNonRoot === undefined).map((c) => c.name);
        if (unset.length > 0 && pod === undefined) parts.push(`pod or ${containersPhrase(unset)} must set securityContext.runAsNonRoot=true`);
      }
      return parts.length === 0 ? undefined : { reason: 'runAsNonRoot != true', detail: parts.join('; ') };
    },
  },
  {
    id: 'runAsUser', level: 'restricted',
    run(spec, cs) {
      const parts: string[] = [];
      if (spec.securityContext?.runAsUser === 0) parts.push('pod must not set runAsUser=0');
      const bad = cs.filter((c) => c.sc.runAsUser === 0).map((c) => c.name);
      if (bad.length > 0) parts.push(`${containersPhrase(bad)} must not set runAsUser=0`);
      return parts.length === 0 ? undefined : { reason: 'runAsUser=0', detail: parts.join('; ') };
    },
  },
  {
    id: 'seccompProfile_baseline', level: 'baseline',
    run(spec, cs) {
      const parts: string[] = [];
      if (spec.securityContext?.seccompProfile?.type === 'Unconfined') parts.push('pod must not set securityContext.seccompProfile.type to "Unconfined"');
      const bad = cs.filter((c) => c.sc.seccompProfile?.type === 'Unconfined').map((c) => c.name);
      if (bad.length > 0) parts.push(`${containersPhrase(bad)} must not set securityContext.seccompProfile.type to "Unconfined"`);
      return parts.length === 0 ? undefined : { reason: 'seccompProfile', detail: parts.join('; ') };
    },
  },
  {
    id: 'seccompProfile_restricted', level: 'restricted',
    run(spec, cs) {
      const ok = (t: unknown): boolean => t === 'RuntimeDefault' || t === 'Localhost';
      const podType = spec.securityContext?.seccompProfile?.type;
      const parts: string[] = [];
      if (podType !== undefined && !ok(podType)) parts.push(`pod must not set securityContext.seccompProfile.type to "${String(podType)}"`);
      const explicitBad = cs.filter((c) => { const t = c.sc.seccompProfile?.type; return t !== undefined && !ok(t); });
      if (explicitBad.length > 0) {
        parts.push(`${containersPhrase(explicitBad.map((c) => c.name))} must not set securityContext.seccompProfile.type to ${quoted([...new Set(explicitBad.map((c) => String(c.sc.seccompProfile?.type)))])}`);
      }
      if (podType === undefined) {
        const unset = cs.filter((c) => c.sc.seccompProfile?.type === undefined).map((c) => c.name);
        if (unset.length > 0) parts.push(`pod or ${containersPhrase(unset)} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"`);
      }
      return parts.length === 0 ? undefined : { reason: 'seccompProfile', detail: parts.join('; ') };
    },
  },
];

/** The violations of a pod spec at a level. */
export function evaluatePodSpec(spec: Spec, level: Level): Violation[] {
  if (level === 'privileged') return [];
  const cs = containersOf(spec);
  const out: Violation[] = [];
  for (const check of CHECKS) {
    if (check.level === 'restricted' && level !== 'restricted') continue;
    const v = check.run(spec, cs);
    if (v !== undefined) out.push(v);
  }
  return out;
}

/** `reason (detail), reason (detail)` as the admission messages list them. */
export function violationText(vs: Violation[]): string {
  return vs.map((v) => (v.detail === '' ? v.reason : `${v.reason} (${v.detail})`)).join(', ');
}
