import type { KubeObject } from '../../sdk/types/meta.js';
import { compareUtf8 } from '../../machinery/json/go-json.js';
import { compareQuantities } from '../../machinery/quantity/arithmetic.js';
import { quantityOf } from '../../machinery/quantity/text.js';
import { describeContainers, describeResources } from './containers.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { formatRfc1123z, printAnnotationsMultiline, printLabelsMultiline, printListSection, timestampSince } from './format.js';
import { num, obj, objs, partsOf, str } from './json-access.js';
import { LAST_APPLIED } from './skip.js';
import { describeVolumes, printTolerationsMultiline } from './volumes.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, LEVEL_1, tabbedString } from './writer.js';
import { formatObjectSelector } from '../../machinery/labels/selector.js';
import { printNameAndNamespace, printLabelsAndAnnotations } from './object-header.js';

type Json = Record<string, unknown>;

/** `Kind/name` of the owner reference marked as the controller, or `''`. */
export function controllerOf(object: KubeObject): string {
  const ref = (object.metadata?.ownerReferences ?? []).find((r) => r.controller === true);
  return ref ? `${ref.kind}/${ref.name}` : '';
}

function positive(q: unknown): boolean {
  const parsed = typeof q === 'string' || typeof q === 'number' ? quantityOf(String(q)) : undefined;
  return parsed !== undefined && parsed.unscaled > 0n;
}

/** The pod's QoS class: `status.qosClass` when set, else computed as the API computes it. */
export function podQosClass(pod: Json): string {
  const status = str(obj(pod['status'])['qosClass']);
  if (status) return status;
  const spec = obj(pod['spec']);
  const requests = new Map<string, string>();
  const limits = new Map<string, string>();
  let guaranteed = true;
  for (const c of [...objs(spec['containers']), ...objs(spec['initContainers'])]) {
    const resources = obj(c['resources']);
    for (const [name, q] of Object.entries(obj(resources['requests']))) {
      if ((name === 'cpu' || name === 'memory') && positive(q)) requests.set(name, String(q));
    }
    const found = new Set<string>();
    for (const [name, q] of Object.entries(obj(resources['limits']))) {
      if ((name === 'cpu' || name === 'memory') && positive(q)) {
        found.add(name);
        limits.set(name, String(q));
      }
    }
    if (!(found.has('cpu') && found.has('memory'))) guaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (guaranteed) {
    for (const [name, req] of requests) {
      const lim = limits.get(name);
      const a = quantityOf(req);
      const b = lim === undefined ? undefined : quantityOf(lim);
      if (!a || !b || compareQuantities(a, b) !== 0) guaranteed = false;
    }
  }
  return guaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}

/**
 * The value kubectl shows for a `fieldRef` environment variable: its field path goes through the
 * scheme's field-label conversion, which for client-side Pods knows only `metadata.name` and
 * `metadata.namespace`; every other path shows nothing.
 */
export function podFieldValue(pod: KubeObject, fieldPath: string): string {
  const meta = pod.metadata ?? {};
  if (fieldPath === 'metadata.name') return meta.name ?? '';
  if (fieldPath === 'metadata.namespace') return meta.namespace ?? '';
  return '';
}

/** kubectl's `describeTopologySpreadConstraints`: sorted by topology key, one a line. */
function describeTopologySpreadConstraints(constraints: Json[], w: DescribeWriter, space: string): void {
  if (constraints.length === 0) return;
  const sorted = constraints.map((c, i) => ({ c, i })).sort((a, b) => compareUtf8(str(a.c['topologyKey']), str(b.c['topologyKey'])) || a.i - b.i).map((x) => x.c);
  w.write(LEVEL_0, `${space}Topology Spread Constraints:\t`);
  sorted.forEach((c, i) => {
    if (i !== 0) w.write(LEVEL_0, `${space}\t`);
    let line = `${str(c['topologyKey'])}:${str(c['whenUnsatisfiable'])} when max skew ${num(c['maxSkew'])} is exceeded`;
    if (c['labelSelector'] !== undefined && c['labelSelector'] !== null) line += ` for selector ${formatObjectSelector(c['labelSelector'])}`;
    w.write(LEVEL_0, `${line}\n`);
  });
}

/** kubectl's `DescribePodTemplate`, used by the Deployment (and other controller) describers. */
export function describePodTemplate(template: Json | undefined, w: DescribeWriter, options: DescribeOptions): void {
  w.write(LEVEL_0, 'Pod Template:\n');
  if (template === undefined) {
    w.write(LEVEL_1, '<unset>');
    return;
  }
  const meta = obj(template['metadata']);
  const spec = obj(template['spec']);
  printLabelsMultiline(w, '  Labels', meta['labels'] as Record<string, string> | undefined);
  const annotations = meta['annotations'] as Record<string, string> | undefined;
  if (annotations && Object.keys(annotations).length > 0) printAnnotationsMultiline(w, '  Annotations', annotations, LAST_APPLIED);
  if (str(spec['serviceAccountName'])) w.write(LEVEL_1, `Service Account:\t${str(spec['serviceAccountName'])}\n`);
  const init = objs(spec['initContainers']);
  if (init.length > 0) describeContainers('Init Containers', init, undefined, undefined, w, '  ', options);
  describeContainers('Containers', objs(spec['containers']), undefined, undefined, w, '  ', options);
  describeVolumes(objs(spec['volumes']), w, '  ');
  describeTopologySpreadConstraints(objs(spec['topologySpreadConstraints']), w, '  ');
  if (str(spec['priorityClassName'])) w.write(LEVEL_1, `Priority Class Name:\t${str(spec['priorityClassName'])}\n`);
  printLabelsMultiline(w, '  Node-Selectors', spec['nodeSelector'] as Record<string, string> | undefined);
  printTolerationsMultiline(w, '  Tolerations', objs(spec['tolerations']));
}

/**
 * `describe pod`: identity, node and start time, labels and annotations, status and IPs, the
 * controller, containers with their states, conditions, volumes, QoS class, node selectors,
 * tolerations and the events.
 */
export function describePod(pod: KubeObject, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const { meta, spec, status } = partsOf(pod);
  return tabbedString((w) => {
    printNameAndNamespace(w, meta);
    if (typeof spec['priority'] === 'number') w.write(LEVEL_0, `Priority:\t${spec['priority']}\n`);
    if (str(spec['priorityClassName'])) w.write(LEVEL_0, `Priority Class Name:\t${str(spec['priorityClassName'])}\n`);
    if (str(spec['runtimeClassName'])) w.write(LEVEL_0, `Runtime Class Name:\t${str(spec['runtimeClassName'])}\n`);
    if (str(spec['serviceAccountName'])) w.write(LEVEL_0, `Service Account:\t${str(spec['serviceAccountName'])}\n`);
    if (!str(spec['nodeName'])) w.write(LEVEL_0, 'Node:\t<none>\n');
    else w.write(LEVEL_0, `Node:\t${str(spec['nodeName'])}/${str(status['hostIP'])}\n`);
    if (status['startTime'] !== undefined) w.write(LEVEL_0, `Start Time:\t${formatRfc1123z(str(status['startTime']), options)}\n`);
    printLabelsAndAnnotations(w, meta);
    const phase = str(status['phase']);
    if (meta.deletionTimestamp && phase !== 'Failed' && phase !== 'Succeeded') {
      w.write(LEVEL_0, `Status:\tTerminating (lasts ${timestampSince(meta.deletionTimestamp, options.now)})\n`);
      w.write(LEVEL_0, `Termination Grace Period:\t${meta.deletionGracePeriodSeconds ?? 0}s\n`);
    } else {
      w.write(LEVEL_0, `Status:\t${phase}\n`);
    }
    if (str(status['reason'])) w.write(LEVEL_0, `Reason:\t${str(status['reason'])}\n`);
    if (str(status['message'])) w.write(LEVEL_0, `Message:\t${str(status['message'])}\n`);
    const seccomp = obj(obj(spec['securityContext'])['seccompProfile']);
    if (Object.keys(seccomp).length > 0) {
      w.write(LEVEL_0, `SeccompProfile:\t${str(seccomp['type'])}\n`);
      if (str(seccomp['type']) === 'Localhost') w.write(LEVEL_0, `LocalhostProfile:\t${str(seccomp['localhostProfile'])}\n`);
    }
    w.write(LEVEL_0, `IP:\t${str(status['podIP'])}\n`);
    printListSection(w, 'IPs', objs(status['podIPs']), (ip) => w.write(LEVEL_1, `IP:\t${str(ip['ip'])}\n`));
    const controlledBy = controllerOf(pod);
    if (controlledBy) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
    if (str(status['nominatedNodeName'])) w.write(LEVEL_0, `NominatedNodeName:\t${str(status['nominatedNodeName'])}\n`);
    if (spec['resources'] !== undefined) {
      w.write(LEVEL_0, 'Resources:\n');
      describeResources(obj(spec['resources']), w, LEVEL_1);
    }
    const resolve = (fieldPath: string): string => podFieldValue(pod, fieldPath);
    const init = objs(spec['initContainers']);
    if (init.length > 0) describeContainers('Init Containers', init, objs(status['initContainerStatuses']), resolve, w, '', options);
    describeContainers('Containers', objs(spec['containers']), objs(status['containerStatuses']), resolve, w, '', options);
    const ephemeral = objs(spec['ephemeralContainers']);
    if (ephemeral.length > 0) describeContainers('Ephemeral Containers', ephemeral, objs(status['ephemeralContainerStatuses']), resolve, w, '', options);
    const conditions = objs(status['conditions']);
    const gates = objs(spec['readinessGates']);
    if (gates.length > 0) {
      w.write(LEVEL_0, 'Readiness Gates:\n  Type\tStatus\n');
      for (const g of gates) {
        const c = conditions.find((x) => str(x['type']) === str(g['conditionType']));
        w.write(LEVEL_1, `${str(g['conditionType'])} \t${c ? str(c['status']) : '<none>'} \n`);
      }
    }
    if (conditions.length > 0) {
      w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\n');
      for (const c of conditions) w.write(LEVEL_1, `${str(c['type'])} \t${str(c['status'])} \n`);
    }
    describeVolumes(objs(spec['volumes']), w, '');
    w.write(LEVEL_0, `QoS Class:\t${podQosClass(pod)}\n`);
    printLabelsMultiline(w, 'Node-Selectors', spec['nodeSelector'] as Record<string, string> | undefined);
    printTolerationsMultiline(w, 'Tolerations', objs(spec['tolerations']));
    describeTopologySpreadConstraints(objs(spec['topologySpreadConstraints']), w, '');
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}
