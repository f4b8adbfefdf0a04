/**
 * Service (core/v1): defaults (type, protocol, targetPort, IP families), cluster IP and node port
 * allocation, and the validation clients meet (ports, types, immutable cluster IP).
 */
import type { Service, ServiceSpec } from '../../sdk/types/generated/core-v1.js';
import { fieldError, invalid, supportedValue, type FieldError } from '../validation/field-errors.js';
import { isDNS1123Label } from '../../machinery/validation/names.js';
import type { HookContext } from '../registry/types.js';
import { defineKind } from './define.js';
import { SERVICE_PROXY_SUBRESOURCE } from './connect-subresources.js';
import { serviceTable } from '../tables/core.js';

const TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];

function isHeadless(spec: ServiceSpec): boolean {
  return spec.clusterIP === 'None';
}

function needsNodePorts(spec: ServiceSpec): boolean {
  return spec.type === 'NodePort' || (spec.type === 'LoadBalancer' && spec.allocateLoadBalancerNodePorts !== false);
}

function defaults(obj: Service): void {
  const spec = (obj.spec ??= {});
  spec.type ??= 'ClusterIP';
  if (spec.type !== 'ExternalName') {
    spec.sessionAffinity ??= 'None';
    spec.internalTrafficPolicy ??= 'Cluster';
  }
  if ((spec.type === 'NodePort' || spec.type === 'LoadBalancer')) spec.externalTrafficPolicy ??= 'Cluster';
  if (spec.type === 'LoadBalancer') spec.allocateLoadBalancerNodePorts ??= true;
  for (const p of spec.ports ?? []) {
    p.protocol ??= 'TCP';
    if (p.targetPort === undefined && typeof p.port === 'number') p.targetPort = p.port;
  }
}

function allocate(obj: Service, old: Service | undefined, ctx: HookContext): FieldError[] {
  const spec: ServiceSpec = obj.spec ?? {};
  const oldSpec = old?.spec;
  const errs: FieldError[] = [];
  if (spec.type === 'ExternalName') {
    delete spec.clusterIP;
    delete spec.clusterIPs;
  } else {
    const oldIP = oldSpec?.clusterIP;
    let ip = spec.clusterIP ?? spec.clusterIPs?.[0];
    if ((ip === undefined || ip === '') && oldIP !== undefined && oldSpec?.type !== 'ExternalName') ip = oldIP;
    if (ip === 'None') {
      spec.clusterIP = 'None';
      spec.clusterIPs = ['None'];
    } else if (ip !== undefined && ip !== '' && oldIP !== undefined && oldIP !== '' && oldSpec?.type !== 'ExternalName') {
      // Keeps the address (a different one is refused by validation: cluster IPs are immutable).
      spec.clusterIP = ip;
      spec.clusterIPs = [ip];
    } else {
      try {
        const allocated = ctx.allocator.allocateIP(ip);
        ctx.onRollback(() => ctx.allocator.releaseIP(allocated));
        spec.clusterIP = allocated;
        spec.clusterIPs = [allocated];
      } catch (e) {
        errs.push(fieldError.invalid('spec.clusterIPs', [ip ?? ''], e instanceof Error ? e.message : String(e)));
      }
    }
    if (!isHeadless(spec) || spec.ipFamilies !== undefined || spec.selector !== undefined) {
      spec.ipFamilies ??= ['IPv4'];
      spec.ipFamilyPolicy ??= 'SingleStack';
    }
  }
  const oldPorts = oldSpec?.ports ?? [];
  (spec.ports ?? []).forEach((p, i) => {
    if (!needsNodePorts(spec)) {
      if (spec.type === 'ClusterIP' || spec.type === 'ExternalName') delete p.nodePort;
      return;
    }
    const requested = p.nodePort;
    const previous = oldPorts.find((o) => o.port === p.port && o.protocol === p.protocol);
    const prevPort = previous?.nodePort;
    if ((requested === undefined || requested === 0) && prevPort !== undefined) {
      p.nodePort = prevPort;
      return;
    }
    if (requested !== undefined && requested === prevPort) return;
    try {
      const port = ctx.allocator.allocateNodePort(requested);
      ctx.onRollback(() => ctx.allocator.releaseNodePort(port));
      p.nodePort = port;
    } catch (e) {
      errs.push(fieldError.invalid(`spec.ports[${i}].nodePort`, requested ?? 0, e instanceof Error ? e.message : String(e)));
    }
  });
  return errs;
}

function validate(obj: Service): FieldError[] {
  const errs: FieldError[] = [];
  const spec: ServiceSpec = obj.spec ?? {};
  const type = spec.type;
  supportedValue(errs, 'spec.type', type, TYPES);
  const list = spec.ports ?? [];
  if (type === 'ExternalName') {
    if ((spec.externalName ?? '') === '') errs.push(fieldError.required('spec.externalName'));
  } else if (list.length === 0 && !isHeadless(spec)) {
    errs.push(fieldError.required('spec.ports'));
  }
  const seen = new Set<string>();
  const names = new Set<string>();
  list.forEach((p, i) => {
    const path = `spec.ports[${i}]`;
    const name = p.name ?? '';
    if (list.length > 1 && name === '') errs.push(fieldError.required(`${path}.name`));
    if (name !== '') {
      for (const msg of isDNS1123Label(name)) errs.push(fieldError.invalid(`${path}.name`, name, msg));
      if (names.has(name)) errs.push(fieldError.duplicate(`${path}.name`, name));
      names.add(name);
    }
    const port = p.port;
    if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535) {
      errs.push(fieldError.invalid(`${path}.port`, port ?? 0, 'must be between 1 and 65535, inclusive'));
    }
    supportedValue(errs, `${path}.protocol`, p.protocol, ['SCTP', 'TCP', 'UDP']);
    const key = `${String(port)}/${String(p.protocol)}`;
    if (seen.has(key)) errs.push(fieldError.duplicate(path, { port: port ?? 0, protocol: p.protocol ?? '' }));
    seen.add(key);
  });
  return errs;
}

export const serviceDef = defineKind({
  group: '', version: 'v1', kind: 'Service', plural: 'services', shortNames: ['svc'], categories: ['all'], namespaced: true,
  nameRule: 'dns1035', status: true, allowCreateOnUpdate: true, returnDeletedObject: true, extraSubresources: [SERVICE_PROXY_SUBRESOURCE],
  table: serviceTable,
  hooks: {
    defaults,
    prepareForCreate(obj, ctx) {
      obj.status = { loadBalancer: {} };
      if (validate(obj).length > 0) return;
      const errs = allocate(obj, undefined, ctx);
      if (errs.length > 0) throw invalid({ group: '', kind: 'Service' }, obj.metadata?.name ?? '', errs);
    },
    prepareForUpdate(obj, old, ctx) {
      if (validate(obj).length > 0) return;
      const errs = allocate(obj, old, ctx);
      if (errs.length > 0) throw invalid({ group: '', kind: 'Service' }, obj.metadata?.name ?? '', errs);
    },
    validate,
    validateUpdate(obj, old) {
      const errs: FieldError[] = [];
      const newIP = obj.spec?.clusterIP ?? '';
      const oldIP = old.spec?.clusterIP ?? '';
      if (newIP !== '' && oldIP !== '' && newIP !== oldIP && obj.spec?.type !== 'ExternalName' && old.spec?.type !== 'ExternalName') {
        errs.push(fieldError.invalid('spec.clusterIPs[0]', [newIP], 'may not change once set'));
      }
      return errs;
    },
  },
});
