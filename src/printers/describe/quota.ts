/**
 * `describe resourcequota` and `describe limitrange`, and the `Resource Quotas` and `Resource
 * Limits` sections of `describe namespace`.
 */
import type { KubeObject } from '../../sdk/types/meta.js';
import { compareUtf8, sortedKeys } from '../../machinery/json/go-json.js';
import { formatQuantity } from '../../machinery/quantity/format.js';
import type { QuantityFormat } from '../../machinery/quantity/parse.js';
import { quantityOf, quantityString, quantityValue } from '../../machinery/quantity/text.js';
import { obj, objs, partsOf, str, strs } from './json-access.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, LEVEL_1, tabbedString } from './writer.js';
import { printNameAndNamespace } from './object-header.js';

type Json = Record<string, unknown>;

const SCOPE_HELP: Record<string, string> = {
  Terminating: 'Matches all pods that have an active deadline. These pods have a limited lifespan on a node before being actively terminated by the system.',
  NotTerminating: 'Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.',
  BestEffort: 'Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.',
  NotBestEffort: 'Matches all pods that have at least one resource requirement set. These pods have a burstable or guaranteed quality of service.',
};

function helpTextForScope(scope: string): string {
  return Object.hasOwn(SCOPE_HELP, scope) ? SCOPE_HELP[scope] ?? '' : '';
}

/** `resource.NewQuantity(value, format).String()`: a whole number of units in a format. */
function wholeQuantity(value: bigint, format: QuantityFormat): string {
  return formatQuantity({ unscaled: value, scale: 0, format });
}

/** `Quantity.String()` of an entry of a resource list (`0` when absent). */
function quantityText(list: Json, name: string): string {
  const v = list[name];
  return v === undefined || v === null ? '0' : quantityString(String(v));
}

/** A quota's `Scopes:` line and the help of each scope, `bullet` before it (kubectl words the two describers differently). */
function printScopes(w: DescribeWriter, level: number, bullet: string, quota: KubeObject): void {
  const scopes = strs(obj(quota['spec'])['scopes']).sort(compareUtf8);
  if (scopes.length === 0) return;
  w.write(level, `Scopes:\t${scopes.join(', ')}\n`);
  for (const scope of scopes) {
    const help = helpTextForScope(scope);
    if (help) w.write(level, `${bullet}${help}\n`);
  }
}

/** `DescribeResourceQuotas`: every quota of a namespace, sorted by name, with used and hard amounts. */
export function describeResourceQuotas(quotas: readonly KubeObject[], w: DescribeWriter): void {
  if (quotas.length === 0) {
    w.write(LEVEL_0, 'No resource quota.\n');
    return;
  }
  const sorted = [...quotas].sort((a, b) => compareUtf8(a.metadata?.name ?? '', b.metadata?.name ?? ''));
  w.write(LEVEL_0, 'Resource Quotas\n');
  for (const q of sorted) {
    w.write(LEVEL_1, `Name:\t${q.metadata?.name ?? ''}\n`);
    printScopes(w, LEVEL_1, '* ', q);
    w.write(LEVEL_1, 'Resource\tUsed\tHard\n');
    w.write(LEVEL_1, '--------\t---\t---\n');
    const status = obj(q['status']);
    const hard = obj(status['hard']);
    const used = obj(status['used']);
    for (const name of sortedKeys(hard)) w.write(LEVEL_1, `${name}\t${quantityText(used, name)}\t${quantityText(hard, name)}\n`);
  }
}

/**
 * The used amount as `describeQuota` prints it: re-expressed in the hard amount's notation
 * (whole units, rounded up) when the two notations differ.
 */
function usedText(used: Json, hard: Json, name: string): string {
  const u = used[name];
  const h = hard[name];
  if (u === undefined || u === null) return h === undefined || h === null ? '0' : wholeQuantity(0n, quantityOf(String(h))?.format ?? 'DecimalSI');
  const hardFormat = h === undefined || h === null ? 'DecimalSI' : quantityOf(String(h))?.format ?? 'DecimalSI';
  const usedFormat = quantityOf(String(u))?.format ?? 'DecimalSI';
  if (hardFormat === usedFormat) return quantityString(String(u));
  return wholeQuantity(quantityValue(String(u)), hardFormat);
}

/** `describe resourcequota`. kubectl shows no events for quotas. */
export function describeResourceQuota(quota: KubeObject): string {
  const { meta, status } = partsOf(quota);
  const hard = obj(status['hard']);
  const used = obj(status['used']);
  return tabbedString((w) => {
    printNameAndNamespace(w, meta);
    printScopes(w, LEVEL_0, ' * ', quota);
    w.write(LEVEL_0, 'Resource\tUsed\tHard\n');
    w.write(LEVEL_0, '--------\t----\t----\n');
    for (const name of sortedKeys(hard)) w.write(LEVEL_0, `${name}\t${usedText(used, hard, name)}\t${quantityText(hard, name)}\n`);
  });
}

/**
 * kubectl's `describeLimitRangeSpec`: one row per limit and resource (kubectl walks a Go map, in
 * no fixed order; the resources are sorted here).
 */
function describeLimitRangeSpec(spec: Json, prefix: string, w: DescribeWriter): void {
  for (const item of objs(spec['limits'])) {
    const lists = ['min', 'max', 'defaultRequest', 'default', 'maxLimitRequestRatio'].map((key) => obj(item[key]));
    const names = [...new Set(lists.flatMap((l) => Object.keys(l)))].sort(compareUtf8);
    for (const name of names) {
      const cells = lists.map((l) => (l[name] === undefined || l[name] === null ? '-' : quantityString(String(l[name]))));
      w.write(LEVEL_0, `${prefix}${str(item['type'])}\t${name}\t${cells.join('\t')}\n`);
    }
  }
}

/** `DescribeLimitRanges`: the limits of every LimitRange of a namespace in one table. */
export function describeLimitRanges(limitRanges: readonly KubeObject[], w: DescribeWriter): void {
  if (limitRanges.length === 0) {
    w.write(LEVEL_0, 'No LimitRange resource.\n');
    return;
  }
  w.write(LEVEL_0, 'Resource Limits\n Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n');
  w.write(LEVEL_0, ' ----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n');
  for (const lr of limitRanges) describeLimitRangeSpec(obj(lr['spec']), ' ', w);
}

/** `describe limitrange`. kubectl shows no events for limit ranges. */
export function describeLimitRange(limitRange: KubeObject): string {
  const meta = limitRange.metadata ?? {};
  return tabbedString((w) => {
    printNameAndNamespace(w, meta);
    w.write(LEVEL_0, 'Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n');
    w.write(LEVEL_0, '----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n');
    describeLimitRangeSpec(obj(limitRange['spec']), '', w);
  });
}
