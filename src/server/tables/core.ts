/**
 * Table columns and cells of the core kinds, as the API server's printers produce them.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { TableDef } from '../registry/types.js';
import { asArray, asNumber, asObject, asString, objectOrEmpty as obj, nameOf } from '../util/json.js';
import { formatLabels } from '../../machinery/labels/selector.js';
import { AGE_COLUMN, NAME_COLUMN, ageOf, column, containerCells, int, orNone, orUnset, since } from './common.js';

function str(v: unknown): string {
  return asString(v) ?? '';
}

// ---- pod templates ----------------------------------------------------------------------------

export const podTemplateTable: TableDef = {
  columns: [
    NAME_COLUMN,
    column('Containers', 'string', 'Names of each container in the template.'),
    column('Images', 'string', 'Images referenced by each container in the template.'),
    column('Pod Labels', 'string', 'The labels for the pod template.'),
  ],
  cells(t) {
    const template = obj(t.template);
    const [names, images] = containerCells(template.spec);
    return [nameOf(t), names, images, formatLabels(obj(template.metadata).labels)];
  },
};

// ---- pods -------------------------------------------------------------------------------------

function isRestartableInit(c: JsonObject | undefined): boolean {
  return c !== undefined && c.restartPolicy === 'Always';
}

function hasReadyCondition(status: JsonObject): boolean {
  return (asArray(status.conditions) ?? []).some((c) => obj(c).type === 'Ready' && obj(c).status === 'True');
}

function podCells(pod: JsonObject, now: number): unknown[] {
  const spec = obj(pod.spec);
  const status = obj(pod.status);
  const meta = obj(pod.metadata);
  const containers = asArray(spec.containers) ?? [];
  let totalContainers = containers.length;
  let readyContainers = 0;
  let restarts = 0;
  let restartableInitRestarts = 0;
  let lastRestart = 0;
  let lastRestartableInitRestart = 0;
  const phase = str(status.phase);
  let reason = str(status.reason) !== '' ? str(status.reason) : phase;
  for (const c of asArray(status.conditions) ?? []) {
    if (obj(c).type === 'PodScheduled' && obj(c).reason === 'SchedulingGated') reason = 'SchedulingGated';
  }
  const initContainers = new Map<string, JsonObject>();
  for (const c of asArray(spec.initContainers) ?? []) {
    initContainers.set(str(obj(c).name), obj(c));
    if (isRestartableInit(obj(c))) totalContainers++;
  }
  const finishedAt = (cs: JsonObject): number => {
    const t = obj(obj(cs.lastState).terminated).finishedAt;
    return typeof t === 'string' ? Date.parse(t) : 0;
  };
  let initializing = false;
  const initStatuses = asArray(status.initContainerStatuses) ?? [];
  for (let i = 0; i < initStatuses.length; i++) {
    const cs = obj(initStatuses[i]);
    const count = int(cs.restartCount);
    restarts += count;
    lastRestart = Math.max(lastRestart, finishedAt(cs));
    const restartable = isRestartableInit(initContainers.get(str(cs.name)));
    if (restartable) {
      restartableInitRestarts += count;
      lastRestartableInitRestart = Math.max(lastRestartableInitRestart, finishedAt(cs));
    }
    const state = obj(cs.state);
    const terminated = asObject(state.terminated);
    const waiting = asObject(state.waiting);
    if (terminated !== undefined && int(terminated.exitCode) === 0) continue;
    if (restartable && cs.started === true) {
      if (cs.ready === true) readyContainers++;
      continue;
    }
    if (terminated !== undefined) {
      if (str(terminated.reason) === '') {
        reason = int(terminated.signal) !== 0 ? `Init:Signal:${int(terminated.signal)}` : `Init:ExitCode:${int(terminated.exitCode)}`;
      } else {
        reason = `Init:${str(terminated.reason)}`;
      }
    } else if (waiting !== undefined && str(waiting.reason) !== '' && waiting.reason !== 'PodInitializing') {
      reason = `Init:${str(waiting.reason)}`;
    } else {
      reason = `Init:${i}/${(asArray(spec.initContainers) ?? []).length}`;
    }
    initializing = true;
    break;
  }
  const initialized = (asArray(status.conditions) ?? []).some((c) => obj(c).type === 'Initialized' && obj(c).status === 'True');
  if (!initializing || initialized) {
    restarts = restartableInitRestarts;
    lastRestart = lastRestartableInitRestart;
    let hasRunning = false;
    const statuses = asArray(status.containerStatuses) ?? [];
    for (let i = statuses.length - 1; i >= 0; i--) {
      const cs = obj(statuses[i]);
      restarts += int(cs.restartCount);
      lastRestart = Math.max(lastRestart, finishedAt(cs));
      const state = obj(cs.state);
      const waiting = asObject(state.waiting);
      const terminated = asObject(state.terminated);
      if (waiting !== undefined && str(waiting.reason) !== '') reason = str(waiting.reason);
      else if (terminated !== undefined && str(terminated.reason) !== '') reason = str(terminated.reason);
      else if (terminated !== undefined) {
        reason = int(terminated.signal) !== 0 ? `Signal:${int(terminated.signal)}` : `ExitCode:${int(terminated.exitCode)}`;
      } else if (cs.ready === true && asObject(state.running) !== undefined) {
        hasRunning = true;
        readyContainers++;
      }
    }
    if (reason === 'Completed' && hasRunning) reason = hasReadyCondition(status) ? 'Running' : 'NotReady';
  }
  const deleting = typeof meta.deletionTimestamp === 'string';
  if (deleting && status.reason === 'NodeLost') reason = 'Unknown';
  else if (deleting && phase !== 'Succeeded' && phase !== 'Failed') reason = 'Terminating';
  let restartsText = String(restarts);
  if (restarts !== 0 && lastRestart > 0) restartsText = `${restarts} (${since(new Date(lastRestart).toISOString(), now)} ago)`;
  const podIPs = asArray(status.podIPs) ?? [];
  const podIP = podIPs.length > 0 ? str(obj(podIPs[0]).ip) : '';
  const gates = asArray(spec.readinessGates) ?? [];
  let readinessGates = '<none>';
  if (gates.length > 0) {
    let trueConditions = 0;
    for (const g of gates) {
      const cond = (asArray(status.conditions) ?? []).find((c) => obj(c).type === obj(g).conditionType);
      if (cond !== undefined && obj(cond).status === 'True') trueConditions++;
    }
    readinessGates = `${trueConditions}/${gates.length}`;
  }
  return [nameOf(pod), `${readyContainers}/${totalContainers}`, reason, restartsText, ageOf(pod, now),
    orNone(podIP), orNone(str(spec.nodeName)), orNone(str(status.nominatedNodeName)), readinessGates];
}

export const podTable: TableDef = {
  columns: [
    NAME_COLUMN,
    column('Ready', 'string', 'The aggregate readiness state of this pod for accepting traffic.'),
    column('Status', 'string', 'The aggregate status of the containers in this pod.'),
    column('Restarts', 'string', 'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.'),
    AGE_COLUMN,
    column('IP', 'string', 'podIP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated.', 1),
    column('Node', 'string', 'NodeName indicates in which node this pod is scheduled.', 1),
    column('Nominated Node', 'string', 'nominatedNodeName is set only when this pod preempts other pods on the node, but it cannot be scheduled right away as preemption victims receive their graceful termination periods.', 1),
    column('Readiness Gates', 'string', 'If specified, all readiness gates will be evaluated for pod readiness.', 1),
  ],
  cells: podCells,
  conditions(pod) {
    const phase = obj(pod.status).phase;
    if (phase === 'Succeeded') return [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }];
    if (phase === 'Failed') return [{ type: 'Completed', status: 'True', reason: 'Failed', message: 'The pod failed.' }];
    return undefined;
  },
};

// ---- services -----------------------------------------------------------------------------------

function loadBalancerIPs(svc: JsonObject): string {
  const out: string[] = [];
  for (const ing of asArray(obj(obj(svc.status).loadBalancer).ingress) ?? []) {
    const ip = str(obj(ing).ip);
    const host = str(obj(ing).hostname);
    const v = ip !== '' ? ip : host;
    if (v !== '' && !out.includes(v)) out.push(v);
  }
  return out.join(',');
}

function externalIP(svc: JsonObject): string {
  const spec = obj(svc.spec);
  const external = (asArray(spec.externalIPs) ?? []).map(str);
  switch (spec.type) {
    case 'ClusterIP':
    case 'NodePort':
      return external.length > 0 ? external.join(',') : '<none>';
    case 'LoadBalancer': {
      const lb = loadBalancerIPs(svc);
      if (external.length > 0) return [...(lb === '' ? [] : lb.split(',')), ...external].join(',');
      return lb !== '' ? lb : '<pending>';
    }
    case 'ExternalName':
      return str(spec.externalName);
    default:
      return '<unknown>';
  }
}

function portString(svc: JsonObject): string {
  return (asArray(obj(svc.spec).ports) ?? []).map((p) => {
    const port = obj(p);
    const nodePort = asNumber(port.nodePort) ?? 0;
    return nodePort > 0 ? `${int(port.port)}:${nodePort}/${str(port.protocol)}` : `${int(port.port)}/${str(port.protocol)}`;
  }).join(',');
}

export const serviceTable: TableDef = {
  columns: [
    NAME_COLUMN,
    column('Type', 'string', 'type determines how the Service is exposed.'),
    column('Cluster-IP', 'string', 'clusterIP is the IP address of the service and is usually assigned randomly.'),
    column('External-IP', 'string', 'externalIPs is a list of IP addresses for which nodes in the cluster will also accept traffic for this service.'),
    column('Port(s)', 'string', 'The list of ports that are exposed by this service.'),
    AGE_COLUMN,
    column('Selector', 'string', 'Route service traffic to pods with label keys and values matching this selector.', 1),
  ],
  cells(svc, now) {
    const spec = obj(svc.spec);
    const ips = asArray(spec.clusterIPs) ?? [];
    const clusterIP = ips.length > 0 ? str(ips[0]) : '<none>';
    const ports = portString(svc);
    return [nameOf(svc), str(spec.type), clusterIP, externalIP(svc), ports === '' ? '<none>' : ports, ageOf(svc, now), formatLabels(spec.selector)];
  },
};

// ---- nodes --------------------------------------------------------------------------------------

function nodeRoles(node: JsonObject): string {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(obj(obj(node.metadata).labels))) {
    if (k.startsWith('node-role.platform.io/')) {
      const role = k.slice('node-role.platform.io/'.length);
      if (role !== '') roles.add(role);
    } else if (k === 'platform.io/role' && str(v) !== '') {
      roles.add(str(v));
    }
  }
  return roles.size === 0 ? '<none>' : [...roles].sort().join(',');
}

function nodeAddress(node: JsonObject, type: string): string {
  for (const a of asArray(obj(node.status).addresses) ?? []) if (obj(a).type === type) return str(obj(a).address);
  return '<none>';
}

export const nodeTable: TableDef = {
  columns: [
    NAME_COLUMN,
    column('Status', 'string', 'The status of the node'),
    column('Roles', 'string', 'The roles of the node'),
    AGE_COLUMN,
    column('Version', 'string', 'Node agent version reported by the node.'),
    column('Internal-IP', 'string', 'List of addresses reachable to the node.', 1),
    column('External-IP', 'string', 'List of addresses reachable to the node.', 1),
    column('OS-Image', 'string', 'OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).', 1),
    column('Kernel-Version', 'string', "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).", 1),
    column('Container-Runtime', 'string', 'ContainerRuntime Version reported by the node through runtime remote API (e.g. containerd://1.4.2).', 1),
  ],
  cells(node, now) {
    const status = obj(node.status);
    const statuses: string[] = [];
    const ready = (asArray(status.conditions) ?? []).find((c) => obj(c).type === 'Ready');
    if (ready !== undefined) statuses.push(obj(ready).status === 'True' ? 'Ready' : 'NotReady');
    if (statuses.length === 0) statuses.push('Unknown');
    if (obj(node.spec).unschedulable === true) statuses.push('SchedulingDisabled');
    const info = obj(status.nodeInfo);
    const unknown = (v: unknown): string => (str(v) === '' ? '<unknown>' : str(v));
    return [nameOf(node), statuses.join(','), nodeRoles(node), ageOf(node, now), str(info.kubeletVersion),
      nodeAddress(node, 'InternalIP'), nodeAddress(node, 'ExternalIP'), unknown(info.osImage), unknown(info.kernelVersion), unknown(info.containerRuntimeVersion)];
  },
};

// ---- namespaces, configmaps, secrets, service accounts ------------------------------------------

export const namespaceTable: TableDef = {
  columns: [NAME_COLUMN, column('Status', 'string', 'The status of the namespace'), AGE_COLUMN],
  cells: (ns, now) => [nameOf(ns), str(obj(ns.status).phase), ageOf(ns, now)],
};

export const configMapTable: TableDef = {
  columns: [NAME_COLUMN, column('Data', 'string', 'Data contains the configuration data.'), AGE_COLUMN],
  cells: (cm, now) => [nameOf(cm), Object.keys(obj(cm.data)).length + Object.keys(obj(cm.binaryData)).length, ageOf(cm, now)],
};

export const secretTable: TableDef = {
  columns: [NAME_COLUMN, column('Type', 'string', 'Used to facilitate programmatic handling of secret data.'),
    column('Data', 'string', 'Data contains the secret data.'), AGE_COLUMN],
  cells: (s, now) => [nameOf(s), str(s.type), Object.keys(obj(s.data)).length, ageOf(s, now)],
};

export const serviceAccountTable: TableDef = {
  columns: [NAME_COLUMN, column('Secrets', 'string', 'Secrets is a list of the secrets in the same namespace that pods running using this ServiceAccount are allowed to use.'), AGE_COLUMN],
  cells: (sa, now) => [nameOf(sa), (asArray(sa.secrets) ?? []).length, ageOf(sa, now)],
};

// ---- endpoints and events ----------------------------------------------------------------------

function formatEndpoints(ep: JsonObject): string {
  const subsets = asArray(ep.subsets) ?? [];
  if (subsets.length === 0) return '<none>';
  const list: string[] = [];
  const maximum = 3;
  let more = false;
  let count = 0;
  for (const s of subsets) {
    const ss = obj(s);
    const addresses = (asArray(ss.addresses) ?? []).map((a) => str(obj(a).ip));
    const ports = asArray(ss.ports) ?? [];
    if (ports.length === 0) {
      count += addresses.length;
      for (const ip of addresses) {
        if (list.length === maximum) {
          more = true;
          break;
        }
        list.push(ip);
      }
      continue;
    }
    for (const p of ports) {
      count += addresses.length;
      for (const ip of addresses) {
        if (list.length === maximum) {
          more = true;
          break;
        }
        const host = ip.includes(':') ? `[${ip}]` : ip;
        list.push(`${host}:${int(obj(p).port)}`);
      }
    }
  }
  const ret = list.join(',');
  return more ? `${ret} + ${count - maximum} more...` : ret;
}

export const endpointsTable: TableDef = {
  columns: [NAME_COLUMN, column('Endpoints', 'string', 'The set of all endpoints is the union of all subsets.'), AGE_COLUMN],
  cells: (ep, now) => [nameOf(ep), formatEndpoints(ep), ageOf(ep, now)],
};

export const eventTable: TableDef = {
  columns: [
    column('Last Seen', 'string', 'The time at which the most recent occurrence of this event was recorded.'),
    column('Type', 'string', 'Type of this event (Normal, Warning), new types could be added in the future'),
    column('Reason', 'string', "This should be a short, machine understandable string that gives the reason for the transition into the object's current status."),
    column('Object', 'string', 'The object that this event is about.'),
    column('Subobject', 'string', 'If referring to a piece of an object instead of an entire object, this string should contain a valid JSON/Go field access statement.', 1),
    column('Source', 'string', 'The component reporting this event. Should be a short machine understandable string.', 1),
    column('Message', 'string', 'A human-readable description of the status of this operation.'),
    column('First Seen', 'string', 'The time at which the event was first recorded. (Time of server receipt is in TypeMeta.)', 1),
    column('Count', 'string', 'The number of times this event has occurred.', 1),
    column('Name', 'string', NAME_COLUMN.description ?? '', 1, 'name'),
  ],
  cells(ev, now) {
    let first = str(ev.firstTimestamp) !== '' ? since(ev.firstTimestamp, now) : since(ev.eventTime, now);
    if (str(ev.firstTimestamp) === '' && str(ev.eventTime) === '') first = '<unknown>';
    let last = str(ev.lastTimestamp) !== '' ? since(ev.lastTimestamp, now) : first;
    let count = int(ev.count);
    const series = asObject(ev.series);
    if (series !== undefined) {
      last = since(series.lastObservedTime, now);
      count = int(series.count);
    } else if (count === 0) {
      count = 1;
    }
    const involved = obj(ev.involvedObject);
    const kind = str(involved.kind).toLowerCase();
    const target = str(involved.name) !== '' ? `${kind}/${str(involved.name)}` : kind;
    const source = obj(ev.source);
    const component = str(source.component) !== '' ? str(source.component) : str(ev.reportingComponent);
    const host = str(source.host) !== '' ? str(source.host) : str(ev.reportingInstance);
    return [last, str(ev.type), str(ev.reason), target, str(involved.fieldPath), host === '' ? component : `${component}, ${host}`,
      str(ev.message).trim(), first, count, nameOf(ev)];
  },
};

// ---- persistent volumes -------------------------------------------------------------------------

function accessModes(modes: unknown): string {
  const set = new Set((asArray(modes) ?? []).map(str));
  const out: string[] = [];
  if (set.has('ReadWriteOnce')) out.push('RWO');
  if (set.has('ReadOnlyMany')) out.push('ROX');
  if (set.has('ReadWriteMany')) out.push('RWX');
  if (set.has('ReadWriteOncePod')) out.push('RWOP');
  return out.join(',');
}

function storageClass(o: JsonObject): string {
  const ann = str(obj(obj(o.metadata).annotations)['volume.beta.platform.io/storage-class']);
  if (ann !== '') return ann;
  return str(obj(o.spec).storageClassName);
}

/** A volume's or claim's `status.phase`, Terminating once it is being deleted. */
function volumePhase(o: JsonObject): string {
  return typeof obj(o.metadata).deletionTimestamp === 'string' ? 'Terminating' : str(obj(o.status).phase);
}

export const persistentVolumeTable: TableDef = {
  columns: [
    NAME_COLUMN,
    column('Capacity', 'string', 'capacity is the description of the persistent volume\'s resources and capacity.'),
    column('Access Modes', 'string', 'accessModes contains all ways the volume can be mounted.'),
    column('Reclaim Policy', 'string', 'persistentVolumeReclaimPolicy defines what happens to a persistent volume when released from its claim.'),
    column('Status', 'string', 'phase indicates if a volume is available, bound to a claim, or released by a claim.'),
    column('Claim', 'string', 'claimRef is part of a bi-directional binding between PersistentVolume and PersistentVolumeClaim.'),
    column('StorageClass', 'string', 'StorageClass of the pv'),
    column('VolumeAttributesClass', 'string', 'VolumeAttributesClass of the pv'),
    column('Reason', 'string', 'reason is a brief CamelCase string that describes any failure and is meant for machine parsing and tidy display in the CLI.'),
    AGE_COLUMN,
    column('VolumeMode', 'string', 'volumeMode defines if a volume is intended to be used with a formatted filesystem or to remain in raw block state.', 1),
  ],
  cells(pv, now) {
    const spec = obj(pv.spec);
    const claimRef = asObject(spec.claimRef);
    const claim = claimRef === undefined ? '' : `${str(claimRef.namespace)}/${str(claimRef.name)}`;
    return [nameOf(pv), str(obj(spec.capacity).storage), accessModes(spec.accessModes), str(spec.persistentVolumeReclaimPolicy), volumePhase(pv),
      claim, storageClass(pv), orUnset(str(spec.volumeAttributesClassName)), str(obj(pv.status).reason), ageOf(pv, now), orUnset(str(spec.volumeMode))];
  },
};

export const persistentVolumeClaimTable: TableDef = {
  columns: [
    NAME_COLUMN,
    column('Status', 'string', 'phase represents the current phase of PersistentVolumeClaim.'),
    column('Volume', 'string', 'volumeName is the binding reference to the PersistentVolume backing this claim.'),
    column('Capacity', 'string', 'capacity represents the actual resources of the underlying volume.'),
    column('Access Modes', 'string', 'accessModes contains the actual access modes the volume backing the PVC has.'),
    column('StorageClass', 'string', 'StorageClass of the pvc'),
    column('VolumeAttributesClass', 'string', 'VolumeAttributesClass of the pvc'),
    AGE_COLUMN,
    column('VolumeMode', 'string', 'volumeMode defines what type of volume is required by the claim.', 1),
  ],
  cells(pvc, now) {
    const spec = obj(pvc.spec);
    const status = obj(pvc.status);
    let capacity = '';
    let modes = '';
    if (str(spec.volumeName) !== '') {
      modes = accessModes(status.accessModes);
      capacity = str(obj(status.capacity).storage);
    }
    return [nameOf(pvc), volumePhase(pvc), str(spec.volumeName), capacity, modes, storageClass(pvc), orUnset(str(spec.volumeAttributesClassName)),
      ageOf(pvc, now), orUnset(str(spec.volumeMode))];
  },
};
