/**
 * kubectl debug's profiles: what each one changes in the debug pod (the ephemeral container's pod,
 * the copy, or the node pod) for the debug container. `legacy` keeps the behaviour of kubectl 1.23.
 */
import type { Container, Pod } from '../types/core.js';
import { InputError } from '../errors.js';

/** The profile names, in the order `--profile`'s help lists them. */
export const DEBUG_PROFILES = ['legacy', 'general', 'baseline', 'netadmin', 'restricted', 'sysadmin'] as const;

/** A debugging profile. */
export type DebugProfile = (typeof DEBUG_PROFILES)[number];

/** How the pod is debugged: an ephemeral container in it, a copy of it, or a pod on a node. */
export type DebugStyle = 'ephemeral' | 'podCopy' | 'node';

/** What a copy keeps of the original (`--keep-*`; used by every profile but legacy, which drops labels only). */
export interface KeepFlags {
  labels: boolean;
  annotations: boolean;
  liveness: boolean;
  readiness: boolean;
  startup: boolean;
  initContainers: boolean;
}

/** True for a known profile name. */
export function isDebugProfile(name: string): name is DebugProfile {
  return (DEBUG_PROFILES as readonly string[]).includes(name);
}

function containerNamed(pod: Pod, name: string): Container | undefined {
  const spec = pod.spec;
  const lists: Container[][] = [spec?.containers ?? [], spec?.initContainers ?? [], spec?.ephemeralContainers ?? []];
  for (const list of lists) {
    const found = list.find((c) => c.name === name);
    if (found !== undefined) return found;
  }
  return undefined;
}

function securityContextOf(c: Container): NonNullable<Container['securityContext']> {
  c.securityContext ??= {};
  return c.securityContext;
}

function addCapability(c: Container, capability: string): void {
  const caps = securityContextOf(c).capabilities ?? {};
  caps.add = [...(caps.add ?? []), capability];
  securityContextOf(c).capabilities = caps;
}

/** The host's root file system at `/host` of the container (regular containers only, as kubectl). */
function mountRootPartition(pod: Pod, containerName: string): void {
  const spec = pod.spec ?? { containers: [] };
  spec.volumes = [...(spec.volumes ?? []), { name: 'host-root', hostPath: { path: '/' } }];
  const c = spec.containers.find((x) => x.name === containerName);
  if (c !== undefined) c.volumeMounts = [...(c.volumeMounts ?? []), { mountPath: '/host', name: 'host-root' }];
  pod.spec = spec;
}

function useHostNamespaces(pod: Pod): void {
  const spec = pod.spec ?? { containers: [] };
  spec.hostNetwork = true;
  spec.hostPID = true;
  spec.hostIPC = true;
  pod.spec = spec;
}

function shareProcessNamespace(pod: Pod): void {
  if (pod.spec !== undefined) pod.spec.shareProcessNamespace ??= true;
}

function removeKept(pod: Pod, keep: KeepFlags): void {
  const meta = pod.metadata ?? {};
  if (!keep.labels) delete meta.labels;
  if (!keep.annotations) delete meta.annotations;
  for (const c of pod.spec?.containers ?? []) {
    if (!keep.liveness) delete c.livenessProbe;
    if (!keep.readiness) delete c.readinessProbe;
    if (!keep.startup) delete c.startupProbe;
  }
  if (!keep.initContainers && pod.spec !== undefined) delete pod.spec.initContainers;
}

/** Applies `profile` to the debug container `containerName` of `pod`, in place. */
export function applyDebugProfile(profile: DebugProfile, pod: Pod, containerName: string, style: DebugStyle, keep: KeepFlags): void {
  const c = containerNamed(pod, containerName);
  const withContainer = (f: (container: Container) => void): void => {
    if (c !== undefined) f(c);
  };
  // A copy of the pod leaves out what is not kept and shares its process namespace.
  const prepareCopy = (): void => {
    removeKept(pod, keep);
    shareProcessNamespace(pod);
  };
  switch (profile) {
    case 'legacy':
      if (style === 'node') {
        mountRootPartition(pod, containerName);
        useHostNamespaces(pod);
      } else if (style === 'podCopy') {
        removeKept(pod, { ...keep, labels: false, annotations: true, liveness: true, readiness: true, startup: true, initContainers: true });
      }
      return;
    case 'general':
      if (style === 'node') {
        mountRootPartition(pod, containerName);
        withContainer((x) => delete x.securityContext);
        useHostNamespaces(pod);
      } else {
        withContainer((x) => addCapability(x, 'SYS_PTRACE'));
        if (style === 'podCopy') prepareCopy();
      }
      return;
    case 'baseline':
      withContainer((x) => delete x.securityContext);
      if (style === 'podCopy') prepareCopy();
      return;
    case 'restricted':
      withContainer((x) => {
        delete x.securityContext;
        const sc = securityContextOf(x);
        sc.runAsNonRoot = true;
        sc.capabilities = { drop: ['ALL'] };
        sc.allowPrivilegeEscalation = false;
        sc.seccompProfile = { type: 'RuntimeDefault' };
      });
      if (style === 'podCopy') prepareCopy();
      return;
    case 'netadmin':
      withContainer((x) => {
        addCapability(x, 'NET_ADMIN');
        addCapability(x, 'NET_RAW');
      });
      if (style === 'node') useHostNamespaces(pod);
      else if (style === 'podCopy') prepareCopy();
      return;
    case 'sysadmin':
      withContainer((x) => {
        securityContextOf(x).privileged = true;
      });
      if (style === 'node') {
        useHostNamespaces(pod);
        mountRootPartition(pod, containerName);
      } else if (style === 'podCopy') prepareCopy();
      return;
    default:
      throw new InputError(`unknown profile: ${String(profile)}`);
  }
}
