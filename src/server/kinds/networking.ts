/**
 * The networking/v1 kinds: Ingress (with its status sub-resource), IngressClass and
 * NetworkPolicy, with the API server's defaults and validation.
 */
import { isIP } from 'node:net';
import { GROUPS } from '../../sdk/naming.js';
import type { LabelSelector } from '../../sdk/types/generated/meta-v1.js';
import type {
  Ingress, IngressBackend, IngressClass, IngressClassParametersReference, IngressRule, IPBlock, NetworkPolicy, NetworkPolicyPeer, NetworkPolicyPort,
  ServiceBackendPort,
} from '../../sdk/types/generated/networking-v1.js';
import { fieldError, supportedValue, type FieldError, requiredValid } from '../validation/field-errors.js';
import { portNameProblems, portNumberProblems } from '../../machinery/validation/ports.js';
import { isDNS1035Label, isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue } from '../../machinery/validation/names.js';
import { defineKind } from './define.js';
import { specDefaults } from './spec-defaults.js';
import { ingressClassTable, ingressTable, networkPolicyTable } from '../tables/networking.js';

const PATH_TYPES = ['Exact', 'ImplementationSpecific', 'Prefix'];
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const POLICY_TYPES = ['Egress', 'Ingress'];
const MAX_INGRESS_CLASS_CONTROLLER = 250;

/** IsWildcardDNS1123Subdomain: `*.` followed by a DNS subdomain. */
function wildcardProblems(host: string): string[] {
  const ok = /^\*\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(host);
  const errs: string[] = [];
  if (host.length > 253) errs.push('must be no more than 253 characters');
  if (!ok) {
    errs.push("a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character (e.g. '*.example.com', regex used for validation is '\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')");
  }
  return errs;
}

function validateHost(host: string, path: string): FieldError[] {
  if (isIP(host) !== 0) return [fieldError.invalid(path, host, 'must be a DNS name, not an IP address')];
  const problems = host.includes('*') ? wildcardProblems(host) : isDNS1123Subdomain(host);
  return problems.map((msg) => fieldError.invalid(path, host, msg));
}

/** The port of a service backend (errors about both or neither are the backend's). */
function validateServiceBackendPort(port: ServiceBackendPort | undefined, backendPath: string): FieldError[] {
  const path = `${backendPath}.service.port`;
  const name = port?.name ?? '';
  const number = port?.number ?? 0;
  if (name !== '' && number !== 0) return [fieldError.invalid(backendPath, '', 'cannot set both port name & port number')];
  if (name !== '') return portNameProblems(name).map((msg) => fieldError.invalid(`${path}.name`, name, msg));
  if (number !== 0) return portNumberProblems(number).map((msg) => fieldError.invalid(`${path}.number`, number, msg));
  return [fieldError.required(backendPath, 'port name or number is required')];
}

function validateIngressBackend(backend: IngressBackend | undefined, path: string): FieldError[] {
  const service = backend?.service;
  const resource = backend?.resource;
  if (service && resource) return [fieldError.invalid(path, '', 'cannot set both resource and service backends')];
  if (resource) {
    const errs: FieldError[] = [];
    const group = resource.apiGroup ?? '';
    if (group !== '') for (const msg of isDNS1123Subdomain(group)) errs.push(fieldError.invalid(`${path}.resource.apiGroup`, group, msg));
    if ((resource.kind ?? '') === '') errs.push(fieldError.required(`${path}.resource.kind`));
    if ((resource.name ?? '') === '') errs.push(fieldError.required(`${path}.resource.name`));
    return errs;
  }
  if (service) {
    const errs: FieldError[] = [];
    errs.push(...requiredValid(`${path}.service.name`, service.name ?? '', isDNS1035Label));
    errs.push(...validateServiceBackendPort(service.port, path));
    return errs;
  }
  return [fieldError.invalid(path, '', 'resource or service backend is required')];
}

/** The path rules of Exact and Prefix paths (and of ImplementationSpecific ones that are set). */
function validatePath(path: string, pathType: string, field: string): FieldError[] {
  if (pathType === 'ImplementationSpecific' && path === '') return [];
  if (!path.startsWith('/')) return [fieldError.invalid(field, path, 'must be an absolute path')];
  if (pathType === 'ImplementationSpecific') return [];
  const errs: FieldError[] = [];
  for (const bad of ['//', '/./', '/../', '%2f', '%2F']) if (path.includes(bad)) errs.push(fieldError.invalid(field, path, `must not contain '${bad}'`));
  for (const bad of ['/..', '/.']) if (path.endsWith(bad)) errs.push(fieldError.invalid(field, path, `cannot end with '${bad}'`));
  return errs;
}

function validateIngressRules(rules: IngressRule[] | undefined): FieldError[] {
  const errs: FieldError[] = [];
  (rules ?? []).forEach((rule, i) => {
    const path = `spec.rules[${i}]`;
    const host = rule.host ?? '';
    if (host !== '') errs.push(...validateHost(host, `${path}.host`));
    const http = rule.http;
    if (!http) return;
    const paths = http.paths ?? [];
    if (paths.length === 0) errs.push(fieldError.required(`${path}.http.paths`));
    paths.forEach((entry, j) => {
      const pPath = `${path}.http.paths[${j}]`;
      const pathType = entry.pathType;
      if (pathType === undefined || pathType === null) errs.push(fieldError.required(`${pPath}.pathType`, 'pathType must be specified'));
      else if (supportedValue(errs, `${pPath}.pathType`, pathType, PATH_TYPES)) errs.push(...validatePath(entry.path ?? '', pathType, `${pPath}.path`));
      errs.push(...validateIngressBackend(entry.backend, `${pPath}.backend`));
    });
  });
  return errs;
}

function validateIngress(ing: Ingress): FieldError[] {
  const spec = ing.spec ?? {};
  const errs: FieldError[] = [];
  const rules = spec.rules ?? [];
  const defaultBackend = spec.defaultBackend;
  if (!defaultBackend && rules.length === 0) {
    // Go prints the (empty) rules as `%#v` does.
    const value = spec.rules === undefined || spec.rules === null ? '[]networking.IngressRule(nil)' : '[]networking.IngressRule{}';
    errs.push(fieldError.invalidText('spec', value, 'either `defaultBackend` or `rules` must be specified'));
  }
  if (defaultBackend) errs.push(...validateIngressBackend(defaultBackend, 'spec.defaultBackend'));
  errs.push(...validateIngressRules(spec.rules));
  (spec.tls ?? []).forEach((t, i) => {
    (t.hosts ?? []).forEach((host, j) => {
      const problems = host.includes('*') ? wildcardProblems(host) : isDNS1123Subdomain(host);
      for (const msg of problems) errs.push(fieldError.invalid(`spec.tls[${i}].hosts[${j}]`, host, msg));
    });
  });
  const className = spec.ingressClassName;
  if (className !== undefined) for (const msg of isDNS1123Subdomain(className)) errs.push(fieldError.invalid('spec.ingressClassName', className, msg));
  return errs;
}

function validateIngressStatus(ing: Ingress): FieldError[] {
  const errs: FieldError[] = [];
  (ing.status?.loadBalancer?.ingress ?? []).forEach((e, i) => {
    const path = `status.loadBalancer.ingress[${i}]`;
    const ip = e.ip ?? '';
    const hostname = e.hostname ?? '';
    if (ip !== '' && isIP(ip) === 0) errs.push(fieldError.invalid(`${path}.ip`, ip, 'must be a valid IP address'));
    if (hostname !== '') {
      for (const msg of isDNS1123Subdomain(hostname)) errs.push(fieldError.invalid(`${path}.hostname`, hostname, msg));
      if (isIP(hostname) !== 0) errs.push(fieldError.invalid(`${path}.hostname`, hostname, 'must be a DNS name, not an IP address'));
    }
  });
  return errs;
}

export const ingressDef = defineKind({
  group: GROUPS.networking, version: 'v1', kind: 'Ingress', plural: 'ingresses', shortNames: ['ing'], namespaced: true, status: true,
  tracksGeneration: true, table: ingressTable,
  hooks: {
    defaults(ing) {
      // Go never leaves out a struct field: the spec and the load balancer status are always there.
      ing.spec ??= {};
      (ing.status ??= {}).loadBalancer ??= {};
    },
    prepareForCreate(ing) {
      ing.status = { loadBalancer: {} };
    },
    validate: validateIngress,
    validateStatusUpdate: (ing) => validateIngressStatus(ing),
  },
});

function validateParametersReference(params: IngressClassParametersReference): FieldError[] {
  const path = 'spec.parameters';
  const errs: FieldError[] = [];
  const group = params.apiGroup;
  if (group !== undefined && group !== '') for (const msg of isDNS1123Subdomain(group)) errs.push(fieldError.invalid(`${path}.apiGroup`, group, msg));
  const kind = params.kind ?? '';
  if (kind === '') errs.push(fieldError.required(`${path}.kind`));
  else if (kind.includes('/') || kind.includes('%')) errs.push(fieldError.invalid(`${path}.kind`, kind, `may not contain '${kind.includes('/') ? '/' : '%'}'`));
  const name = params.name ?? '';
  if (name === '') errs.push(fieldError.required(`${path}.name`));
  else if (name.includes('/') || name.includes('%')) errs.push(fieldError.invalid(`${path}.name`, name, `may not contain '${name.includes('/') ? '/' : '%'}'`));
  const scope = params.scope;
  const namespace = params.namespace;
  if (scope === undefined) errs.push(fieldError.required(`${path}.scope`));
  else if (scope === 'Namespace') {
    if (namespace === undefined) errs.push(fieldError.required(`${path}.namespace`, '`parameters.scope` is set to \'Namespace\''));
    else for (const msg of isDNS1123Label(namespace)) errs.push(fieldError.invalid(`${path}.namespace`, namespace, msg));
  } else if (scope === 'Cluster') {
    if (namespace !== undefined) errs.push(fieldError.forbidden(`${path}.namespace`, '`parameters.scope` is set to \'Cluster\''));
  } else {
    errs.push(fieldError.notSupported(`${path}.scope`, scope, ['Cluster', 'Namespace']));
  }
  return errs;
}

/** IsDomainPrefixedPath: a DNS subdomain, then a path. */
function domainPrefixedPathProblems(value: string): string[] {
  const slash = value.indexOf('/');
  if (slash < 1) return ['must be a domain-prefixed path (such as "acme.io/foo")'];
  const problems = isDNS1123Subdomain(value.slice(0, slash));
  const path = value.slice(slash);
  if (!/^[A-Za-z0-9/\-._~%!$&'()*+,;=:]+$/.test(path)) problems.push("path segment must consist of only valid HTTP path characters");
  return problems;
}

function validateIngressClass(ic: IngressClass): FieldError[] {
  const errs: FieldError[] = [];
  const controller = ic.spec?.controller ?? '';
  if (controller.length > MAX_INGRESS_CLASS_CONTROLLER) errs.push(fieldError.tooLong('spec.controller', MAX_INGRESS_CLASS_CONTROLLER));
  errs.push(...requiredValid('spec.controller', controller, domainPrefixedPathProblems));
  const params = ic.spec?.parameters;
  if (params) errs.push(...validateParametersReference(params));
  return errs;
}

export const ingressClassDef = defineKind({
  group: GROUPS.networking, version: 'v1', kind: 'IngressClass', plural: 'ingressclasses', namespaced: false, tracksGeneration: true, table: ingressClassTable,
  hooks: {
    defaults(ic) {
      const params = (ic.spec ??= {}).parameters;
      if (params) params.scope ??= 'Cluster';
    },
    validate: validateIngressClass,
    validateUpdate(ic, old) {
      const now = ic.spec?.controller ?? '';
      return now === (old.spec?.controller ?? '') ? [] : [fieldError.immutable('spec.controller', now)];
    },
  },
});

/** A label selector's requirements (ValidateLabelSelector, the parts clients trip over). */
function validateLabelSelector(s: LabelSelector | undefined, path: string): FieldError[] {
  if (!s) return [];
  const errs: FieldError[] = [];
  for (const [k, v] of Object.entries(s.matchLabels ?? {})) {
    for (const msg of isQualifiedName(k)) errs.push(fieldError.invalid(`${path}.matchLabels`, k, msg));
    for (const msg of isValidLabelValue(v)) errs.push(fieldError.invalid(`${path}.matchLabels`, v, msg));
  }
  (s.matchExpressions ?? []).forEach((e, i) => {
    const ePath = `${path}.matchExpressions[${i}]`;
    const op = e.operator ?? '';
    const values = e.values ?? [];
    if (op === 'In' || op === 'NotIn') {
      if (values.length === 0) errs.push(fieldError.required(`${ePath}.values`, 'must be specified when `operator` is \'In\' or \'NotIn\''));
    } else if (op === 'Exists' || op === 'DoesNotExist') {
      if (values.length > 0) errs.push(fieldError.forbidden(`${ePath}.values`, 'may not be specified when `operator` is \'Exists\' or \'DoesNotExist\''));
    } else {
      errs.push(fieldError.invalid(`${ePath}.operator`, op, 'not a valid selector operator'));
    }
    const key = e.key ?? '';
    for (const msg of isQualifiedName(key)) errs.push(fieldError.invalid(`${ePath}.key`, key, msg));
  });
  return errs;
}

function validateNetworkPolicyPorts(ports: NetworkPolicyPort[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (ports ?? []).forEach((port, i) => {
    const pPath = `${path}[${i}]`;
    const protocol = port.protocol;
    if (protocol !== undefined && protocol !== null) supportedValue(errs, `${pPath}.protocol`, protocol, PROTOCOLS);
    const value = port.port;
    const endPort = port.endPort;
    if (typeof value === 'number') {
      for (const msg of portNumberProblems(value)) errs.push(fieldError.invalid(`${pPath}.port`, value, msg));
      if (endPort !== undefined) {
        if (endPort < value) errs.push(fieldError.invalid(`${pPath}.endPort`, endPort, 'must be greater than or equal to `port`'));
        for (const msg of portNumberProblems(endPort)) errs.push(fieldError.invalid(`${pPath}.endPort`, endPort, msg));
      }
    } else if (typeof value === 'string') {
      if (endPort !== undefined) errs.push(fieldError.invalid(`${pPath}.endPort`, endPort, 'may not be specified when `port` is non-numeric'));
      for (const msg of portNameProblems(value)) errs.push(fieldError.invalid(`${pPath}.port`, value, msg));
    } else if (endPort !== undefined) {
      errs.push(fieldError.required(`${pPath}.port`, 'must be specified when `endPort` is specified'));
    }
  });
  return errs;
}

function validateIPBlock(block: IPBlock, path: string): FieldError[] {
  const cidr = block.cidr ?? '';
  if (cidr === '') return [fieldError.required(`${path}.cidr`)];
  const [ip, bits] = cidr.split('/');
  const family = isIP(ip ?? '');
  const max = family === 6 ? 128 : 32;
  const prefix = Number(bits);
  if (family === 0 || bits === undefined || !/^\d+$/.test(bits) || prefix > max) {
    return [fieldError.invalid(`${path}.cidr`, cidr, 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)')];
  }
  return [];
}

function validateNetworkPolicyPeers(peers: NetworkPolicyPeer[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (peers ?? []).forEach((peer, i) => {
    const pPath = `${path}[${i}]`;
    let kinds = 0;
    if (peer.podSelector) {
      kinds++;
      errs.push(...validateLabelSelector(peer.podSelector, `${pPath}.podSelector`));
    }
    if (peer.namespaceSelector) {
      kinds++;
      errs.push(...validateLabelSelector(peer.namespaceSelector, `${pPath}.namespaceSelector`));
    }
    const block = peer.ipBlock;
    if (block) {
      kinds++;
      errs.push(...validateIPBlock(block, `${pPath}.ipBlock`));
    }
    if (kinds === 0) errs.push(fieldError.required(pPath, 'must specify a peer'));
    else if (kinds > 1 && block) errs.push(fieldError.forbidden(pPath, 'may not specify more than 1 peer type'));
  });
  return errs;
}

function validateNetworkPolicy(np: NetworkPolicy): FieldError[] {
  const spec = np.spec;
  const errs = validateLabelSelector(spec?.podSelector, 'spec.podSelector');
  (spec?.ingress ?? []).forEach((r, i) => {
    errs.push(...validateNetworkPolicyPorts(r.ports, `spec.ingress[${i}].ports`));
    errs.push(...validateNetworkPolicyPeers(r.from, `spec.ingress[${i}].from`));
  });
  (spec?.egress ?? []).forEach((r, i) => {
    errs.push(...validateNetworkPolicyPorts(r.ports, `spec.egress[${i}].ports`));
    errs.push(...validateNetworkPolicyPeers(r.to, `spec.egress[${i}].to`));
  });
  const types = spec?.policyTypes ?? [];
  types.forEach((t, i) => supportedValue(errs, `spec.policyTypes[${i}]`, t, POLICY_TYPES));
  if (types.length > 2) errs.push(fieldError.invalid('spec.policyTypes', types, 'may not specify more than two policyTypes'));
  return errs;
}

export const networkPolicyDef = defineKind({
  group: GROUPS.networking, version: 'v1', kind: 'NetworkPolicy', plural: 'networkpolicies', shortNames: ['netpol'], namespaced: true,
  tracksGeneration: true, table: networkPolicyTable,
  hooks: {
    defaults: specDefaults<NetworkPolicy>((spec) => {
      spec.podSelector ??= {};
      for (const rules of [spec.ingress ?? [], spec.egress ?? []]) {
        for (const r of rules) for (const port of r.ports ?? []) port.protocol ??= 'TCP';
      }
      if ((spec.policyTypes ?? []).length === 0) {
        spec.policyTypes = (spec.egress ?? []).length > 0 ? ['Ingress', 'Egress'] : ['Ingress'];
      }
    }),
    validate: validateNetworkPolicy,
  },
});
