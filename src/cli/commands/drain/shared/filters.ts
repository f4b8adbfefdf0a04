/**
 * kubectl drain's pod filters, in its order: pods being deleted for longer than
 * --skip-wait-for-delete-timeout are skipped; DaemonSet pods stop the drain unless
 * --ignore-daemonsets (orphans need --force); mirror pods are skipped; pods with emptyDir volumes
 * need --delete-emptydir-data; pods without a controller need --force. Finished pods always go.
 */
import type { KubeObject } from '../../../../sdk/types/meta.js';

type Json = Record<string, unknown>;

/** What becomes of one pod. */
export interface PodVerdict {
  pod: KubeObject;
  remove: boolean;
  kind: 'okay' | 'skip' | 'warning' | 'error';
  message: string;
}

/** The options the filters read. */
export interface FilterOptions {
  force: boolean;
  ignoreDaemonSets: boolean;
  deleteEmptyDirData: boolean;
  skipWaitForDeleteTimeoutSeconds: number;
  now: number;
  /** Whether the named DaemonSet exists (undefined: could not tell; the message says why). */
  daemonSetExists(namespace: string, name: string): Promise<{ exists: boolean; error?: string }>;
}

const MIRROR_ANNOTATION = 'platform.io/config.mirror';

function phase(pod: KubeObject): string {
  return String((pod as Json & { status?: { phase?: string } }).status?.phase ?? '');
}

function finished(pod: KubeObject): boolean {
  return phase(pod) === 'Succeeded' || phase(pod) === 'Failed';
}

function controllerOf(pod: KubeObject): { kind: string; name: string } | undefined {
  const ref = (pod.metadata?.ownerReferences ?? []).find((r) => r.controller === true);
  return ref === undefined ? undefined : { kind: ref.kind, name: ref.name };
}

function hasLocalStorage(pod: KubeObject): boolean {
  const volumes = (pod as Json & { spec?: { volumes?: Json[] } }).spec?.volumes ?? [];
  return volumes.some((v) => v.emptyDir !== undefined && v.emptyDir !== null);
}

const ok = (pod: KubeObject): PodVerdict => ({ pod, remove: true, kind: 'okay', message: '' });

/** Runs the filters over one pod. */
export async function filterPod(pod: KubeObject, o: FilterOptions): Promise<PodVerdict> {
  const deletedAt = Date.parse(pod.metadata?.deletionTimestamp ?? '');
  if (o.skipWaitForDeleteTimeoutSeconds > 0 && !Number.isNaN(deletedAt) && Math.floor((o.now - deletedAt) / 1000) > o.skipWaitForDeleteTimeoutSeconds) {
    return { pod, remove: false, kind: 'skip', message: '' };
  }
  const controller = controllerOf(pod);
  if (controller?.kind === 'DaemonSet' && !finished(pod)) {
    const ds = await o.daemonSetExists(pod.metadata?.namespace ?? '', controller.name);
    if (!ds.exists) {
      if (ds.error !== undefined && ds.error.includes('not found') && o.force) return { pod, remove: true, kind: 'warning', message: ds.error };
      return { pod, remove: false, kind: 'error', message: ds.error ?? 'unexpected error' };
    }
    if (!o.ignoreDaemonSets) return { pod, remove: false, kind: 'error', message: 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)' };
    return { pod, remove: false, kind: 'warning', message: 'ignoring DaemonSet-managed Pods' };
  }
  if (pod.metadata?.annotations?.[MIRROR_ANNOTATION] !== undefined) return { pod, remove: false, kind: 'skip', message: '' };
  let verdict = ok(pod);
  if (hasLocalStorage(pod) && !finished(pod)) {
    if (!o.deleteEmptyDirData) return { pod, remove: false, kind: 'error', message: 'Pods with local storage (use --delete-emptydir-data to override)' };
    verdict = { pod, remove: true, kind: 'warning', message: 'deleting Pods with local storage' };
  }
  if (finished(pod) || controller !== undefined) return verdict;
  if (o.force) return { pod, remove: true, kind: 'warning', message: 'deleting Pods that declare no controller' };
  return { pod, remove: false, kind: 'error', message: 'cannot delete Pods that declare no controller (use --force to override)' };
}

/** `PodDeleteList.Warnings()`: `<message>: ns/a, ns/b; <message>: ...`. */
export function warningsOf(verdicts: readonly PodVerdict[]): string {
  return [...podsByMessage(verdicts, 'warning')].map(([m, pods]) => `${m}: ${pods.join(', ')}`).join('; ');
}

/** `PodDeleteList.errors()`: `cannot delete <message>: ns/a, ns/b`, one per message. */
export function errorsOf(verdicts: readonly PodVerdict[]): string[] {
  return [...podsByMessage(verdicts, 'error')].map(([m, pods]) => `cannot delete ${m}: ${pods.join(', ')}`);
}

/** The `namespace/name` of the pods with verdicts of `kind`, by message, in the order the messages first come. */
function podsByMessage(verdicts: readonly PodVerdict[], kind: PodVerdict['kind']): Map<string, string[]> {
  const by = new Map<string, string[]>();
  for (const v of verdicts) {
    if (v.kind !== kind) continue;
    const list = by.get(v.message) ?? [];
    list.push(`${v.pod.metadata?.namespace ?? ''}/${v.pod.metadata?.name ?? ''}`);
    by.set(v.message, list);
  }
  return by;
}
