import type { KubeObject } from '../../sdk/types/meta.js';
import { compareUtf8 } from '../encoding/utf8-order.js';
import { formatQuantity } from '../sort/quantity.js';
import type { DescribeOptions } from './format.js';
import { formatRfc1123z, printAnnotationsMultiline, printLabelsMultiline, sortedKeys } from './format.js';
import { obj, objs, str, strs } from './json-access.js';
import { LAST_APPLIED } from './skip.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, LEVEL_1, tabbedString } from './writer.js';

const SCOPE_HELP: Record<string, string> = {
  Terminating: 'Matches all pods that have an active deadline. These pods have a limited lifespan on a node before being actively terminated by the system.',
  NotTerminating: 'Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.',
  BestEffort: 'Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.',
  NotBestEffort: 'Matches all pods that have at least one resource requirement set. These pods have a burstable or guaranteed quality of service.',
};

/** `DescribeResourceQuotas`: every quota of the namespace with its used and hard amounts. */
function describeResourceQuotas(quotas: readonly KubeObject[], w: DescribeWriter): void {
  if (quotas.length === 0) {
    w.write(LEVEL_0, 'No resource quota.\n');
    return;
  }
  const sorted = [...quotas].sort((a, b) => compareUtf8(a.metadata?.name ?? '', b.metadata?.name ?? ''));
  w.write(LEVEL_0, 'Resource Quotas\n');
  for (const q of sorted) {
    w.write(LEVEL_1, `Name:\t${q.metadata?.name ?? ''}\n`);
    const scopes = strs(obj(q['spec'])['scopes']).sort(compareUtf8);
    if (scopes.length > 0) {
      w.write(LEVEL_1, `Scopes:\t${scopes.join(', ')}\n`);
      for (const scope of scopes) {
        const help = SCOPE_HELP[scope];
        if (help) w.write(LEVEL_1, `* ${help}\n`);
      }
    }
    w.write(LEVEL_1, 'Resource\tUsed\tHard\n');
    w.write(LEVEL_1, '--------\t---\t---\n');
    const status = obj(q['status']);
    const hard = obj(status['hard']);
    const used = obj(status['used']);
    for (const name of sortedKeys(hard)) {
      const u = used[name] === undefined ? '0' : formatQuantity(String(used[name]));
      w.write(LEVEL_1, `${name}\t${u}\t${formatQuantity(String(hard[name]))}\n`);
    }
  }
}

/** `DescribeLimitRanges`: one row per limit type and resource. */
function describeLimitRanges(limitRanges: readonly KubeObject[], w: DescribeWriter): void {
  if (limitRanges.length === 0) {
    w.write(LEVEL_0, 'No LimitRange resource.\n');
    return;
  }
  w.write(LEVEL_0, 'Resource Limits\n Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n');
  w.write(LEVEL_0, ' ----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n');
  for (const lr of limitRanges) {
    for (const item of objs(obj(lr['spec'])['limits'])) {
      const max = obj(item['max']);
      const min = obj(item['min']);
      const def = obj(item['default']);
      const defReq = obj(item['defaultRequest']);
      const ratio = obj(item['maxLimitRequestRatio']);
      const names = new Set([...Object.keys(max), ...Object.keys(min), ...Object.keys(def), ...Object.keys(defReq), ...Object.keys(ratio)]);
      const q = (m: Record<string, unknown>, k: string): string => (m[k] === undefined ? '-' : formatQuantity(String(m[k])));
      for (const k of names) {
        w.write(LEVEL_0, ` ${str(item['type'])}\t${k}\t${q(min, k)}\t${q(max, k)}\t${q(defReq, k)}\t${q(def, k)}\t${q(ratio, k)}\n`);
      }
    }
  }
}

/**
 * `describe namespace`: labels, annotations, phase, conditions, and the namespace's resource
 * quotas and limit ranges (omit a list to leave its section out, as when the server has none).
 */
export function describeNamespace(
  namespace: KubeObject,
  quotas: readonly KubeObject[] | undefined,
  limitRanges: readonly KubeObject[] | undefined,
  options: DescribeOptions,
): string {
  const status = obj(namespace['status']);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${namespace.metadata?.name ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', namespace.metadata?.labels);
    printAnnotationsMultiline(w, 'Annotations', namespace.metadata?.annotations, LAST_APPLIED);
    w.write(LEVEL_0, `Status:\t${str(status['phase'])}\n`);
    const conditions = objs(status['conditions']);
    if (conditions.length > 0) {
      w.write(LEVEL_0, 'Conditions:\n');
      w.write(LEVEL_1, 'Type\tStatus\tLastTransitionTime\tReason\tMessage\n');
      w.write(LEVEL_1, '----\t------\t------------------\t------\t-------\n');
      for (const c of conditions) {
        w.write(LEVEL_1, `${str(c['type'])}\t${str(c['status'])}\t${formatRfc1123z(str(c['lastTransitionTime']), options)}\t${str(c['reason'])}\t${str(c['message'])}\n`);
      }
    }
    if (quotas !== undefined) {
      w.write(LEVEL_0, '\n');
      describeResourceQuotas(quotas, w);
    }
    if (limitRanges !== undefined) {
      w.write(LEVEL_0, '\n');
      describeLimitRanges(limitRanges, w);
    }
  });
}
