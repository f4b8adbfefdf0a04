/**
 * Defaulting and validation of pod specs, shared by Pod and every workload's pod template.
 */
import type { Container, EphemeralContainer, PodSpec, PodTemplateSpec, Probe, Volume } from '../../sdk/types/generated/core-v1.js';
import { fieldError, supportedValue, type FieldError } from '../validation/field-errors.js';
import { isDNS1123Label } from '../../machinery/validation/names.js';

/** Sets a field that is absent (a `null` the server's own writes may hold stays, as it always did). */
function setDefault<O extends object, K extends keyof O>(o: O, key: K, value: O[K]): void {
  if (o[key] === undefined) o[key] = value;
}

function defaultProbe(probe: Probe | undefined): void {
  if (!probe) return;
  setDefault(probe, 'timeoutSeconds', 1);
  setDefault(probe, 'periodSeconds', 10);
  setDefault(probe, 'successThreshold', 1);
  setDefault(probe, 'failureThreshold', 3);
  const http = probe.httpGet;
  if (http) {
    setDefault(http, 'path', '/');
    setDefault(http, 'scheme', 'HTTP');
  }
}

/** The pull policy a container gets when it names none: Always for `:latest` or untagged images. */
function defaultPullPolicy(image: string): string {
  if (image.includes('@')) return 'IfNotPresent';
  const lastSlash = image.lastIndexOf('/');
  const tagPart = image.slice(lastSlash + 1);
  const colon = tagPart.lastIndexOf(':');
  if (colon < 0) return 'Always';
  return tagPart.slice(colon + 1) === 'latest' ? 'Always' : 'IfNotPresent';
}

function defaultContainer(container: Container | EphemeralContainer): void {
  setDefault(container, 'terminationMessagePath', '/dev/termination-log');
  setDefault(container, 'terminationMessagePolicy', 'File');
  const image = container.image;
  if (typeof image === 'string') setDefault(container, 'imagePullPolicy', defaultPullPolicy(image));
  setDefault(container, 'resources', {});
  for (const port of container.ports ?? []) setDefault(port, 'protocol', 'TCP');
  for (const e of container.env ?? []) {
    const fieldRef = e.valueFrom?.fieldRef;
    if (fieldRef) setDefault(fieldRef, 'apiVersion', 'v1');
  }
  defaultProbe(container.livenessProbe);
  defaultProbe(container.readinessProbe);
  defaultProbe(container.startupProbe);
}

const VOLUME_SOURCES_WITH_MODE = ['secret', 'configMap', 'downwardAPI', 'projected'] as const;

function defaultVolume(vol: Volume): void {
  // SetDefaults_Volume: a volume that names no source is an emptyDir.
  if (Object.entries(vol).every(([k, v]) => k === 'name' || v === undefined || v === null)) vol.emptyDir = {};
  for (const key of VOLUME_SOURCES_WITH_MODE) {
    const src = vol[key];
    if (src) setDefault(src, 'defaultMode', 420);
  }
  if (vol.hostPath) setDefault(vol.hostPath, 'type', '');
}

/** SetDefaults_PodSpec and the container defaults, in place. */
export function defaultPodSpec(s: PodSpec | undefined): void {
  if (!s) return;
  setDefault(s, 'dnsPolicy', 'ClusterFirst');
  setDefault(s, 'restartPolicy', 'Always');
  setDefault(s, 'securityContext', {});
  setDefault(s, 'terminationGracePeriodSeconds', 30);
  setDefault(s, 'schedulerName', 'default-scheduler');
  // `serviceAccount` is the v1 alias of `serviceAccountName` (one field inside the API server:
  // the alias is read when the name is empty and always written back as the name), so a body that
  // spells only one of them is the same spec as the stored one that has both.
  const account = s.serviceAccountName || s.serviceAccount || '';
  if (account === '') {
    delete s.serviceAccountName;
    delete s.serviceAccount;
  } else {
    s.serviceAccountName = account;
    s.serviceAccount = account;
  }
  for (const c of s.containers ?? []) defaultContainer(c);
  for (const c of s.initContainers ?? []) defaultContainer(c);
  for (const c of s.ephemeralContainers ?? []) defaultContainer(c);
  for (const v of s.volumes ?? []) defaultVolume(v);
}

/** Defaults of a pod template (`spec.template`) of a workload. */
export function defaultPodTemplate(template: PodTemplateSpec | undefined): void {
  defaultPodSpec(template?.spec);
}

function validateContainers(containers: Container[] | undefined, path: string, required: boolean, names: Set<string>): FieldError[] {
  const errs: FieldError[] = [];
  if (!containers || containers.length === 0) {
    if (required) errs.push(fieldError.required(path));
    return errs;
  }
  containers.forEach((container, i) => {
    const p = `${path}[${i}]`;
    const name = container.name ?? '';
    if (name === '') errs.push(fieldError.required(`${p}.name`));
    else {
      for (const msg of isDNS1123Label(name)) errs.push(fieldError.invalid(`${p}.name`, name, msg));
      if (names.has(name)) errs.push(fieldError.duplicate(`${p}.name`, name));
      names.add(name);
    }
    if ((container.image ?? '').trim() === '') errs.push(fieldError.required(`${p}.image`));
    const policy = container.imagePullPolicy;
    if (policy !== undefined) supportedValue(errs, `${p}.imagePullPolicy`, policy, ['Always', 'IfNotPresent', 'Never']);
    (container.ports ?? []).forEach((port, j) => {
      const n = port.containerPort;
      if (typeof n !== 'number' || n < 1 || n > 65535 || !Number.isInteger(n)) {
        errs.push(fieldError.invalid(`${p}.ports[${j}].containerPort`, n ?? 0, 'must be between 1 and 65535, inclusive'));
      }
      const proto = port.protocol;
      if (proto !== undefined) supportedValue(errs, `${p}.ports[${j}].protocol`, proto, ['SCTP', 'TCP', 'UDP']);
    });
  });
  return errs;
}

/** The parts of ValidatePodSpec that matter to clients (containers, restart policy, volumes). */
export function validatePodSpec(s: PodSpec | undefined, path: string, allowedRestartPolicies = ['Always', 'OnFailure', 'Never']): FieldError[] {
  if (!s) return [fieldError.required(path)];
  const names = new Set<string>();
  const errs = [
    ...validateContainers(s.containers, `${path}.containers`, true, names),
    ...validateContainers(s.initContainers, `${path}.initContainers`, false, names),
  ];
  const rp = s.restartPolicy;
  if (rp !== undefined) supportedValue(errs, `${path}.restartPolicy`, rp, allowedRestartPolicies);
  const volumeNames = new Set<string>();
  (s.volumes ?? []).forEach((v, i) => {
    const name = v.name ?? '';
    if (name === '') errs.push(fieldError.required(`${path}.volumes[${i}].name`));
    else if (volumeNames.has(name)) errs.push(fieldError.duplicate(`${path}.volumes[${i}].name`, name));
    volumeNames.add(name);
  });
  return errs;
}

/** The QoS class of a pod, from its containers' requests and limits. */
export function qosClass(spec: PodSpec | undefined): string {
  const containers = [...(spec?.containers ?? []), ...(spec?.initContainers ?? [])];
  let anyResources = false;
  let guaranteed = true;
  for (const c of containers) {
    const requests = c.resources?.requests ?? {};
    const limits = c.resources?.limits ?? {};
    for (const r of ['cpu', 'memory']) {
      if (requests[r] !== undefined || limits[r] !== undefined) anyResources = true;
      const limit = limits[r];
      const request = requests[r] ?? limit;
      if (limit === undefined || request !== limit) guaranteed = false;
    }
  }
  if (!anyResources) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}
