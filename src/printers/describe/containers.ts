import { goQuote } from '../../machinery/go-quote.js';
import { compareUtf8, sortedKeys } from '../../machinery/json/go-json.js';
import { quantityString, quantityValue } from '../../machinery/quantity/text.js';
import type { DescribeOptions } from './format.js';
import { formatRfc1123z } from './format.js';
import { bool, intOrString, num, obj, objs, str, strs } from './json-access.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3 } from './writer.js';

type Json = Record<string, unknown>;

/** `Limits:` / `Requests:` with canonical quantities, resource names sorted. */
export function describeResources(resources: Json | undefined, w: DescribeWriter, level: number): void {
  if (resources === undefined) return;
  const limits = obj(resources['limits']);
  const requests = obj(resources['requests']);
  if (Object.keys(limits).length > 0) w.write(level, 'Limits:\n');
  for (const name of sortedKeys(limits)) w.write(level + 1, `${name}:\t${quantityString(String(limits[name] ?? ''))}\n`);
  if (Object.keys(requests).length > 0) w.write(level, 'Requests:\n');
  for (const name of sortedKeys(requests)) w.write(level + 1, `${name}:\t${quantityString(String(requests[name] ?? ''))}\n`);
}

function ports(list: Json[], field: 'containerPort' | 'hostPort'): string {
  return list.map((p) => `${num(p[field])}/${str(p['protocol'])}`).join(', ');
}

/** kubectl's `DescribeProbe`. */
export function describeProbe(probe: Json): string {
  const attrs = `delay=${num(probe['initialDelaySeconds'])}s timeout=${num(probe['timeoutSeconds'])}s period=${num(probe['periodSeconds'])}s #success=${num(probe['successThreshold'])} #failure=${num(probe['failureThreshold'])}`;
  if (probe['exec'] !== undefined) return `exec [${strs(obj(probe['exec'])['command']).join(' ')}] ${attrs}`;
  if (probe['httpGet'] !== undefined) {
    const h = obj(probe['httpGet']);
    const scheme = str(h['scheme']).toLowerCase();
    const port = h['port'] === undefined ? '' : intOrString(h['port']);
    const hostName = str(h['host']);
    const host = port.length > 0 ? (hostName.includes(':') ? `[${hostName}]:${port}` : `${hostName}:${port}`) : hostName;
    return `http-get ${scheme ? `${scheme}://` : host ? '//' : ''}${host}${str(h['path'])} ${attrs}`;
  }
  if (probe['tcpSocket'] !== undefined) {
    const t = obj(probe['tcpSocket']);
    return `tcp-socket ${str(t['host'])}:${intOrString(t['port'])} ${attrs}`;
  }
  if (probe['grpc'] !== undefined) {
    const g = obj(probe['grpc']);
    return `grpc <pod>:${num(g['port'])} ${str(g['service'])} ${attrs}`;
  }
  return `unknown ${attrs}`;
}

function describeState(name: string, state: Json, w: DescribeWriter, options: DescribeOptions): void {
  if (state['running'] !== undefined) {
    w.write(LEVEL_2, `${name}:\tRunning\n`);
    w.write(LEVEL_3, `Started:\t${formatRfc1123z(str(obj(state['running'])['startedAt']), options)}\n`);
  } else if (state['waiting'] !== undefined) {
    w.write(LEVEL_2, `${name}:\tWaiting\n`);
    const reason = str(obj(state['waiting'])['reason']);
    if (reason) w.write(LEVEL_3, `Reason:\t${reason}\n`);
  } else if (state['terminated'] !== undefined) {
    const t = obj(state['terminated']);
    w.write(LEVEL_2, `${name}:\tTerminated\n`);
    if (str(t['reason'])) w.write(LEVEL_3, `Reason:\t${str(t['reason'])}\n`);
    if (str(t['message'])) w.write(LEVEL_3, `Message:\t${str(t['message'])}\n`);
    w.write(LEVEL_3, `Exit Code:\t${num(t['exitCode'])}\n`);
    if (num(t['signal']) > 0) w.write(LEVEL_3, `Signal:\t${num(t['signal'])}\n`);
    w.write(LEVEL_3, `Started:\t${formatRfc1123z(str(t['startedAt']), options)}\n`);
    w.write(LEVEL_3, `Finished:\t${formatRfc1123z(str(t['finishedAt']), options)}\n`);
  } else {
    w.write(LEVEL_2, `${name}:\tWaiting\n`);
  }
}

function describeEnv(container: Json, w: DescribeWriter, resolve: ((fieldPath: string) => string) | undefined): void {
  const envFrom = objs(container['envFrom']);
  if (envFrom.length > 0) {
    w.write(LEVEL_2, 'Environment Variables from:\n');
    for (const e of envFrom) {
      let from = '';
      let name = '';
      let optional = false;
      if (e['configMapRef'] !== undefined) {
        from = 'ConfigMap';
        name = str(obj(e['configMapRef'])['name']);
        optional = bool(obj(e['configMapRef'])['optional']);
      } else if (e['secretRef'] !== undefined) {
        from = 'Secret';
        name = str(obj(e['secretRef'])['name']);
        optional = bool(obj(e['secretRef'])['optional']);
      }
      const prefix = str(e['prefix']);
      if (prefix) w.write(LEVEL_3, `${name}\t${from} with prefix '${prefix}'\tOptional: ${optional}\n`);
      else w.write(LEVEL_3, `${name}\t${from}\tOptional: ${optional}\n`);
    }
  }
  const env = objs(container['env']);
  w.write(LEVEL_2, `Environment:${env.length === 0 ? '\t<none>' : ''}\n`);
  for (const e of env) {
    const name = str(e['name']);
    if (e['valueFrom'] === undefined) {
      str(e['value']).split('\n').forEach((line, i) => {
        w.write(LEVEL_3, i === 0 ? `${name}:\t${line}\n` : `\t${line}\n`);
      });
      continue;
    }
    const from = obj(e['valueFrom']);
    if (from['fieldRef'] !== undefined) {
      const f = obj(from['fieldRef']);
      const value = resolve ? resolve(str(f['fieldPath'])) : '';
      w.write(LEVEL_3, `${name}:\t${value} (${str(f['apiVersion'])}:${str(f['fieldPath'])})\n`);
    } else if (from['resourceFieldRef'] !== undefined) {
      const r = obj(from['resourceFieldRef']);
      const resource = str(r['resource']);
      let value = containerResourceValue(container, resource, r['divisor']);
      if (value === '0' && (resource === 'limits.cpu' || resource === 'limits.memory')) value = 'node allocatable';
      w.write(LEVEL_3, `${name}:\t${value} (${resource})\n`);
    } else if (from['secretKeyRef'] !== undefined) {
      const s = obj(from['secretKeyRef']);
      w.write(LEVEL_3, `${name}:\t<set to the key '${str(s['key'])}' in secret '${str(s['name'])}'>\tOptional: ${bool(s['optional'])}\n`);
    } else if (from['configMapKeyRef'] !== undefined) {
      const c = obj(from['configMapKeyRef']);
      w.write(LEVEL_3, `${name}:\t<set to the key '${str(c['key'])}' of config map '${str(c['name'])}'>\tOptional: ${bool(c['optional'])}\n`);
    }
  }
}

/**
 * kubectl's `ExtractContainerResourceValue`: the container's own limit or request of the resource
 * divided by the divisor (1 when unset), rounded up, as a whole number; `0` when the container
 * sets none; empty for a resource it cannot resolve.
 */
function containerResourceValue(container: Json, resource: string, divisor: unknown): string {
  const dot = resource.indexOf('.');
  const list = dot < 0 ? undefined : resource.slice(0, dot) === 'limits' ? 'limits' : resource.slice(0, dot) === 'requests' ? 'requests' : undefined;
  const name = dot < 0 ? '' : resource.slice(dot + 1);
  if (list === undefined || !(name === 'cpu' || name === 'memory' || name === 'ephemeral-storage' || name.startsWith('hugepages-'))) return '';
  const raw = obj(obj(container['resources'])[list])[name];
  const amount = raw === undefined || raw === null ? '0' : String(raw);
  const divisorText = divisor === undefined || divisor === null || quantityValue(String(divisor), true) === 0n ? '1' : String(divisor);
  const milli = name === 'cpu';
  const value = quantityValue(amount, milli);
  const by = quantityValue(divisorText, milli);
  if (by === 0n) return '';
  const quotient = value / by;
  return String(value % by === 0n || value < 0n ? quotient : quotient + 1n);
}

function describeMounts(container: Json, w: DescribeWriter): void {
  const mounts = objs(container['volumeMounts']);
  const none = mounts.length === 0 ? '\t<none>' : '';
  w.write(LEVEL_2, `Mounts:${none}\n`);
  const sorted = mounts.map((m, i) => ({ m, i })).sort((a, b) => compareUtf8(str(a.m['mountPath']), str(b.m['mountPath'])) || a.i - b.i);
  for (const { m } of sorted) {
    const flags = [bool(m['readOnly']) ? 'ro' : 'rw'];
    if (str(m['subPath'])) flags.push(`path=${goQuote(str(m['subPath']))}`);
    w.write(LEVEL_3, `${str(m['mountPath'])} from ${str(m['name'])} (${flags.join(',')})\n`);
  }
  const devices = objs(container['volumeDevices']);
  if (devices.length > 0) {
    w.write(LEVEL_2, `Devices:${none}\n`);
    const sortedDevices = [...devices].sort((a, b) => compareUtf8(str(a['devicePath']), str(b['devicePath'])));
    for (const d of sortedDevices) w.write(LEVEL_3, `${str(d['devicePath'])} from ${str(d['name'])}\n`);
  }
}

/**
 * kubectl's `describeContainers`: each container's image, ports, command, state (with the
 * statuses when given), resources, probes, environment and mounts.
 */
export function describeContainers(
  label: string,
  containers: Json[],
  statuses: Json[] | undefined,
  resolve: ((fieldPath: string) => string) | undefined,
  w: DescribeWriter,
  space: string,
  options: DescribeOptions,
): void {
  const byName = new Map<string, Json>();
  for (const s of statuses ?? []) byName.set(str(s['name']), s);
  w.write(LEVEL_0, `${space}${label}:${containers.length === 0 ? ' <none>' : ''}\n`);
  for (const c of containers) {
    const status = byName.get(str(c['name']));
    const nameIndent = space.length > 0 ? ' ' : '';
    w.write(LEVEL_1, `${nameIndent}${str(c['name'])}:\n`);
    if (status) w.write(LEVEL_2, `Container ID:\t${str(status['containerID'])}\n`);
    w.write(LEVEL_2, `Image:\t${str(c['image'])}\n`);
    if (status) w.write(LEVEL_2, `Image ID:\t${str(status['imageID'])}\n`);
    const cports = objs(c['ports']);
    const portString = ports(cports, 'containerPort');
    if (portString.includes(',')) w.write(LEVEL_2, `Ports:\t${portString}\n`);
    else w.write(LEVEL_2, `Port:\t${portString || '<none>'}\n`);
    const hostPortString = ports(cports, 'hostPort');
    if (hostPortString.includes(',')) w.write(LEVEL_2, `Host Ports:\t${hostPortString}\n`);
    else w.write(LEVEL_2, `Host Port:\t${hostPortString || '<none>'}\n`);
    const seccomp = obj(obj(c['securityContext'])['seccompProfile']);
    if (Object.keys(seccomp).length > 0) {
      w.write(LEVEL_2, `SeccompProfile:\t${str(seccomp['type'])}\n`);
      if (str(seccomp['type']) === 'Localhost') w.write(LEVEL_3, `LocalhostProfile:\t${str(seccomp['localhostProfile'])}\n`);
    }
    const command = strs(c['command']);
    if (command.length > 0) {
      w.write(LEVEL_2, 'Command:\n');
      for (const part of command) for (const line of part.split('\n')) w.write(LEVEL_3, `${line}\n`);
    }
    const args = strs(c['args']);
    if (args.length > 0) {
      w.write(LEVEL_2, 'Args:\n');
      for (const part of args) for (const line of part.split('\n')) w.write(LEVEL_3, `${line}\n`);
    }
    if (status) {
      describeState('State', obj(status['state']), w, options);
      if (obj(status['lastState'])['terminated'] !== undefined) describeState('Last State', obj(status['lastState']), w, options);
      w.write(LEVEL_2, `Ready:\t${bool(status['ready']) ? 'True' : 'False'}\n`);
      w.write(LEVEL_2, `Restart Count:\t${num(status['restartCount'])}\n`);
    }
    describeResources(obj(c['resources']), w, LEVEL_2);
    if (c['livenessProbe'] !== undefined) w.write(LEVEL_2, `Liveness:\t${describeProbe(obj(c['livenessProbe']))}\n`);
    if (c['readinessProbe'] !== undefined) w.write(LEVEL_2, `Readiness:\t${describeProbe(obj(c['readinessProbe']))}\n`);
    if (c['startupProbe'] !== undefined) w.write(LEVEL_2, `Startup:\t${describeProbe(obj(c['startupProbe']))}\n`);
    describeEnv(c, w, resolve);
    describeMounts(c, w);
  }
}
