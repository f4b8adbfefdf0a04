/**
 * Table columns and cells of the core kinds, as the API server's printers produce them.
 */
import type {
  ConfigMap, Container, ContainerStatus, Endpoints, Event, Namespace, Node, PersistentVolume, PersistentVolumeClaim, Pod, PodCondition, PodTemplate,
  Secret, Service, ServiceAccount,
} from '../../sdk/types/generated/core-v1.js';
import type { TableDef } from '../registry/types.js';
import { asString, nameOf } from '../util/json.js';
import { formatLabels } from '../../machinery/labels/selector.js';
import { NAME_COLUMN, column, containerCells, firstWithMore, int, nameAgeTable, orNone, orUnset, type ColumnRun } from './common.js';
import { timestampAge } from '../../sdk/types/human-duration.js';

/** A quantity as a cell: its string form, '' for a number (as the untyped read printed it). */
function quantityCell(v: unknown): string {
  return asString(v) ?? '';
}

// ---- pod templates ----------------------------------------------------------------------------

export const podTemplateTable: TableDef<PodTemplate> = {
  columns: [
    NAME_COLUMN,
    column('Containers', 'string', 'Names of each container in the template.'),
    column('Images', 'string', 'Images referenced by each container in the template.'),
    column('Pod Labels', 'string', 'The labels for the pod template.'),
  ],
  cells(t) {
    const [names, images] = containerCells(t.template?.spec);
    return [nameOf(t), names, images, formatLabels(t.template?.metadata?.labels)];
  },
};

// ---- pods -------------------------------------------------------------------------------------

function isRestartableInit(c: Container | undefined): boolean {
  return c !== undefined && c.restartPolicy === 'Always';
}

function isTrue(conditions: PodCondition[] | undefined, type: string): boolean {
  return (conditions ?? []).some((c) => c.type === type && c.status === 'True');
}

/** Ready, Status and Restarts: what kubectl reads from the container statuses. */
function podStatusCells(pod: Pod, now: number): unknown[] {
  const spec = pod.spec;
  const status = pod.status;
  const conditions = status?.conditions ?? [];
  const containers = spec?.containers ?? [];
  let totalContainers = containers.length;
  let readyContainers = 0;
  let restarts = 0;
  let restartableInitRestarts = 0;
  let lastRestart = 0;
  let lastRestartableInitRestart = 0;
  const phase = status?.phase ?? '';
  const statusReason = status?.reason ?? '';
  let reason = statusReason !== '' ? statusReason : phase;
  for (const c of conditions) {
    if (c.type === 'PodScheduled' && c.reason === 'SchedulingGated') reason = 'SchedulingGated';
  }
  const initContainers = new Map<string, Container>();
  for (const c of spec?.initContainers ?? []) {
    initContainers.set(c.name, c);
    if (isRestartableInit(c)) totalContainers++;
  }
  const finishedAt = (cs: ContainerStatus): number => {
    const t = cs.lastState?.terminated?.finishedAt;
    return typeof t === 'string' ? Date.parse(t) : 0;
  };
  let initializing = false;
  const initStatuses = status?.initContainerStatuses ?? [];
  for (const [i, cs] of initStatuses.entries()) {
    const count = int(cs.restartCount);
    restarts += count;
    lastRestart = Math.max(lastRestart, finishedAt(cs));
    const restartable = isRestartableInit(initContainers.get(cs.name));
    if (restartable) {
      restartableInitRestarts += count;
      lastRestartableInitRestart = Math.max(lastRestartableInitRestart, finishedAt(cs));
    }
    const terminated = cs.state?.terminated;
    const waiting = cs.state?.waiting;
    if (terminated !== undefined && int(terminated.exitCode) === 0) continue;
    if (restartable && cs.started === true) {
      if (cs.ready) readyContainers++;
      continue;
    }
    if (terminated !== undefined) {
      const terminatedReason = terminated.reason ?? '';
      if (terminatedReason === '') {
        reason = int(terminated.signal) !== 0 ? `Init:Signal:${int(terminated.signal)}` : `Init:ExitCode:${int(terminated.exitCode)}`;
      } else {
        reason = `Init:${terminatedReason}`;
      }
    } else if (waiting !== undefined && (waiting.reason ?? '') !== '' && waiting.reason !== 'PodInitializing') {
      reason = `Init:${waiting.reason ?? ''}`;
    } else {
      reason = `Init:${i}/${(spec?.initContainers ?? []).length}`;
    }
    initializing = true;
    break;
  }
  if (!initializing || isTrue(conditions, 'Initialized')) {
    restarts = restartableInitRestarts;
    lastRestart = lastRestartableInitRestart;
    let hasRunning = false;
    const statuses = status?.containerStatuses ?? [];
    for (const cs of [...statuses].reverse()) {
      restarts += int(cs.restartCount);
      lastRestart = Math.max(lastRestart, finishedAt(cs));
      const waitingReason = cs.state?.waiting?.reason ?? '';
      const terminated = cs.state?.terminated;
      if (waitingReason !== '') reason = waitingReason;
      else if (terminated !== undefined && (terminated.reason ?? '') !== '') reason = terminated.reason ?? '';
      else if (terminated !== undefined) {
        reason = int(terminated.signal) !== 0 ? `Signal:${int(terminated.signal)}` : `ExitCode:${int(terminated.exitCode)}`;
      } else if (cs.ready && cs.state?.running !== undefined) {
        hasRunning = true;
        readyContainers++;
      }
    }
    if (reason === 'Completed' && hasRunning) reason = isTrue(conditions, 'Ready') ? 'Running' : 'NotReady';
  }
  const deleting = typeof pod.metadata?.deletionTimestamp === 'string';
  if (deleting && status?.reason === 'NodeLost') reason = 'Unknown';
  else if (deleting && phase !== 'Succeeded' && phase !== 'Failed') reason = 'Terminating';
  let restartsText = String(restarts);
  if (restarts !== 0 && lastRestart > 0) restartsText = `${restarts} (${timestampAge(new Date(lastRestart).toISOString(), now)} ago)`;
  return [`${readyContainers}/${totalContainers}`, reason, restartsText];
}

/** IP, Node, Nominated Node and Readiness Gates (true gates of all). */
function podPlacementCells(pod: Pod): unknown[] {
  const { spec, status } = pod;
  const gates = spec?.readinessGates ?? [];
  let readinessGates = '<none>';
  if (gates.length > 0) {
    const conditions = status?.conditions ?? [];
    let trueConditions = 0;
    for (const g of gates) {
      const cond = conditions.find((c) => c.type === g.conditionType);
      if (cond !== undefined && cond.status === 'True') trueConditions++;
    }
    readinessGates = `${trueConditions}/${gates.length}`;
  }
  return [orNone(status?.podIPs?.[0]?.ip ?? ''), orNone(spec?.nodeName ?? ''), orNone(status?.nominatedNodeName ?? ''), readinessGates];
}

export const podTable: TableDef<Pod> = {
  ...nameAgeTable<Pod>({
    columns: [
      column('Ready', 'string', 'The aggregate readiness state of this pod for accepting traffic.'),
      column('Status', 'string', 'The aggregate status of the containers in this pod.'),
      column('Restarts', 'string', 'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.'),
    ],
    cells: podStatusCells,
  }, {
    columns: [
      column('IP', 'string', 'podIP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated.', 1),
      column('Node', 'string', 'NodeName indicates in which node this pod is scheduled.', 1),
      column('Nominated Node', 'string', 'nominatedNodeName is set only when this pod preempts other pods on the node, but it cannot be scheduled right away as preemption victims receive their graceful termination periods.', 1),
      column('Readiness Gates', 'string', 'If specified, all readiness gates will be evaluated for pod readiness.', 1),
    ],
    cells: podPlacementCells,
  }),
  conditions(pod) {
    const phase = pod.status?.phase;
    if (phase === 'Succeeded') return [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }];
    if (phase === 'Failed') return [{ type: 'Completed', status: 'True', reason: 'Failed', message: 'The pod failed.' }];
    return undefined;
  },
};

// ---- services -----------------------------------------------------------------------------------

function loadBalancerIPs(svc: Service): string {
  const out: string[] = [];
  for (const ing of svc.status?.loadBalancer?.ingress ?? []) {
    const ip = ing.ip ?? '';
    const v = ip !== '' ? ip : ing.hostname ?? '';
    if (v !== '' && !out.includes(v)) out.push(v);
  }
  return out.join(',');
}

function externalIP(svc: Service): string {
  const spec = svc.spec;
  const external = spec?.externalIPs ?? [];
  switch (spec?.type) {
    case 'ClusterIP':
    case 'NodePort':
      return external.length > 0 ? external.join(',') : '<none>';
    case 'LoadBalancer': {
      const lb = loadBalancerIPs(svc);
      if (external.length > 0) return [...(lb === '' ? [] : lb.split(',')), ...external].join(',');
      return lb !== '' ? lb : '<pending>';
    }
    case 'ExternalName':
      return spec.externalName ?? '';
    default:
      return '<unknown>';
  }
}

function portString(svc: Service): string {
  return (svc.spec?.ports ?? []).map((port) => {
    const nodePort = port.nodePort ?? 0;
    const protocol = port.protocol ?? '';
    return nodePort > 0 ? `${int(port.port)}:${nodePort}/${protocol}` : `${int(port.port)}/${protocol}`;
  }).join(',');
}

export const serviceTable = nameAgeTable<Service>({
  columns: [
    column('Type', 'string', 'type determines how the Service is exposed.'),
    column('Cluster-IP', 'string', 'clusterIP is the IP address of the service and is usually assigned randomly.'),
    column('External-IP', 'string', 'externalIPs is a list of IP addresses for which nodes in the cluster will also accept traffic for this service.'),
    column('Port(s)', 'string', 'The list of ports that are exposed by this service.'),
  ],
  cells(svc) {
    const spec = svc.spec;
    const ports = portString(svc);
    return [spec?.type ?? '', spec?.clusterIPs?.[0] ?? '<none>', externalIP(svc), ports === '' ? '<none>' : ports];
  },
}, {
  columns: [column('Selector', 'string', 'Route service traffic to pods with label keys and values matching this selector.', 1)],
  cells: (svc) => [formatLabels(svc.spec?.selector)],
});

// ---- nodes --------------------------------------------------------------------------------------

function nodeRoles(node: Node): string {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata?.labels ?? {})) {
    if (k.startsWith('node-role.platform.io/')) {
      const role = k.slice('node-role.platform.io/'.length);
      if (role !== '') roles.add(role);
    } else if (k === 'platform.io/role' && v !== '') {
      roles.add(v);
    }
  }
  return roles.size === 0 ? '<none>' : [...roles].sort().join(',');
}

function nodeAddress(node: Node, type: string): string {
  for (const a of node.status?.addresses ?? []) if (a.type === type) return a.address ?? '';
  return '<none>';
}

export const nodeTable = nameAgeTable<Node>({
  columns: [column('Status', 'string', 'The status of the node'), column('Roles', 'string', 'The roles of the node')],
  cells(node) {
    const statuses: string[] = [];
    const ready = (node.status?.conditions ?? []).find((c) => c.type === 'Ready');
    if (ready !== undefined) statuses.push(ready.status === 'True' ? 'Ready' : 'NotReady');
    if (statuses.length === 0) statuses.push('Unknown');
    if (node.spec?.unschedulable === true) statuses.push('SchedulingDisabled');
    return [statuses.join(','), nodeRoles(node)];
  },
}, {
  columns: [
    column('Version', 'string', 'Node agent version reported by the node.'),
    column('Internal-IP', 'string', 'List of addresses reachable to the node.', 1),
    column('External-IP', 'string', 'List of addresses reachable to the node.', 1),
    column('OS-Image', 'string', 'OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).', 1),
    column('Kernel-Version', 'string', "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).", 1),
    column('Container-Runtime', 'string', 'ContainerRuntime Version reported by the node through runtime remote API (e.g. containerd://1.4.2).', 1),
  ],
  cells(node) {
    const info = node.status?.nodeInfo;
    const unknown = (v: string | undefined): string => (v === undefined || v === '' ? '<unknown>' : v);
    return [info?.kubeletVersion ?? '', nodeAddress(node, 'InternalIP'), nodeAddress(node, 'ExternalIP'),
      unknown(info?.osImage), unknown(info?.kernelVersion), unknown(info?.containerRuntimeVersion)];
  },
});

// ---- namespaces, configmaps, secrets, service accounts ------------------------------------------

export const namespaceTable = nameAgeTable<Namespace>({
  columns: [column('Status', 'string', 'The status of the namespace')],
  cells: (ns) => [ns.status?.phase ?? ''],
});

export const configMapTable = nameAgeTable<ConfigMap>({
  columns: [column('Data', 'string', 'Data contains the configuration data.')],
  cells: (cm) => [Object.keys(cm.data ?? {}).length + Object.keys(cm.binaryData ?? {}).length],
});

export const secretTable = nameAgeTable<Secret>({
  columns: [column('Type', 'string', 'Used to facilitate programmatic handling of secret data.'), column('Data', 'string', 'Data contains the secret data.')],
  cells: (s) => [s.type ?? '', Object.keys(s.data ?? {}).length],
});

export const serviceAccountTable = nameAgeTable<ServiceAccount>({
  columns: [column('Secrets', 'string', 'Secrets is a list of the secrets in the same namespace that pods running using this ServiceAccount are allowed to use.')],
  cells: (sa) => [(sa.secrets ?? []).length],
});

// ---- endpoints and events ----------------------------------------------------------------------

function formatEndpoints(ep: Endpoints): string {
  const subsets = ep.subsets ?? [];
  if (subsets.length === 0) return '<none>';
  const list: string[] = [];
  for (const ss of subsets) {
    const addresses = (ss.addresses ?? []).map((a) => a.ip ?? '');
    const ports = ss.ports ?? [];
    // A subset without ports lists its bare addresses; one with ports, each address once a port.
    if (ports.length === 0) list.push(...addresses);
    for (const p of ports) for (const ip of addresses) list.push(`${ip.includes(':') ? `[${ip}]` : ip}:${int(p.port)}`);
  }
  return firstWithMore(list, 3);
}

export const endpointsTable = nameAgeTable<Endpoints>({
  columns: [column('Endpoints', 'string', 'The set of all endpoints is the union of all subsets.')],
  cells: (ep) => [formatEndpoints(ep)],
});

export const eventTable: TableDef<Event> = {
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
    // Go writes these times without omitempty: null when unset, printed as when absent.
    const firstTimestamp = ev.firstTimestamp ?? '';
    const eventTime = ev.eventTime ?? '';
    const lastTimestamp = ev.lastTimestamp ?? '';
    let first = firstTimestamp !== '' ? timestampAge(firstTimestamp, now) : timestampAge(eventTime, now);
    if (firstTimestamp === '' && eventTime === '') first = '<unknown>';
    let last = lastTimestamp !== '' ? timestampAge(lastTimestamp, now) : first;
    let count = int(ev.count);
    const series = ev.series;
    if (series !== undefined) {
      last = timestampAge(series.lastObservedTime, now);
      count = int(series.count);
    } else if (count === 0) {
      count = 1;
    }
    const involved = ev.involvedObject ?? {};
    const kind = (involved.kind ?? '').toLowerCase();
    const name = involved.name ?? '';
    const target = name !== '' ? `${kind}/${name}` : kind;
    const sourceComponent = ev.source?.component ?? '';
    const sourceHost = ev.source?.host ?? '';
    const component = sourceComponent !== '' ? sourceComponent : ev.reportingComponent ?? '';
    const host = sourceHost !== '' ? sourceHost : ev.reportingInstance ?? '';
    return [last, ev.type ?? '', ev.reason ?? '', target, involved.fieldPath ?? '', host === '' ? component : `${component}, ${host}`,
      (ev.message ?? '').trim(), first, count, nameOf(ev)];
  },
};

// ---- persistent volumes -------------------------------------------------------------------------

function accessModes(modes: string[] | undefined): string {
  const set = new Set(modes ?? []);
  const out: string[] = [];
  if (set.has('ReadWriteOnce')) out.push('RWO');
  if (set.has('ReadOnlyMany')) out.push('ROX');
  if (set.has('ReadWriteMany')) out.push('RWX');
  if (set.has('ReadWriteOncePod')) out.push('RWOP');
  return out.join(',');
}

function storageClass(o: PersistentVolume | PersistentVolumeClaim): string {
  const ann = o.metadata?.annotations?.['volume.beta.platform.io/storage-class'] ?? '';
  if (ann !== '') return ann;
  return o.spec?.storageClassName ?? '';
}

/** A volume's or claim's `status.phase`, Terminating once it is being deleted. */
function volumePhase(o: PersistentVolume | PersistentVolumeClaim): string {
  return typeof o.metadata?.deletionTimestamp === 'string' ? 'Terminating' : o.status?.phase ?? '';
}

/** The wide VolumeMode column of volumes and claims (each kind describes the field its own way). */
function volumeModeColumn(description: string): ColumnRun<PersistentVolume | PersistentVolumeClaim> {
  return { columns: [column('VolumeMode', 'string', description, 1)], cells: (o) => [orUnset(o.spec?.volumeMode ?? '')] };
}

export const persistentVolumeTable = nameAgeTable<PersistentVolume>({
  columns: [
    column('Capacity', 'string', 'capacity is the description of the persistent volume\'s resources and capacity.'),
    column('Access Modes', 'string', 'accessModes contains all ways the volume can be mounted.'),
    column('Reclaim Policy', 'string', 'persistentVolumeReclaimPolicy defines what happens to a persistent volume when released from its claim.'),
    column('Status', 'string', 'phase indicates if a volume is available, bound to a claim, or released by a claim.'),
    column('Claim', 'string', 'claimRef is part of a bi-directional binding between PersistentVolume and PersistentVolumeClaim.'),
    column('StorageClass', 'string', 'StorageClass of the pv'),
    column('VolumeAttributesClass', 'string', 'VolumeAttributesClass of the pv'),
    column('Reason', 'string', 'reason is a brief CamelCase string that describes any failure and is meant for machine parsing and tidy display in the CLI.'),
  ],
  cells(pv) {
    const spec = pv.spec;
    const claimRef = spec?.claimRef;
    const claim = claimRef === undefined ? '' : `${claimRef.namespace ?? ''}/${claimRef.name ?? ''}`;
    return [quantityCell(spec?.capacity?.storage), accessModes(spec?.accessModes), spec?.persistentVolumeReclaimPolicy ?? '', volumePhase(pv),
      claim, storageClass(pv), orUnset(spec?.volumeAttributesClassName ?? ''), pv.status?.reason ?? ''];
  },
}, volumeModeColumn('volumeMode defines if a volume is intended to be used with a formatted filesystem or to remain in raw block state.'));

export const persistentVolumeClaimTable = nameAgeTable<PersistentVolumeClaim>({
  columns: [
    column('Status', 'string', 'phase represents the current phase of PersistentVolumeClaim.'),
    column('Volume', 'string', 'volumeName is the binding reference to the PersistentVolume backing this claim.'),
    column('Capacity', 'string', 'capacity represents the actual resources of the underlying volume.'),
    column('Access Modes', 'string', 'accessModes contains the actual access modes the volume backing the PVC has.'),
    column('StorageClass', 'string', 'StorageClass of the pvc'),
    column('VolumeAttributesClass', 'string', 'VolumeAttributesClass of the pvc'),
  ],
  cells(pvc) {
    const spec = pvc.spec;
    const volumeName = spec?.volumeName ?? '';
    let capacity = '';
    let modes = '';
    if (volumeName !== '') {
      modes = accessModes(pvc.status?.accessModes);
      capacity = quantityCell(pvc.status?.capacity?.storage);
    }
    return [volumePhase(pvc), volumeName, capacity, modes, storageClass(pvc), orUnset(spec?.volumeAttributesClassName ?? '')];
  },
}, volumeModeColumn('volumeMode defines what type of volume is required by the claim.'));
