/**
 * `describe persistentvolume`: class, status, claim, reclaim policy, access modes, capacity,
 * node affinity, message, the volume source and events.
 */
import type { KubeObject } from '../../sdk/types/meta.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { timestampSince } from './format.js';
import { obj, objs, partsOf, str, strs } from './json-access.js';
import { BETA_STORAGE_CLASS_ANNOTATION } from './names.js';
import { accessModesText, quantityOf } from './persistent-volume-claim.js';
import { describePersistentVolumeSource } from './volumes.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, LEVEL_1, LEVEL_2, tabbedString } from './writer.js';
import { printLabelsAndAnnotations } from './object-header.js';

type Json = Record<string, unknown>;

/** `printNodeSelectorTermsMultilineWithIndent`: `Term 0:  key in [a, b]` lines. */
function printNodeSelectorTerm(w: DescribeWriter, title: string, requirements: Json[]): void {
  w.write(LEVEL_2, `${title}:\t`);
  if (requirements.length === 0) {
    w.writeLine('<none>');
    return;
  }
  requirements.forEach((req, i) => {
    if (i !== 0) w.write(LEVEL_2, '\t');
    let text = `${str(req['key'])} ${str(req['operator']).toLowerCase()}`;
    const values = strs(req['values']);
    if (values.length > 0) text += ` [${values.join(', ')}]`;
    w.write(LEVEL_0, `${text}\n`);
  });
}

/** `printVolumeNodeAffinity`. */
function printVolumeNodeAffinity(w: DescribeWriter, affinity: unknown): void {
  w.write(LEVEL_0, 'Node Affinity:\t');
  const required = obj(affinity)['required'];
  if (affinity === undefined || affinity === null || required === undefined || required === null) {
    w.writeLine('<none>');
    return;
  }
  w.writeLine('');
  w.write(LEVEL_1, 'Required Terms:\t');
  const terms = objs(obj(required)['nodeSelectorTerms']);
  if (terms.length === 0) {
    w.writeLine('<none>');
    return;
  }
  w.writeLine('');
  terms.forEach((term, i) => printNodeSelectorTerm(w, `Term ${i}`, objs(term['matchExpressions'])));
}

/** `GetPersistentVolumeClass`: the beta annotation, else `spec.storageClassName`. */
function volumeStorageClass(pv: KubeObject): string {
  const annotations = pv.metadata?.annotations ?? {};
  if (BETA_STORAGE_CLASS_ANNOTATION in annotations) return annotations[BETA_STORAGE_CLASS_ANNOTATION] ?? '';
  return str(obj(pv['spec'])['storageClassName']);
}

/** `describe persistentvolume`. */
export function describePersistentVolume(pv: KubeObject, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const { meta, spec, status } = partsOf(pv);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
    printLabelsAndAnnotations(w, meta);
    w.write(LEVEL_0, `Finalizers:\t[${(meta.finalizers ?? []).join(' ')}]\n`);
    w.write(LEVEL_0, `StorageClass:\t${volumeStorageClass(pv)}\n`);
    if (meta.deletionTimestamp) w.write(LEVEL_0, `Status:\tTerminating (lasts ${timestampSince(meta.deletionTimestamp, options.now)})\n`);
    else w.write(LEVEL_0, `Status:\t${str(status['phase'])}\n`);
    const claimRef = spec['claimRef'];
    if (claimRef !== undefined && claimRef !== null) w.write(LEVEL_0, `Claim:\t${str(obj(claimRef)['namespace'])}/${str(obj(claimRef)['name'])}\n`);
    else w.write(LEVEL_0, 'Claim:\t\n');
    w.write(LEVEL_0, `Reclaim Policy:\t${str(spec['persistentVolumeReclaimPolicy'])}\n`);
    w.write(LEVEL_0, `Access Modes:\t${accessModesText(spec['accessModes'])}\n`);
    if (typeof spec['volumeMode'] === 'string') w.write(LEVEL_0, `VolumeMode:\t${spec['volumeMode']}\n`);
    w.write(LEVEL_0, `Capacity:\t${quantityOf(spec['capacity'], 'storage')}\n`);
    printVolumeNodeAffinity(w, spec['nodeAffinity']);
    w.write(LEVEL_0, `Message:\t${str(status['message'])}\n`);
    w.write(LEVEL_0, 'Source:\n');
    describePersistentVolumeSource(spec as Json, w);
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}

