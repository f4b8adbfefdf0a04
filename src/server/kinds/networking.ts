/**
 * The networking/v1 kinds: Ingress (with its status sub-resource), IngressClass and
 * NetworkPolicy, with the API server's defaults and validation.
 */
import { isIP } from 'node:net';
import { GROUPS } from '../../sdk/naming.js';
import type { JsonObject } from '../../sdk/types/meta.js';
import { asArray, asNumber, asObject, asString, childOf, objectOrEmpty as o } from '../util/json.js';
import { fieldError, type FieldError, requiredValid } from '../validation/field-errors.js';
import { portNameProblems, portNumberProblems } from '../../machinery/validation/ports.js';
import { isDNS1035Label, isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue } from '../../machinery/validation/names.js';
import { defineKind } from './define.js';
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
function validateServiceBackendPort(port: JsonObject, backendPath: string): FieldError[] {
  const path = `${backendPath}.service.port`;
  const name = asString(port.name) ?? '';
  const number = asNumber(port.number) ?? 0;
  if (name !== '' && number !== 0) return [fieldError.invalid(backendPath, '', 'cannot set both port name & port number')];
  if (name !== '') return portNameProblems(name).map((msg) => fieldError.invalid(`${path}.name`, name, msg));
  if (number !== 0) return portNumberProblems(number).map((msg) => fieldError.invalid(`${path}.number`, number, msg));
  return [fieldError.required(backendPath, 'port name or number is required')];
}

function validateIngressBackend(backend: JsonObject, path: string): FieldError[] {
  const service = asObject(backend.service);
  const resource = asObject(backend.resource);
  if (service !== undefined && resource !== undefined) return [fieldError.invalid(path, '', 'cannot set both resource and service backends')];
  if (resource !== undefined) {
    const errs: FieldError[] = [];
    const group = asString(resource.apiGroup) ?? '';
    if (group !== '') for (const msg of isDNS1123Subdomain(group)) errs.push(fieldError.invalid(`${path}.resource.apiGroup`, group, msg));
    if ((asString(resource.kind) ?? '') === '') errs.push(fieldError.required(`${path}.resource.kind`));
    if ((asString(resource.name) ?? '') === '') errs.push(fieldError.required(`${path}.resource.name`));
    return errs;
  }
  if (service !== undefined) {
    const errs: FieldError[] = [];
    const name = asString(service.name) ?? '';
    errs.push(...requiredValid(`${path}.service.name`, name, isDNS1035Label));
    errs.push(...validateServiceBackendPort(o(service.port), path));
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

function validateIngressRules(rules: unknown): FieldError[] {
  const errs: FieldError[] = [];
  (asArray(rules) ?? []).forEach((r, i) => {
    const rule = o(r);
    const path = `spec.rules[${i}]`;
    const host = asString(rule.host) ?? '';
    if (host !== '') errs.push(...validateHost(host, `${path}.host`));
    const http = asObject(rule.http);
    if (http === undefined) return;
    const paths = asArray(http.paths) ?? [];
    if (paths.length === 0) errs.push(fieldError.required(`${path}.http.paths`));
    paths.forEach((p, j) => {
      const pPath = `${path}.http.paths[${j}]`;
      const entry = o(p);
      const pathType = entry.pathType;
      if (pathType === undefined || pathType === null) errs.push(fieldError.required(`${pPath}.pathType`, 'pathType must be specified'));
      else if (!PATH_TYPES.includes(String(pathType))) errs.push(fieldError.notSupported(`${pPath}.pathType`, pathType, PATH_TYPES));
      else errs.push(...validatePath(asString(entry.path) ?? '', String(pathType), `${pPath}.path`));
      errs.push(...validateIngressBackend(o(entry.backend), `${pPath}.backend`));
    });
  });
  return errs;
}

function validateIngress(ing: JsonObject): FieldError[] {
  const spec = o(ing.spec);
  const errs: FieldError[] = [];
  const rules = asArray(spec.rules) ?? [];
  const defaultBackend = asObject(spec.defaultBackend);
  if (defaultBackend === undefined && rules.length === 0) {
    // Go prints the (empty) rules as `%#v` does.
    const value = spec.rules === undefined || spec.rules === null ? '[]networking.IngressRule(nil)' : '[]networking.IngressRule{}';
    errs.push(fieldError.invalidText('spec', value, 'either `defaultBackend` or `rules` must be specified'));
  }
  if (defaultBackend !== undefined) errs.push(...validateIngressBackend(defaultBackend, 'spec.defaultBackend'));
  errs.push(...validateIngressRules(spec.rules));
  (asArray(spec.tls) ?? []).forEach((t, i) => {
    (asArray(o(t).hosts) ?? []).forEach((h, j) => {
      const host = asString(h) ?? '';
      const problems = host.includes('*') ? wildcardProblems(host) : isDNS1123Subdomain(host);
      for (const msg of problems) errs.push(fieldError.invalid(`spec.tls[${i}].hosts[${j}]`, host, msg));
    });
  });
  const className = asString(spec.ingressClassName);
  if (className !== undefined) for (const msg of isDNS1123Subdomain(className)) errs.push(fieldError.invalid('spec.ingressClassName', className, msg));
  return errs;
}

function validateIngressStatus(ing: JsonObject): FieldError[] {
  const errs: FieldError[] = [];
  (asArray(o(o(ing.status).loadBalancer).ingress) ?? []).forEach((e, i) => {
    const path = `status.loadBalancer.ingress[${i}]`;
    const ip = asString(o(e).ip) ?? '';
    const hostname = asString(o(e).hostname) ?? '';
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
      const status = o(ing.status);
      status.loadBalancer ??= {};
      ing.status = status;
    },
    prepareForCreate(ing) {
      ing.status = { loadBalancer: {} };
    },
    validate: validateIngress,
    validateStatusUpdate: (ing) => validateIngressStatus(ing),
  },
});

function validateParametersReference(params: JsonObject): FieldError[] {
  const path = 'spec.parameters';
  const errs: FieldError[] = [];
  const group = asString(params.apiGroup);
  if (group !== undefined && group !== '') for (const msg of isDNS1123Subdomain(group)) errs.push(fieldError.invalid(`${path}.apiGroup`, group, msg));
  const kind = asString(params.kind) ?? '';
  if (kind === '') errs.push(fieldError.required(`${path}.kind`));
  else if (kind.includes('/') || kind.includes('%')) errs.push(fieldError.invalid(`${path}.kind`, kind, `may not contain '${kind.includes('/') ? '/' : '%'}'`));
  const name = asString(params.name) ?? '';
  if (name === '') errs.push(fieldError.required(`${path}.name`));
  else if (name.includes('/') || name.includes('%')) errs.push(fieldError.invalid(`${path}.name`, name, `may not contain '${name.includes('/') ? '/' : '%'}'`));
  const scope = asString(params.scope);
  const namespace = asString(params.namespace);
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

function validateIngressClass(ic: JsonObject): FieldError[] {
  const spec = o(ic.spec);
  const errs: FieldError[] = [];
  const controller = asString(spec.controller) ?? '';
  if (controller.length > MAX_INGRESS_CLASS_CONTROLLER) errs.push(fieldError.tooLong('spec.controller', MAX_INGRESS_CLASS_CONTROLLER));
  errs.push(...requiredValid('spec.controller', controller, domainPrefixedPathProblems));
  const params = asObject(spec.parameters);
  if (params !== undefined) errs.push(...validateParametersReference(params));
  return errs;
}

export const ingressClassDef = defineKind({
  group: GROUPS.networking, version: 'v1', kind: 'IngressClass', plural: 'ingressclasses', namespaced: false, tracksGeneration: true, table: ingressClassTable,
  hooks: {
    defaults(ic) {
      ic.spec ??= {};
      const params = asObject(o(ic.spec).parameters);
      if (params !== undefined) params.scope ??= 'Cluster';
    },
    validate: validateIngressClass,
    validateUpdate(ic, old) {
      const now = asString(o(ic.spec).controller) ?? '';
      return now === (asString(o(old.spec).controller) ?? '') ? [] : [fieldError.immutable('spec.controller', now)];
    },
  },
});

/** A label selector's requirements (ValidateLabelSelector, the parts clients trip over). */
function validateLabelSelector(sel: unknown, path: string): FieldError[] {
  const s = asObject(sel);
  if (s === undefined) return [];
  const errs: FieldError[] = [];
  for (const [k, v] of Object.entries(o(s.matchLabels))) {
    for (const msg of isQualifiedName(k)) errs.push(fieldError.invalid(`${path}.matchLabels`, k, msg));
    for (const msg of isValidLabelValue(asString(v) ?? '')) errs.push(fieldError.invalid(`${path}.matchLabels`, asString(v) ?? '', msg));
  }
  (asArray(s.matchExpressions) ?? []).forEach((e, i) => {
    const ePath = `${path}.matchExpressions[${i}]`;
    const op = asString(o(e).operator) ?? '';
    const values = asArray(o(e).values) ?? [];
    if (op === 'In' || op === 'NotIn') {
      if (values.length === 0) errs.push(fieldError.required(`${ePath}.values`, 'must be specified when `operator` is \'In\' or \'NotIn\''));
    } else if (op === 'Exists' || op === 'DoesNotExist') {
      if (values.length > 0) errs.push(fieldError.forbidden(`${ePath}.values`, 'may not be specified when `operator` is \'Exists\' or \'DoesNotExist\''));
    } else {
      errs.push(fieldError.invalid(`${ePath}.operator`, op, 'not a valid selector operator'));
    }
    const key = asString(o(e).key) ?? '';
    for (const msg of isQualifiedName(key)) errs.push(fieldError.invalid(`${ePath}.key`, key, msg));
  });
  return errs;
}

function validateNetworkPolicyPorts(ports: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (asArray(ports) ?? []).forEach((p, i) => {
    const pPath = `${path}[${i}]`;
    const port = o(p);
    const protocol = port.protocol;
    if (protocol !== undefined && protocol !== null && !PROTOCOLS.includes(String(protocol))) errs.push(fieldError.notSupported(`${pPath}.protocol`, protocol, PROTOCOLS));
    const value = port.port;
    const endPort = asNumber(port.endPort);
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

function validateIPBlock(block: JsonObject, path: string): FieldError[] {
  const cidr = asString(block.cidr) ?? '';
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

function validateNetworkPolicyPeers(peers: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (asArray(peers) ?? []).forEach((p, i) => {
    const pPath = `${path}[${i}]`;
    const peer = o(p);
    let kinds = 0;
    if (asObject(peer.podSelector) !== undefined) {
      kinds++;
      errs.push(...validateLabelSelector(peer.podSelector, `${pPath}.podSelector`));
    }
    if (asObject(peer.namespaceSelector) !== undefined) {
      kinds++;
      errs.push(...validateLabelSelector(peer.namespaceSelector, `${pPath}.namespaceSelector`));
    }
    const block = asObject(peer.ipBlock);
    if (block !== undefined) {
      kinds++;
      errs.push(...validateIPBlock(block, `${pPath}.ipBlock`));
    }
    if (kinds === 0) errs.push(fieldError.required(pPath, 'must specify a peer'));
    else if (kinds > 1 && block !== undefined) errs.push(fieldError.forbidden(pPath, 'may not specify more than 1 peer type'));
  });
  return errs;
}

function validateNetworkPolicy(np: JsonObject): FieldError[] {
  const spec = o(np.spec);
  const errs = validateLabelSelector(spec.podSelector, 'spec.podSelector');
  (asArray(spec.ingress) ?? []).forEach((r, i) => {
    errs.push(...validateNetworkPolicyPorts(o(r).ports, `spec.ingress[${i}].ports`));
    errs.push(...validateNetworkPolicyPeers(o(r).from, `spec.ingress[${i}].from`));
  });
  (asArray(spec.egress) ?? []).forEach((r, i) => {
    errs.push(...validateNetworkPolicyPorts(o(r).ports, `spec.egress[${i}].ports`));
    errs.push(...validateNetworkPolicyPeers(o(r).to, `spec.egress[${i}].to`));
  });
  const types = asArray(spec.policyTypes) ?? [];
  types.forEach((t, i) => {
    if (!POLICY_TYPES.includes(String(t))) errs.push(fieldError.notSupported(`spec.policyTypes[${i}]`, t, POLICY_TYPES));
  });
  if (types.length > 2) errs.push(fieldError.invalid('spec.policyTypes', types, 'may not specify more than two policyTypes'));
  return errs;
}

export const networkPolicyDef = defineKind({
  group: GROUPS.networking, version: 'v1', kind: 'NetworkPolicy', plural: 'networkpolicies', shortNames: ['netpol'], namespaced: true,
  tracksGeneration: true, table: networkPolicyTable,
  hooks: {
    defaults(np) {
      childOf(np, 'spec');
      const spec = np.spec;
      if (!spec) return;
      spec.podSelector ??= {};
      for (const rules of [spec.ingress ?? [], spec.egress ?? []]) {
        for (const r of rules) for (const port of r.ports ?? []) port.protocol ??= 'TCP';
      }
      if ((spec.policyTypes ?? []).length === 0) {
        spec.policyTypes = (spec.egress ?? []).length > 0 ? ['Ingress', 'Egress'] : ['Ingress'];
      }
    },
    validate: validateNetworkPolicy,
  },
});
