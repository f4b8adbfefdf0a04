/**
 * Defaulting and validation of pod specs, shared by Pod and every workload's pod template.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { asArray, asObject, asString } from '../util/json.js';
import { fieldError, type FieldError } from '../validation/field-errors.js';
import { isDNS1123Label } from '../../machinery/validation/names.js';

function setDefault(o: JsonObject, key: string, value: JsonObject[string]): void {
  if (o[key] === undefined) o[key] = value;
}

function defaultProbe(p: unknown): void {
  const probe = asObject(p);
  if (probe === undefined) return;
  setDefault(probe, 'timeoutSeconds', 1);
  setDefault(probe, 'periodSeconds', 10);
  setDefault(probe, 'successThreshold', 1);
  setDefault(probe, 'failureThreshold', 3);
  const http = asObject(probe.httpGet);
  if (http !== undefined) {
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

function defaultContainer(c: unknown): void {
  const container = asObject(c);
  if (container === undefined) return;
  setDefault(container, 'terminationMessagePath', '/dev/termination-log');
  setDefault(container, 'terminationMessagePolicy', 'File');
  const image = asString(container.image);
  if (image !== undefined) setDefault(container, 'imagePullPolicy', defaultPullPolicy(image));
  setDefault(container, 'resources', {});
  for (const p of asArray(container.ports) ?? []) {
    const port = asObject(p);
    if (port !== undefined) setDefault(port, 'protocol', 'TCP');
  }
  for (const e of asArray(container.env) ?? []) {
    const fieldRef = asObject(asObject(asObject(e)?.valueFrom)?.fieldRef);
    if (fieldRef !== undefined) setDefault(fieldRef, 'apiVersion', 'v1');
  }
  defaultProbe(container.livenessProbe);
  defaultProbe(container.readinessProbe);
  defaultProbe(container.startupProbe);
}

function defaultVolume(v: unknown): void {
  const vol = asObject(v);
  if (vol === undefined) return;
  // SetDefaults_Volume: a volume that names no source is an emptyDir.
  if (Object.keys(vol).every((k) => k === 'name' || vol[k] === undefined || vol[k] === null)) vol.emptyDir = {};
  for (const key of ['secret', 'configMap', 'downwardAPI', 'projected']) {
    const src = asObject(vol[key]);
    if (src !== undefined) setDefault(src, 'defaultMode', 420);
  }
  const hostPath = asObject(vol.hostPath);
  if (hostPath !== undefined) setDefault(hostPath, 'type', '');
}

/** SetDefaults_PodSpec and the container defaults, in place. */
export function defaultPodSpec(spec: unknown): void {
  const s = asObject(spec);
  if (s === undefined) return;
  setDefault(s, 'dnsPolicy', 'ClusterFirst');
  setDefault(s, 'restartPolicy', 'Always');
  setDefault(s, 'securityContext', {});
  setDefault(s, 'terminationGracePeriodSeconds', 30);
  setDefault(s, 'schedulerName', 'default-scheduler');
  // `serviceAccount` is the v1 alias of `serviceAccountName` (one field inside the API server:
  // the alias is read when the name is empty and always written back as the name), so a body that
  // spells only one of them is the same spec as the stored one that has both.
  const account = asString(s.serviceAccountName) || asString(s.serviceAccount) || '';
  if (account === '') {
    delete s.serviceAccountName;
    delete s.serviceAccount;
  } else {
    s.serviceAccountName = account;
    s.serviceAccount = account;
  }
  for (const c of asArray(s.containers) ?? []) defaultContainer(c);
  for (const c of asArray(s.initContainers) ?? []) defaultContainer(c);
  for (const c of asArray(s.ephemeralContainers) ?? []) defaultContainer(c);
  for (const v of asArray(s.volumes) ?? []) defaultVolume(v);
}

/** Defaults of a pod template (`spec.template`) of a workload. */
export function defaultPodTemplate(template: unknown): void {
  const t = asObject(template);
  if (t === undefined) return;
  defaultPodSpec(t.spec);
}

function validateContainers(list: unknown, path: string, required: boolean, names: Set<string>): FieldError[] {
  const errs: FieldError[] = [];
  const containers = asArray(list);
  if (containers === undefined || containers.length === 0) {
    if (required) errs.push(fieldError.required(path));
    return errs;
  }
  containers.forEach((c, i) => {
    const container = asObject(c) ?? {};
    const p = `${path}[${i}]`;
    const name = asString(container.name) ?? '';
    if (name === '') errs.push(fieldError.required(`${p}.name`));
    else {
      for (const msg of isDNS1123Label(name)) errs.push(fieldError.invalid(`${p}.name`, name, msg));
      if (names.has(name)) errs.push(fieldError.duplicate(`${p}.name`, name));
      names.add(name);
    }
    if ((asString(container.image) ?? '').trim() === '') errs.push(fieldError.required(`${p}.image`));
    const policy = container.imagePullPolicy;
    if (policy !== undefined && !['Always', 'IfNotPresent', 'Never'].includes(String(policy))) {
      errs.push(fieldError.notSupported(`${p}.imagePullPolicy`, policy, ['Always', 'IfNotPresent', 'Never']));
    }
    (asArray(container.ports) ?? []).forEach((pt, j) => {
      const port = asObject(pt) ?? {};
      const n = port.containerPort;
      if (typeof n !== 'number' || n < 1 || n > 65535 || !Number.isInteger(n)) {
        errs.push(fieldError.invalid(`${p}.ports[${j}].containerPort`, n ?? 0, 'must be between 1 and 65535, inclusive'));
      }
      const proto = port.protocol;
      if (proto !== undefined && !['TCP', 'UDP', 'SCTP'].includes(String(proto))) {
        errs.push(fieldError.notSupported(`${p}.ports[${j}].protocol`, proto, ['SCTP', 'TCP', 'UDP']));
      }
    });
  });
  return errs;
}

/** The parts of ValidatePodSpec that matter to clients (containers, restart policy, volumes). */
export function validatePodSpec(spec: unknown, path: string, allowedRestartPolicies = ['Always', 'OnFailure', 'Never']): FieldError[] {
  const s = asObject(spec);
  if (s === undefined) return [fieldError.required(path)];
  const names = new Set<string>();
  const errs = [
    ...validateContainers(s.containers, `${path}.containers`, true, names),
    ...validateContainers(s.initContainers, `${path}.initContainers`, false, names),
  ];
  const rp = s.restartPolicy;
  if (rp !== undefined && !allowedRestartPolicies.includes(String(rp))) {
    errs.push(fieldError.notSupported(`${path}.restartPolicy`, rp, allowedRestartPolicies));
  }
  const volumeNames = new Set<string>();
  (asArray(s.volumes) ?? []).forEach((v, i) => {
    const name = asString(asObject(v)?.name) ?? '';
    if (name === '') errs.push(fieldError.required(`${path}.volumes[${i}].name`));
    else if (volumeNames.has(name)) errs.push(fieldError.duplicate(`${path}.volumes[${i}].name`, name));
    volumeNames.add(name);
  });
  return errs;
}

/** The QoS class of a pod, from its containers' requests and limits. */
export function qosClass(spec: unknown): string {
  const s = asObject(spec) ?? {};
  const containers = [...(asArray(s.containers) ?? []), ...(asArray(s.initContainers) ?? [])].map((c) => asObject(c) ?? {});
  let anyResources = false;
  let guaranteed = true;
  for (const c of containers) {
    const res = asObject(c.resources) ?? {};
    const requests = asObject(res.requests) ?? {};
    const limits = asObject(res.limits) ?? {};
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
