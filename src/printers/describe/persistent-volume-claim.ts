/**
 * `describe persistentvolumeclaim`: class, status, volume, capacity and access modes (once
 * bound), data source, the pods that use the claim, conditions and events. The claim part is
 * also how an ephemeral volume's claim template is shown.
 */
import type { KubeObject } from '../../sdk/types/meta.js';
import { compareUtf8 } from '../../machinery/json/go-json.js';
import { quantityString } from '../../machinery/quantity/text.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { formatRfc1123z, printAnnotationsMultiline, printConditions, printLabelsMultiline, printTypedReference, timestampSince } from './format.js';
import { obj, objs, partsOf, str, strMap, strs } from './json-access.js';
import { BETA_STORAGE_CLASS_ANNOTATION } from './names.js';
import { LAST_APPLIED } from './skip.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, tabbedString } from './writer.js';

type Json = Record<string, unknown>;

/** `GetPersistentVolumeClaimClass`: the beta annotation, else `spec.storageClassName`. */
export function claimStorageClass(claim: Json): string {
  const annotations = strMap(obj(claim['metadata'])['annotations']);
  if (BETA_STORAGE_CLASS_ANNOTATION in annotations) return annotations[BETA_STORAGE_CLASS_ANNOTATION] ?? '';
  return str(obj(claim['spec'])['storageClassName']);
}

/** `GetAccessModesAsString`: `RWO,ROX,RWX,RWOP` for the modes present. */
export function accessModesText(modes: unknown): string {
  const list = strs(modes);
  const out: string[] = [];
  for (const [mode, short] of [['ReadWriteOnce', 'RWO'], ['ReadOnlyMany', 'ROX'], ['ReadWriteMany', 'RWX'], ['ReadWriteOncePod', 'RWOP']] as const) {
    if (list.includes(mode)) out.push(short);
  }
  return out.join(',');
}

/** A quantity of a resource list as `Quantity.String()` prints it (`0` when absent). */
export function quantityOf(list: unknown, name: string): string {
  const v = obj(list)[name];
  return v === undefined || v === null ? '0' : quantityString(String(v));
}

/**
 * kubectl's `printPersistentVolumeClaim`, for a claim (`full`) or a claim template (no name,
 * namespace, status or finalizers).
 */
export function printPersistentVolumeClaim(w: DescribeWriter, claim: Json, full: boolean, options: DescribeOptions | undefined): void {
  const meta = obj(claim['metadata']);
  const { spec, status } = partsOf(claim);
  if (full) {
    w.write(LEVEL_0, `Name:\t${str(meta['name'])}\n`);
    w.write(LEVEL_0, `Namespace:\t${str(meta['namespace'])}\n`);
  }
  w.write(LEVEL_0, `StorageClass:\t${claimStorageClass(claim)}\n`);
  if (full) {
    const deletion = str(meta['deletionTimestamp']);
    if (deletion && options !== undefined) w.write(LEVEL_0, `Status:\tTerminating (lasts ${timestampSince(deletion, options.now)})\n`);
    else w.write(LEVEL_0, `Status:\t${str(status['phase'])}\n`);
  }
  w.write(LEVEL_0, `Volume:\t${str(spec['volumeName'])}\n`);
  printLabelsMultiline(w, 'Labels', strMap(meta['labels']));
  printAnnotationsMultiline(w, 'Annotations', strMap(meta['annotations']), LAST_APPLIED);
  if (full) w.write(LEVEL_0, `Finalizers:\t[${strs(meta['finalizers']).join(' ')}]\n`);
  let capacity = '';
  let accessModes = '';
  if (str(spec['volumeName']) !== '') {
    accessModes = accessModesText(status['accessModes']);
    capacity = quantityOf(status['capacity'], 'storage');
  }
  w.write(LEVEL_0, `Capacity:\t${capacity}\n`);
  w.write(LEVEL_0, `Access Modes:\t${accessModes}\n`);
  if (typeof spec['volumeMode'] === 'string') w.write(LEVEL_0, `VolumeMode:\t${spec['volumeMode']}\n`);
  printTypedReference(w, 'DataSource', spec['dataSource']);
}

/**
 * kubectl's `getPodsForPVC`: the pods with a volume of the claim (once per such volume, as
 * kubectl lists them), then the pods that own the claim.
 */
export function podsUsingClaim(claim: KubeObject, pods: readonly KubeObject[]): KubeObject[] {
  const name = claim.metadata?.name ?? '';
  const out: KubeObject[] = [];
  for (const pod of pods) {
    for (const volume of objs(obj(pod['spec'])['volumes'])) {
      const ref = volume['persistentVolumeClaim'];
      if (ref !== undefined && ref !== null && str(obj(ref)['claimName']) === name) out.push(pod);
    }
  }
  for (const ref of claim.metadata?.ownerReferences ?? []) {
    if (ref.kind !== 'Pod') continue;
    const owner = pods.find((p) => p.metadata?.uid === ref.uid);
    if (owner === undefined || out.some((p) => p.metadata?.uid === owner.metadata?.uid)) continue;
    out.push(owner);
  }
  return out;
}

/** `printPodsMultiline`: pod names sorted, aligned under each other, or `<none>`. */
function printPodsMultiline(w: DescribeWriter, title: string, pods: readonly KubeObject[]): void {
  w.write(LEVEL_0, `${title}:\t`);
  if (pods.length === 0) {
    w.writeLine('<none>');
    return;
  }
  const names = pods.map((p) => p.metadata?.name ?? '').sort(compareUtf8);
  names.forEach((name, i) => {
    if (i !== 0) w.write(LEVEL_0, '\t');
    w.write(LEVEL_0, `${name}\n`);
  });
}

/**
 * `describe persistentvolumeclaim`.
 *
 * @param pods - the pods of the claim's namespace (the describer picks those that use it)
 */
export function describePersistentVolumeClaim(claim: KubeObject, pods: readonly KubeObject[], events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const status = obj(claim['status']);
  return tabbedString((w) => {
    printPersistentVolumeClaim(w, claim as Json, true, options);
    printPodsMultiline(w, 'Used By', podsUsingClaim(claim, pods));
    printConditions(w, objs(status['conditions']), 'Type\tStatus\tLastProbeTime\tLastTransitionTime\tReason\tMessage', '----\t------\t-----------------\t------------------\t------\t-------',
      (c) => `${str(c['type'])} \t${str(c['status'])} \t${formatRfc1123z(str(c['lastProbeTime']), options)} \t${formatRfc1123z(str(c['lastTransitionTime']), options)} \t${str(c['reason'])} \t${str(c['message'])}`);
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}
