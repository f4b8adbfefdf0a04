import type { KubeObject } from '../../sdk/types/meta.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { formatRfc1123z } from './format.js';
import { intOrString, num, obj, objs, partsOf, str } from './json-access.js';
import { describePodTemplate } from './pod.js';
import { LEVEL_0, LEVEL_1, tabbedString } from './writer.js';
import { fromObjectSelector, selectorString } from '../../machinery/labels/selector.js';
import { printNameAndNamespace, printLabelsAndAnnotations } from './object-header.js';

/** The ReplicaSets a deployment describe shows, as the caller found them (kubectl's `GetAllReplicaSets`). */
export interface DeploymentReplicaSets {
  old: readonly KubeObject[];
  new: readonly KubeObject[];
}

function replicaSetsText(list: readonly KubeObject[]): string {
  const text = list
    .map((rs) => `${rs.metadata?.name ?? ''} (${num(obj(rs['status'])['replicas'])}/${num(obj(rs['spec'])['replicas'])} replicas created)`)
    .join(', ');
  return text === '' ? '<none>' : text;
}

/**
 * `describe deployment`: replicas, strategy, the pod template, conditions, old and new
 * ReplicaSets and the events.
 */
export function describeDeployment(deployment: KubeObject, replicaSets: DeploymentReplicaSets | undefined, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const { meta, spec, status } = partsOf(deployment);
  return tabbedString((w) => {
    printNameAndNamespace(w, meta);
    w.write(LEVEL_0, `CreationTimestamp:\t${formatRfc1123z(meta.creationTimestamp, options)}\n`);
    printLabelsAndAnnotations(w, meta);
    w.write(LEVEL_0, `Selector:\t${selectorString(fromObjectSelector(spec['selector']))}\n`);
    w.write(
      LEVEL_0,
      `Replicas:\t${num(spec['replicas'])} desired | ${num(status['updatedReplicas'])} updated | ${num(status['replicas'])} total | ${num(status['availableReplicas'])} available | ${num(status['unavailableReplicas'])} unavailable\n`,
    );
    const strategy = obj(spec['strategy']);
    w.write(LEVEL_0, `StrategyType:\t${str(strategy['type'])}\n`);
    w.write(LEVEL_0, `MinReadySeconds:\t${num(spec['minReadySeconds'])}\n`);
    if (strategy['rollingUpdate'] !== undefined) {
      const ru = obj(strategy['rollingUpdate']);
      w.write(LEVEL_0, `RollingUpdateStrategy:\t${intOrString(ru['maxUnavailable'])} max unavailable, ${intOrString(ru['maxSurge'])} max surge\n`);
    }
    describePodTemplate(obj(spec['template']), w, options);
    const conditions = objs(status['conditions']);
    if (conditions.length > 0) {
      w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tReason\n');
      w.write(LEVEL_1, '----\t------\t------\n');
      for (const c of conditions) w.write(LEVEL_1, `${str(c['type'])} \t${str(c['status'])}\t${str(c['reason'])}\n`);
    }
    if (replicaSets && (replicaSets.old.length > 0 || replicaSets.new.length > 0)) {
      w.write(LEVEL_0, `OldReplicaSets:\t${replicaSetsText(replicaSets.old)}\n`);
      w.write(LEVEL_0, `NewReplicaSet:\t${replicaSetsText(replicaSets.new)}\n`);
    }
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}
