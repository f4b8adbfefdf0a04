/**
 * `describe horizontalpodautoscaler` of an `autoscaling/v2` object: each metric's current value
 * next to its target, the replica bounds, the behavior when one is set, the current and desired
 * replicas, and the conditions, as kubectl prints them.
 */
import type { KubeObject } from '../../sdk/types/meta.js';
import { formatQuantity } from '../sort/quantity.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { formatRfc1123z, printAnnotationsMultiline, printLabelsMultiline } from './format.js';
import { num, obj, objs, str } from './json-access.js';
import { LAST_APPLIED } from './skip.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, tabbedString } from './writer.js';

type Json = Record<string, unknown>;

function quantity(v: unknown): string {
  return v === undefined || v === null ? '0' : formatQuantity(String(v));
}

/** A resource metric (`resource` or `containerResource`): average value, or utilisation against the request. */
function resourceMetric(w: DescribeWriter, title: string, source: Json, current: Json | undefined): void {
  const target = obj(source['target']);
  const now = current === undefined ? undefined : obj(current['current']);
  w.write(LEVEL_1, title);
  if (target['averageValue'] !== undefined) {
    w.write(LEVEL_0, `:\t${now === undefined ? '<unknown>' : quantity(now['averageValue'])} / ${quantity(target['averageValue'])}\n`);
    return;
  }
  const cur = now !== undefined && now['averageUtilization'] !== undefined ? `${num(now['averageUtilization'])}% (${quantity(now['averageValue'])})` : '<unknown>';
  const want = target['averageUtilization'] !== undefined ? `${num(target['averageUtilization'])}%` : '<auto>';
  w.write(LEVEL_1, `(as a percentage of request):\t${cur} / ${want}\n`);
}

function metricLine(w: DescribeWriter, metric: Json, current: Json | undefined): void {
  const type = str(metric['type']);
  switch (type) {
    case 'Resource': {
      const source = obj(metric['resource']);
      resourceMetric(w, `resource ${str(source['name'])} on pods`, source, current?.['resource'] === undefined ? undefined : obj(current['resource']));
      return;
    }
    case 'ContainerResource': {
      const source = obj(metric['containerResource']);
      resourceMetric(w, `resource ${str(source['name'])} of container "${str(source['container'])}" on pods`, source, current?.['containerResource'] === undefined ? undefined : obj(current['containerResource']));
      return;
    }
    case 'Pods': {
      const source = obj(metric['pods']);
      const now = current?.['pods'] === undefined ? '<unknown>' : quantity(obj(obj(obj(current)['pods'])['current'])['averageValue']);
      w.write(LEVEL_1, `${JSON.stringify(str(obj(source['metric'])['name']))} on pods:\t${now} / ${quantity(obj(source['target'])['averageValue'])}\n`);
      return;
    }
    case 'Object': {
      const source = obj(metric['object']);
      const target = obj(source['target']);
      const described = obj(source['describedObject']);
      w.write(LEVEL_1, `"${str(obj(source['metric'])['name'])}" on ${str(described['kind'])}/${str(described['name'])} `);
      const field = str(target['type']) === 'AverageValue' ? 'averageValue' : 'value';
      const now = current?.['object'] === undefined ? '<unknown>' : quantity(obj(obj(obj(current)['object'])['current'])[field]);
      w.write(LEVEL_0, `(target ${field === 'value' ? 'value' : 'average value'}):\t${now} / ${quantity(target[field])}\n`);
      return;
    }
    case 'External': {
      const source = obj(metric['external']);
      const target = obj(source['target']);
      const field = target['averageValue'] !== undefined ? 'averageValue' : 'value';
      const now = current?.['external'] === undefined ? '<unknown>' : quantity(obj(obj(obj(current)['external'])['current'])[field]);
      w.write(LEVEL_1, `${JSON.stringify(str(obj(source['metric'])['name']))} (target ${field === 'value' ? 'value' : 'average value'}):\t${now} / ${quantity(target[field])}\n`);
      return;
    }
    default:
      w.write(LEVEL_1, `<unknown metric type ${JSON.stringify(type)}>\n`);
  }
}

function directionBehavior(w: DescribeWriter, direction: string, rules: unknown): void {
  if (rules === undefined || rules === null) return;
  const r = obj(rules);
  w.write(LEVEL_1, `${direction}:\n`);
  if (r['stabilizationWindowSeconds'] !== undefined) w.write(LEVEL_2, `Stabilization Window: ${num(r['stabilizationWindowSeconds'])} seconds\n`);
  const policies = objs(r['policies']);
  if (policies.length === 0) return;
  w.write(LEVEL_2, `Select Policy: ${str(r['selectPolicy']) === '' ? 'Max' : str(r['selectPolicy'])}\n`);
  w.write(LEVEL_2, 'Policies:\n');
  for (const p of policies) w.write(LEVEL_3, `- Type: ${str(p['type'])}\tValue: ${num(p['value'])}\tPeriod: ${num(p['periodSeconds'])} seconds\n`);
}

/** `describe hpa`. */
export function describeHorizontalPodAutoscaler(hpa: KubeObject, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const spec = obj(hpa['spec']);
  const status = obj(hpa['status']);
  const meta = hpa.metadata ?? {};
  const ref = obj(spec['scaleTargetRef']);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', meta.labels);
    printAnnotationsMultiline(w, 'Annotations', meta.annotations, LAST_APPLIED);
    w.write(LEVEL_0, `CreationTimestamp:\t${formatRfc1123z(meta.creationTimestamp, options)}\n`);
    w.write(LEVEL_0, `Reference:\t${str(ref['kind'])}/${str(ref['name'])}\n`);
    w.write(LEVEL_0, 'Metrics:\t( current / target )\n');
    const currents = objs(status['currentMetrics']);
    objs(spec['metrics']).forEach((m, i) => metricLine(w, m, currents[i]));
    w.write(LEVEL_0, `Min replicas:\t${spec['minReplicas'] === undefined ? '<unset>' : String(num(spec['minReplicas']))}\n`);
    w.write(LEVEL_0, `Max replicas:\t${num(spec['maxReplicas'])}\n`);
    if (spec['behavior'] !== undefined && spec['behavior'] !== null) {
      w.write(LEVEL_0, 'Behavior:\n');
      directionBehavior(w, 'Scale Up', obj(spec['behavior'])['scaleUp']);
      directionBehavior(w, 'Scale Down', obj(spec['behavior'])['scaleDown']);
    }
    w.write(LEVEL_0, `${str(ref['kind'])} pods:\t${num(status['currentReplicas'])} current / ${num(status['desiredReplicas'])} desired\n`);
    const conditions = objs(status['conditions']);
    if (conditions.length > 0) {
      w.write(LEVEL_0, 'Conditions:\n');
      w.write(LEVEL_1, 'Type\tStatus\tReason\tMessage\n');
      w.write(LEVEL_1, '----\t------\t------\t-------\n');
      for (const c of conditions) w.write(LEVEL_1, `${str(c['type'])}\t${str(c['status'])}\t${str(c['reason'])}\t${str(c['message'])}\n`);
    }
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}
