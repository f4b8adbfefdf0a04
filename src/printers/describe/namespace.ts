import type { KubeObject } from '../../sdk/types/meta.js';
import type { DescribeOptions } from './format.js';
import { formatRfc1123z, printConditions } from './format.js';
import { obj, objs, str } from './json-access.js';
import { describeLimitRanges, describeResourceQuotas } from './quota.js';
import { LEVEL_0, tabbedString } from './writer.js';
import { printLabelsAndAnnotations } from './object-header.js';

/**
 * `describe namespace`: labels, annotations, phase, conditions, and the namespace's resource
 * quotas and limit ranges (omit a list to leave its section out, as when the server has none).
 */
export function describeNamespace(namespace: KubeObject, quotas: readonly KubeObject[] | undefined, limitRanges: readonly KubeObject[] | undefined, options: DescribeOptions): string {
  const status = obj(namespace['status']);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${namespace.metadata?.name ?? ''}\n`);
    printLabelsAndAnnotations(w, namespace.metadata ?? {});
    w.write(LEVEL_0, `Status:\t${str(status['phase'])}\n`);
    printConditions(w, objs(status['conditions']), 'Type\tStatus\tLastTransitionTime\tReason\tMessage', '----\t------\t------------------\t------\t-------',
      (c) => `${str(c['type'])}\t${str(c['status'])}\t${formatRfc1123z(str(c['lastTransitionTime']), options)}\t${str(c['reason'])}\t${str(c['message'])}`);
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
