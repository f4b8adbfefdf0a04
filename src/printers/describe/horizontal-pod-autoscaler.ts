/**
 * `describe horizontalpodautoscaler`: the target, each metric as `current / target`, the replica
 * bounds, the scaling behavior, the current and desired replicas, conditions and events, for
 * `autoscaling/v2` objects (and the CPU-only `autoscaling/v1` form when that is all there is).
 */
import type { KubeObject } from '../../sdk/types/meta.js';
import { goQuote } from '../../machinery/go-quote.js';
import { quantityString } from '../../machinery/quantity/text.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { formatRfc1123z, printConditions } from './format.js';
import { num, obj, objs, partsOf, str } from './json-access.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, tabbedString } from './writer.js';
import { printObjectHeader } from './object-header.js';

type Json = Record<string, unknown>;

const present = (v: unknown): boolean => v !== undefined && v !== null;
/** `(*Quantity).String()` of an optional field: `<nil>` when absent. */
const q = (v: unknown): string => (present(v) ? quantityString(String(v)) : '<nil>');

/** One line of the `Metrics:` section (kubectl's switch on the metric type). */
function describeMetric(w: DescribeWriter, metric: Json, current: Json | undefined): void {
  const type = str(metric['type']);
  const cur = (key: string): Json | undefined => (current !== undefined && present(current[key]) ? obj(obj(current[key])['current']) : undefined);
  switch (type) {
    case 'External': {
      const ext = obj(metric['external']);
      const target = obj(ext['target']);
      const name = goQuote(str(obj(ext['metric'])['name']));
      const c = cur('external');
      if (present(target['averageValue'])) {
        const value = c !== undefined && present(c['averageValue']) ? q(c['averageValue']) : '<unknown>';
        w.write(LEVEL_1, `${name} (target average value):\t${value} / ${q(target['averageValue'])}\n`);
      } else {
        const value = c !== undefined ? q(c['value']) : '<unknown>';
        w.write(LEVEL_1, `${name} (target value):\t${value} / ${q(target['value'])}\n`);
      }
      return;
    }
    case 'Pods': {
      const pods = obj(metric['pods']);
      const c = cur('pods');
      w.write(LEVEL_1, `${goQuote(str(obj(pods['metric'])['name']))} on pods:\t${c !== undefined ? q(c['averageValue']) : '<unknown>'} / ${q(obj(pods['target'])['averageValue'])}\n`);
      return;
    }
    case 'Object': {
      const object = obj(metric['object']);
      const described = obj(object['describedObject']);
      const target = obj(object['target']);
      const c = cur('object');
      w.write(LEVEL_1, `"${str(obj(object['metric'])['name'])}" on ${str(described['kind'])}/${str(described['name'])} `);
      if (str(target['type']) === 'AverageValue') w.write(LEVEL_0, `(target average value):\t${c !== undefined ? q(c['averageValue']) : '<unknown>'} / ${q(target['averageValue'])}\n`);
      else w.write(LEVEL_0, `(target value):\t${c !== undefined ? q(c['value']) : '<unknown>'} / ${q(target['value'])}\n`);
      return;
    }
    case 'Resource':
    case 'ContainerResource': {
      const key = type === 'Resource' ? 'resource' : 'containerResource';
      const source = obj(metric[key]);
      const target = obj(source['target']);
      const c = cur(key);
      if (type === 'Resource') w.write(LEVEL_1, `resource ${str(source['name'])} on pods`);
      else w.write(LEVEL_1, `resource ${str(source['name'])} of container "${str(source['container'])}" on pods`);
      if (present(target['averageValue'])) {
        w.write(LEVEL_0, `:\t${c !== undefined ? q(c['averageValue']) : '<unknown>'} / ${q(target['averageValue'])}\n`);
      } else {
        const value = c !== undefined && typeof c['averageUtilization'] === 'number' ? `${c['averageUtilization']}% (${q(c['averageValue'])})` : '<unknown>';
        const goal = typeof target['averageUtilization'] === 'number' ? `${target['averageUtilization']}%` : '<auto>';
        w.write(LEVEL_1, `(as a percentage of request):\t${value} / ${goal}\n`);
      }
      return;
    }
    default:
      w.write(LEVEL_1, `<unknown metric type ${goQuote(type)}>\n`);
  }
}

function printDirectionBehavior(w: DescribeWriter, direction: string, rules: unknown): void {
  if (!present(rules)) return;
  const r = obj(rules);
  w.write(LEVEL_1, `${direction}:\n`);
  if (typeof r['stabilizationWindowSeconds'] === 'number') w.write(LEVEL_2, `Stabilization Window: ${r['stabilizationWindowSeconds']} seconds\n`);
  const policies = objs(r['policies']);
  if (policies.length === 0) return;
  w.write(LEVEL_2, `Select Policy: ${typeof r['selectPolicy'] === 'string' ? r['selectPolicy'] : 'Max'}\n`);
  w.write(LEVEL_2, 'Policies:\n');
  for (const p of policies) w.write(LEVEL_3, `- Type: ${str(p['type'])}\tValue: ${num(p['value'])}\tPeriod: ${num(p['periodSeconds'])} seconds\n`);
}

function header(w: DescribeWriter, hpa: KubeObject, options: DescribeOptions): void {
  const meta = hpa.metadata ?? {};
  const ref = obj(obj(hpa['spec'])['scaleTargetRef']);
  printObjectHeader(w, meta);
  w.write(LEVEL_0, `CreationTimestamp:\t${formatRfc1123z(meta.creationTimestamp, options)}\n`);
  w.write(LEVEL_0, `Reference:\t${str(ref['kind'])}/${str(ref['name'])}\n`);
}

function replicas(w: DescribeWriter, spec: Json, status: Json, behavior: (() => void) | undefined): void {
  w.write(LEVEL_0, `Min replicas:\t${typeof spec['minReplicas'] === 'number' ? spec['minReplicas'] : '<unset>'}\n`);
  w.write(LEVEL_0, `Max replicas:\t${num(spec['maxReplicas'])}\n`);
  behavior?.();
  w.write(LEVEL_0, `${str(obj(spec['scaleTargetRef'])['kind'])} pods:\t`);
  w.write(LEVEL_0, `${num(status['currentReplicas'])} current / ${num(status['desiredReplicas'])} desired\n`);
}

/** `describe horizontalpodautoscaler` of an `autoscaling/v2` object. */
export function describeHorizontalPodAutoscaler(hpa: KubeObject, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const { spec, status } = partsOf(hpa);
  const currentMetrics = objs(status['currentMetrics']);
  return tabbedString((w) => {
    header(w, hpa, options);
    w.write(LEVEL_0, 'Metrics:\t( current / target )\n');
    objs(spec['metrics']).forEach((metric, i) => describeMetric(w, metric, currentMetrics[i]));
    replicas(w, spec, status, present(spec['behavior']) ? (): void => {
      w.write(LEVEL_0, 'Behavior:\n');
      printDirectionBehavior(w, 'Scale Up', obj(spec['behavior'])['scaleUp']);
      printDirectionBehavior(w, 'Scale Down', obj(spec['behavior'])['scaleDown']);
    } : undefined);
    printConditions(w, objs(status['conditions']), 'Type\tStatus\tReason\tMessage', '----\t------\t------\t-------',
      (c) => `${str(c['type'])}\t${str(c['status'])}\t${str(c['reason'])}\t${str(c['message'])}`);
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}

/** `describe horizontalpodautoscaler` of an `autoscaling/v1` object (when v2 is not served). */
export function describeHorizontalPodAutoscalerV1(hpa: KubeObject, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const { spec, status } = partsOf(hpa);
  return tabbedString((w) => {
    header(w, hpa, options);
    if (typeof spec['targetCPUUtilizationPercentage'] === 'number') {
      w.write(LEVEL_0, `Target CPU utilization:\t${spec['targetCPUUtilizationPercentage']}%\n`);
      const current = typeof status['currentCPUUtilizationPercentage'] === 'number' ? String(status['currentCPUUtilizationPercentage']) : '<unknown>';
      w.write(LEVEL_0, `Current CPU utilization:\t${current}%\n`);
    }
    replicas(w, spec, status, undefined);
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}
