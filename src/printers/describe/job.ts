/**
 * `describe job` and `describe cronjob`: the job's spec and progress (pods by status, completed
 * indexes), the cron job's schedule, history limits, job template and active jobs.
 */
import type { KubeObject } from '../../sdk/types/meta.js';
import { humanDuration } from '../../sdk/types/human-duration.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { formatRfc1123z, printBoolPtr } from './format.js';
import { num, obj, objs, partsOf, str } from './json-access.js';
import { controllerOf, describePodTemplate } from './pod.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, tabbedString } from './writer.js';
import { fromObjectSelector, selectorString } from '../../machinery/labels/selector.js';
import { printLabelsAndAnnotations, printNameAndNamespace, printObjectHeader } from './object-header.js';

type Json = Record<string, unknown>;

const isNumber = (v: unknown): v is number => typeof v === 'number';

/** kubectl's `capIndexesListOrNone`: the list cut after the first comma past `softLimit` bytes. */
function capIndexes(indexes: string, softLimit: number): string {
  if (indexes.length === 0) return '<none>';
  let ix = softLimit;
  while (ix < indexes.length && indexes[ix] !== ',') ix++;
  return ix >= indexes.length ? indexes : `${indexes.slice(0, ix + 1)}...`;
}

/** `describe job`. */
export function describeJob(job: KubeObject, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const { meta, spec, status } = partsOf(job);
  return tabbedString((w) => {
    printNameAndNamespace(w, meta);
    w.write(LEVEL_0, `Selector:\t${selectorString(fromObjectSelector(spec['selector']))}\n`);
    printLabelsAndAnnotations(w, meta);
    const controlledBy = controllerOf(job);
    if (controlledBy) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
    if (isNumber(spec['parallelism'])) w.write(LEVEL_0, `Parallelism:\t${spec['parallelism']}\n`);
    w.write(LEVEL_0, `Completions:\t${isNumber(spec['completions']) ? spec['completions'] : '<unset>'}\n`);
    if (typeof spec['completionMode'] === 'string') w.write(LEVEL_0, `Completion Mode:\t${spec['completionMode']}\n`);
    if (typeof spec['suspend'] === 'boolean') w.write(LEVEL_0, `Suspend:\t${spec['suspend']}\n`);
    if (isNumber(spec['backoffLimit'])) w.write(LEVEL_0, `Backoff Limit:\t${spec['backoffLimit']}\n`);
    if (isNumber(spec['ttlSecondsAfterFinished'])) w.write(LEVEL_0, `TTL Seconds After Finished:\t${spec['ttlSecondsAfterFinished']}\n`);
    const start = str(status['startTime']);
    const completion = str(status['completionTime']);
    if (start) w.write(LEVEL_0, `Start Time:\t${formatRfc1123z(start, options)}\n`);
    if (completion) w.write(LEVEL_0, `Completed At:\t${formatRfc1123z(completion, options)}\n`);
    if (start && completion) w.write(LEVEL_0, `Duration:\t${humanDuration(Date.parse(completion) - Date.parse(start))}\n`);
    if (isNumber(spec['activeDeadlineSeconds'])) w.write(LEVEL_0, `Active Deadline Seconds:\t${spec['activeDeadlineSeconds']}s\n`);
    const counts = `/ ${num(status['succeeded'])} Succeeded / ${num(status['failed'])} Failed`;
    if (isNumber(status['ready'])) w.write(LEVEL_0, `Pods Statuses:\t${num(status['active'])} Active (${status['ready']} Ready) ${counts}\n`);
    else w.write(LEVEL_0, `Pods Statuses:\t${num(status['active'])} Active ${counts}\n`);
    if (spec['completionMode'] === 'Indexed') w.write(LEVEL_0, `Completed Indexes:\t${capIndexes(str(status['completedIndexes']), 50)}\n`);
    describePodTemplate(obj(spec['template']), w, options);
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}

/** kubectl's `describeJobTemplate`. */
function describeJobTemplate(template: Json, w: DescribeWriter, options: DescribeOptions): void {
  const spec = obj(template['spec']);
  const selector = spec['selector'];
  if (selector !== undefined && selector !== null) w.write(LEVEL_0, `Selector:\t${selectorString(fromObjectSelector(selector))}\n`);
  else w.write(LEVEL_0, 'Selector:\t<unset>\n');
  w.write(LEVEL_0, `Parallelism:\t${isNumber(spec['parallelism']) ? spec['parallelism'] : '<unset>'}\n`);
  w.write(LEVEL_0, `Completions:\t${isNumber(spec['completions']) ? spec['completions'] : '<unset>'}\n`);
  if (isNumber(spec['activeDeadlineSeconds'])) w.write(LEVEL_0, `Active Deadline Seconds:\t${spec['activeDeadlineSeconds']}s\n`);
  describePodTemplate(obj(spec['template']), w, options);
}

/** `describe cronjob`. */
export function describeCronJob(cronJob: KubeObject, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const { meta, spec, status } = partsOf(cronJob);
  return tabbedString((w) => {
    printObjectHeader(w, meta);
    w.write(LEVEL_0, `Schedule:\t${str(spec['schedule'])}\n`);
    w.write(LEVEL_0, `Concurrency Policy:\t${str(spec['concurrencyPolicy'])}\n`);
    w.write(LEVEL_0, `Suspend:\t${printBoolPtr(spec['suspend'])}\n`);
    const limit = (v: unknown): string => (isNumber(v) ? String(v) : '<unset>');
    w.write(LEVEL_0, `Successful Job History Limit:\t${limit(spec['successfulJobsHistoryLimit'])}\n`);
    w.write(LEVEL_0, `Failed Job History Limit:\t${limit(spec['failedJobsHistoryLimit'])}\n`);
    w.write(LEVEL_0, `Starting Deadline Seconds:\t${isNumber(spec['startingDeadlineSeconds']) ? `${spec['startingDeadlineSeconds']}s` : '<unset>'}\n`);
    describeJobTemplate(obj(spec['jobTemplate']), w, options);
    const last = str(status['lastScheduleTime']);
    w.write(LEVEL_0, `Last Schedule Time:\t${last ? formatRfc1123z(last, options) : '<unset>'}\n`);
    const active = objs(status['active']);
    w.write(LEVEL_0, 'Active Jobs:\t');
    if (active.length === 0) w.writeLine('<none>');
    else w.writeLine(active.map((j) => str(j['name'])).join(', '));
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}
