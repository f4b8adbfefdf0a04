/**
 * `describe` of the workload controllers other than Deployments: ReplicaSet, StatefulSet and
 * DaemonSet (with the phases of the pods they control, which the caller counts), Job and CronJob,
 * as kubectl prints them.
 */
import type { KubeObject, LabelSelector } from '../../sdk/types/meta.js';
import { humanDuration } from '../../sdk/types/human-duration.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { formatLabelSelector, formatLabelsLine, formatRfc1123z, printAnnotationsMultiline, printLabelsMultiline, selectorString } from './format.js';
import { intOrString, num, obj, objs, str, strMap } from './json-access.js';
import { controllerOf, describePodTemplate } from './pod.js';
import { LAST_APPLIED } from './skip.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, LEVEL_1, tabbedString } from './writer.js';

/** Phases of the pods a controller owns (kubectl's `getPodStatusForController`). */
export interface ControlledPodPhases {
  running: number;
  waiting: number;
  succeeded: number;
  failed: number;
}

type Json = Record<string, unknown>;

function phasesText(p: ControlledPodPhases | undefined): string {
  const c = p ?? { running: 0, waiting: 0, succeeded: 0, failed: 0 };
  return `${c.running} Running / ${c.waiting} Waiting / ${c.succeeded} Succeeded / ${c.failed} Failed`;
}

function boolPtr(v: unknown): string {
  return typeof v === 'boolean' ? (v ? 'True' : 'False') : '<unset>';
}

function has(o: Json, key: string): boolean {
  return o[key] !== undefined && o[key] !== null;
}

function header(w: DescribeWriter, o: KubeObject): void {
  w.write(LEVEL_0, `Name:\t${o.metadata?.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${o.metadata?.namespace ?? ''}\n`);
}

function conditionsTable(w: DescribeWriter, status: Json): void {
  const conditions = objs(status['conditions']);
  if (conditions.length === 0) return;
  w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tReason\n');
  w.write(LEVEL_1, '----\t------\t------\n');
  for (const c of conditions) w.write(LEVEL_1, `${str(c['type'])} \t${str(c['status'])}\t${str(c['reason'])}\n`);
}

function events(w: DescribeWriter, list: readonly EventLike[] | undefined, options: DescribeOptions): void {
  if (list !== undefined && options.showEvents !== false) describeEvents(list, w, options);
}

/** `describe replicaset`. */
export function describeReplicaSet(rs: KubeObject, pods: ControlledPodPhases | undefined, list: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const spec = obj(rs['spec']);
  const status = obj(rs['status']);
  return tabbedString((w) => {
    header(w, rs);
    w.write(LEVEL_0, `Selector:\t${formatLabelSelector(spec['selector'] as LabelSelector | undefined)}\n`);
    printLabelsMultiline(w, 'Labels', rs.metadata?.labels);
    printAnnotationsMultiline(w, 'Annotations', rs.metadata?.annotations, LAST_APPLIED);
    const controlledBy = controllerOf(rs);
    if (controlledBy !== '') w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
    w.write(LEVEL_0, `Replicas:\t${num(status['replicas'])} current / ${num(spec['replicas'])} desired\n`);
    w.write(LEVEL_0, `Pods Status:\t${phasesText(pods)}\n`);
    describePodTemplate(obj(spec['template']), w, options);
    conditionsTable(w, status);
    events(w, list, options);
  });
}

/** `describe statefulset`. */
export function describeStatefulSet(sts: KubeObject, pods: ControlledPodPhases | undefined, list: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const spec = obj(sts['spec']);
  const status = obj(sts['status']);
  return tabbedString((w) => {
    header(w, sts);
    w.write(LEVEL_0, `CreationTimestamp:\t${formatRfc1123z(sts.metadata?.creationTimestamp, options)}\n`);
    w.write(LEVEL_0, `Selector:\t${selectorString(spec['selector'] as LabelSelector | undefined)}\n`);
    printLabelsMultiline(w, 'Labels', sts.metadata?.labels);
    printAnnotationsMultiline(w, 'Annotations', sts.metadata?.annotations, LAST_APPLIED);
    // kubectl 1.32 prints neither the service name, the pod management policy nor the claim retention policy.
    w.write(LEVEL_0, `Replicas:\t${num(spec['replicas'])} desired | ${num(status['replicas'])} total\n`);
    const strategy = obj(spec['updateStrategy']);
    w.write(LEVEL_0, `Update Strategy:\t${str(strategy['type'])}\n`);
    const ru = obj(strategy['rollingUpdate']);
    if (has(ru, 'partition')) {
      w.write(LEVEL_1, `Partition:\t${num(ru['partition'])}\n`);
      if (has(ru, 'maxUnavailable')) w.write(LEVEL_1, `MaxUnavailable:\t${intOrString(ru['maxUnavailable'])}\n`);
    }
    w.write(LEVEL_0, `Pods Status:\t${phasesText(pods)}\n`);
    describePodTemplate(obj(spec['template']), w, options);
    const claims = objs(spec['volumeClaimTemplates']);
    if (claims.length === 0) {
      w.write(LEVEL_0, 'Volume Claims:\t<none>\n');
    } else {
      w.write(LEVEL_0, 'Volume Claims:\n');
      for (const pvc of claims) {
        const meta = obj(pvc['metadata']);
        const pvcSpec = obj(pvc['spec']);
        w.write(LEVEL_1, `Name:\t${str(meta['name'])}\n`);
        w.write(LEVEL_1, `StorageClass:\t${str(pvcSpec['storageClassName'])}\n`);
        printLabelsMultiline(w, '  Labels', strMap(meta['labels']));
        printLabelsMultiline(w, '  Annotations', strMap(meta['annotations']));
        const storage = obj(obj(pvcSpec['resources'])['requests'])['storage'];
        w.write(LEVEL_1, `Capacity:\t${storage === undefined ? '<default>' : String(storage)}\n`);
        w.write(LEVEL_1, `Access Modes:\t[${(Array.isArray(pvcSpec['accessModes']) ? pvcSpec['accessModes'] : []).map(String).join(' ')}]\n`);
      }
    }
    events(w, list, options);
  });
}

/** `describe daemonset`. */
export function describeDaemonSet(ds: KubeObject, pods: ControlledPodPhases | undefined, list: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const spec = obj(ds['spec']);
  const status = obj(ds['status']);
  return tabbedString((w) => {
    // kubectl 1.32 prints no namespace for a DaemonSet.
    w.write(LEVEL_0, `Name:\t${ds.metadata?.name ?? ''}\n`);
    w.write(LEVEL_0, `Selector:\t${selectorString(spec['selector'] as LabelSelector | undefined)}\n`);
    w.write(LEVEL_0, `Node-Selector:\t${formatLabelsLine(strMap(obj(obj(spec['template'])['spec'])['nodeSelector']))}\n`);
    printLabelsMultiline(w, 'Labels', ds.metadata?.labels);
    printAnnotationsMultiline(w, 'Annotations', ds.metadata?.annotations, LAST_APPLIED);
    w.write(LEVEL_0, `Desired Number of Nodes Scheduled: ${num(status['desiredNumberScheduled'])}\n`);
    w.write(LEVEL_0, `Current Number of Nodes Scheduled: ${num(status['currentNumberScheduled'])}\n`);
    w.write(LEVEL_0, `Number of Nodes Scheduled with Up-to-date Pods: ${num(status['updatedNumberScheduled'])}\n`);
    w.write(LEVEL_0, `Number of Nodes Scheduled with Available Pods: ${num(status['numberAvailable'])}\n`);
    w.write(LEVEL_0, `Number of Nodes Misscheduled: ${num(status['numberMisscheduled'])}\n`);
    w.write(LEVEL_0, `Pods Status:\t${phasesText(pods)}\n`);
    describePodTemplate(obj(spec['template']), w, options);
    events(w, list, options);
  });
}

/** `describe job`. */
export function describeJob(job: KubeObject, list: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const spec = obj(job['spec']);
  const status = obj(job['status']);
  return tabbedString((w) => {
    header(w, job);
    w.write(LEVEL_0, `Selector:\t${selectorString(spec['selector'] as LabelSelector | undefined)}\n`);
    printLabelsMultiline(w, 'Labels', job.metadata?.labels);
    printAnnotationsMultiline(w, 'Annotations', job.metadata?.annotations, LAST_APPLIED);
    const controlledBy = controllerOf(job);
    if (controlledBy !== '') w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
    if (has(spec, 'parallelism')) w.write(LEVEL_0, `Parallelism:\t${num(spec['parallelism'])}\n`);
    w.write(LEVEL_0, `Completions:\t${has(spec, 'completions') ? String(num(spec['completions'])) : '<unset>'}\n`);
    if (has(spec, 'completionMode')) w.write(LEVEL_0, `Completion Mode:\t${str(spec['completionMode'])}\n`);
    if (has(spec, 'suspend')) w.write(LEVEL_0, `Suspend:\t${String(spec['suspend'] === true)}\n`);
    if (has(spec, 'backoffLimit')) w.write(LEVEL_0, `Backoff Limit:\t${num(spec['backoffLimit'])}\n`);
    if (has(spec, 'ttlSecondsAfterFinished')) w.write(LEVEL_0, `TTL Seconds After Finished:\t${num(spec['ttlSecondsAfterFinished'])}\n`);
    const start = str(status['startTime']);
    const done = str(status['completionTime']);
    if (start !== '') w.write(LEVEL_0, `Start Time:\t${formatRfc1123z(start, options)}\n`);
    if (done !== '') w.write(LEVEL_0, `Completed At:\t${formatRfc1123z(done, options)}\n`);
    if (start !== '' && done !== '') w.write(LEVEL_0, `Duration:\t${humanDuration(Date.parse(done) - Date.parse(start))}\n`);
    if (has(spec, 'activeDeadlineSeconds')) w.write(LEVEL_0, `Active Deadline Seconds:\t${num(spec['activeDeadlineSeconds'])}s\n`);
    const counts = `${num(status['active'])} Active${has(status, 'ready') ? ` (${num(status['ready'])} Ready)` : ''} / ${num(status['succeeded'])} Succeeded / ${num(status['failed'])} Failed`;
    w.write(LEVEL_0, `Pods Statuses:\t${counts}\n`);
    if (str(spec['completionMode']) === 'Indexed') {
      const indexes = str(status['completedIndexes']);
      let end = 50;
      while (end < indexes.length && indexes[end] !== ',') end++;
      w.write(LEVEL_0, `Completed Indexes:\t${indexes === '' ? '<none>' : end >= indexes.length ? indexes : `${indexes.slice(0, end + 1)}...`}\n`);
    }
    describePodTemplate(obj(spec['template']), w, options);
    events(w, list, options);
  });
}

/** `describe cronjob`. */
export function describeCronJob(cj: KubeObject, list: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const spec = obj(cj['spec']);
  const status = obj(cj['status']);
  const unset = (key: string, suffix = ''): string => (has(spec, key) ? `${String(spec[key])}${suffix}` : '<unset>');
  return tabbedString((w) => {
    header(w, cj);
    printLabelsMultiline(w, 'Labels', cj.metadata?.labels);
    printAnnotationsMultiline(w, 'Annotations', cj.metadata?.annotations, LAST_APPLIED);
    w.write(LEVEL_0, `Schedule:\t${str(spec['schedule'])}\n`);
    w.write(LEVEL_0, `Concurrency Policy:\t${str(spec['concurrencyPolicy'])}\n`);
    w.write(LEVEL_0, `Suspend:\t${boolPtr(spec['suspend'])}\n`);
    // kubectl 1.32 does not print the time zone.
    w.write(LEVEL_0, `Successful Job History Limit:\t${unset('successfulJobsHistoryLimit')}\n`);
    w.write(LEVEL_0, `Failed Job History Limit:\t${unset('failedJobsHistoryLimit')}\n`);
    w.write(LEVEL_0, `Starting Deadline Seconds:\t${unset('startingDeadlineSeconds', 's')}\n`);
    const jobSpec = obj(obj(spec['jobTemplate'])['spec']);
    w.write(LEVEL_0, `Selector:\t${has(jobSpec, 'selector') ? selectorString(jobSpec['selector'] as LabelSelector) : '<unset>'}\n`);
    w.write(LEVEL_0, `Parallelism:\t${has(jobSpec, 'parallelism') ? String(num(jobSpec['parallelism'])) : '<unset>'}\n`);
    w.write(LEVEL_0, `Completions:\t${has(jobSpec, 'completions') ? String(num(jobSpec['completions'])) : '<unset>'}\n`);
    if (has(jobSpec, 'activeDeadlineSeconds')) w.write(LEVEL_0, `Active Deadline Seconds:\t${num(jobSpec['activeDeadlineSeconds'])}s\n`);
    describePodTemplate(obj(jobSpec['template']), w, options);
    const last = str(status['lastScheduleTime']);
    w.write(LEVEL_0, `Last Schedule Time:\t${last === '' ? '<unset>' : formatRfc1123z(last, options)}\n`);
    const active = objs(status['active']).map((r) => str(r['name']));
    w.write(LEVEL_0, `Active Jobs:\t${active.length === 0 ? '<none>' : active.join(', ')}\n`);
    events(w, list, options);
  });
}
