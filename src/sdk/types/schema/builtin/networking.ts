/**
 * Schemas of networking/v1: Ingresses, IngressClasses and NetworkPolicies.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import { GROUPS } from '../../../naming.js';
import type { StructSchema } from '../../../../machinery/schema/type-schema.js';
import { atomicList, kind, message, named } from './build.js';
import { PROTOCOL } from './core-values.js';
import { TYPED_LOCAL_OBJECT_REFERENCE } from './core-volumes.js';
import { LABEL_SELECTOR, OBJECT_META } from './meta.js';
import { INT32, INT_OR_STRING, STRING } from './scalars.js';

const METADATA = 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.';

/** Values of `v1.PolicyType`. */
export const POLICY_TYPE = named(STRING, 'v1.PolicyType', ['Egress', 'Ingress']);
/** Values of `v1.PathType`. */
export const PATH_TYPE = named(STRING, 'v1.PathType', ['Exact', 'ImplementationSpecific', 'Prefix']);

/** NetworkPolicyPort (networking/v1). */
export const NETWORK_POLICY_PORT: StructSchema = message('api.networking.v1', 'NetworkPolicyPort', 'A port (or range of ports) traffic may use.', {
  protocol: [1, PROTOCOL, 'TCP (the default), UDP or SCTP.', 'p'],
  port: [2, INT_OR_STRING, 'A port number or named port; every port when unset.', 'p'],
  endPort: [3, INT32, 'The last port of a range starting at port (a number then); at least port.', 'p'],
});

/** IPBlock (networking/v1). */
export const IP_BLOCK: StructSchema = message('api.networking.v1', 'IPBlock', 'A CIDR range, less some sub-ranges.', {
  cidr: [1, STRING, 'The range, as `192.168.1.0/24` or `2001:db8::/64`.', 're'],
  except: [2, atomicList(STRING), 'Sub-ranges of cidr left out.'],
});

/** NetworkPolicyPeer (networking/v1). */
export const NETWORK_POLICY_PEER: StructSchema = message('api.networking.v1', 'NetworkPolicyPeer', 'Peers traffic may come from or go to: pods by labels (in namespaces by labels), or an IP block.', {
  podSelector: [1, LABEL_SELECTOR, 'Pods by labels; in the policy\'s namespace unless namespaceSelector is set.', 'p'],
  namespaceSelector: [2, LABEL_SELECTOR, 'Namespaces by labels; all their pods unless podSelector is set.', 'p'],
  ipBlock: [3, IP_BLOCK, 'An IP block; cannot go with the selectors.', 'p'],
});

/** NetworkPolicyIngressRule (networking/v1). */
export const NETWORK_POLICY_INGRESS_RULE: StructSchema = message('api.networking.v1', 'NetworkPolicyIngressRule', 'Traffic allowed in: from these peers to these ports.', {
  ports: [1, atomicList(NETWORK_POLICY_PORT), 'Ports allowed; every port when empty.'],
  from: [2, atomicList(NETWORK_POLICY_PEER), 'Sources allowed; every source when empty.'],
});

/** NetworkPolicyEgressRule (networking/v1). */
export const NETWORK_POLICY_EGRESS_RULE: StructSchema = message('api.networking.v1', 'NetworkPolicyEgressRule', 'Traffic allowed out: to these peers on these ports.', {
  ports: [1, atomicList(NETWORK_POLICY_PORT), 'Ports allowed; every port when empty.'],
  to: [2, atomicList(NETWORK_POLICY_PEER), 'Destinations allowed; every destination when empty.'],
});

/** NetworkPolicySpec (networking/v1). */
export const NETWORK_POLICY_SPEC: StructSchema = message('api.networking.v1', 'NetworkPolicySpec', 'The pods a policy isolates and the traffic it allows them.', {
  podSelector: [1, LABEL_SELECTOR, 'The pods of the namespace the policy applies to; all of them when empty.', 're'],
  ingress: [2, atomicList(NETWORK_POLICY_INGRESS_RULE), 'Incoming traffic allowed (added to what other policies allow).'],
  egress: [3, atomicList(NETWORK_POLICY_EGRESS_RULE), 'Outgoing traffic allowed (added to what other policies allow).'],
  policyTypes: [4, atomicList(POLICY_TYPE), 'Ingress, Egress or both: which directions the policy isolates; Ingress, plus Egress when there are egress rules, by default.'],
});

/** NetworkPolicy (networking/v1). */
export const NETWORK_POLICY: StructSchema = kind('api.networking.v1', 'NetworkPolicy', [{ group: GROUPS.networking, version: 'v1', kind: 'NetworkPolicy' }], 'The network traffic allowed to and from a set of pods.', {
  metadata: [1, OBJECT_META, METADATA],
  spec: [2, NETWORK_POLICY_SPEC, 'The pods and the traffic allowed them.'],
});

/** ServiceBackendPort (networking/v1). */
export const SERVICE_BACKEND_PORT: StructSchema = message('api.networking.v1', 'ServiceBackendPort', 'A port of a service, by name or number (one of them).', {
  name: [1, STRING, 'The port\'s name.'],
  number: [2, INT32, 'The port\'s number.'],
}, { atomic: true });

/** IngressServiceBackend (networking/v1). */
export const INGRESS_SERVICE_BACKEND: StructSchema = message('api.networking.v1', 'IngressServiceBackend', 'A service that receives traffic.', {
  name: [1, STRING, 'The service, in the ingress\'s namespace.', 're'],
  port: [2, SERVICE_BACKEND_PORT, 'The service\'s port.'],
});

/** IngressBackend (networking/v1). */
export const INGRESS_BACKEND: StructSchema = message('api.networking.v1', 'IngressBackend', 'Where matching traffic goes: a service or another object (one of them).', {
  service: [4, INGRESS_SERVICE_BACKEND, 'A service.', 'p'],
  resource: [3, TYPED_LOCAL_OBJECT_REFERENCE, 'An object in the ingress\'s namespace (a storage bucket, say).', 'p'],
});

/** HTTPIngressPath (networking/v1). */
export const HTTP_INGRESS_PATH: StructSchema = message('api.networking.v1', 'HTTPIngressPath', 'A path and where its requests go.', {
  path: [1, STRING, 'The path requests are matched against; it starts with `/` for Exact and Prefix.'],
  pathType: [3, PATH_TYPE, 'How the path is matched: Exact, Prefix (by `/`-separated elements) or ImplementationSpecific.', 'rpe'],
  backend: [2, INGRESS_BACKEND, 'Where matching requests go.', 're'],
});

/** HTTPIngressRuleValue (networking/v1). */
export const HTTP_INGRESS_RULE_VALUE: StructSchema = message('api.networking.v1', 'HTTPIngressRuleValue', 'HTTP paths and their backends.', {
  paths: [1, atomicList(HTTP_INGRESS_PATH), 'The paths.', 're'],
});

/** IngressRuleValue (networking/v1), inlined in IngressRule. */
export const INGRESS_RULE_VALUE: StructSchema = message('api.networking.v1', 'IngressRuleValue', 'How the requests of a host are routed.', {
  http: [1, HTTP_INGRESS_RULE_VALUE, 'HTTP routing by path.', 'p'],
});

/** IngressRule (networking/v1). */
export const INGRESS_RULE: StructSchema = message('api.networking.v1', 'IngressRule', 'The routing of one host (or of every host).', {
  host: [1, STRING, 'The host name (`*.` wildcards allowed as the first label); every host when empty.'],
}, { inline: [[2, INGRESS_RULE_VALUE]] });

/** IngressTLS (networking/v1). */
export const INGRESS_TLS: StructSchema = message('api.networking.v1', 'IngressTLS', 'TLS for some hosts.', {
  hosts: [1, atomicList(STRING), 'Hosts of the certificate; the controller\'s default host when empty.'],
  secretName: [2, STRING, 'The secret with the certificate and key; empty when SNI routes by host alone.'],
});

/** IngressPortStatus (networking/v1). */
export const INGRESS_PORT_STATUS: StructSchema = message('api.networking.v1', 'IngressPortStatus', 'The state of a port of an ingress\'s load balancer.', {
  port: [1, INT32, 'The port number.', 're'],
  protocol: [2, PROTOCOL, 'TCP, UDP or SCTP.', 're'],
  error: [3, STRING, 'Why the port has a problem, as a CamelCase reason; empty when it works.', 'p'],
});

/** IngressLoadBalancerIngress (networking/v1). */
export const INGRESS_LOAD_BALANCER_INGRESS: StructSchema = message('api.networking.v1', 'IngressLoadBalancerIngress', 'An address of an ingress\'s load balancer.', {
  ip: [1, STRING, 'IP address of the load balancer.'],
  hostname: [2, STRING, 'DNS name of the load balancer.'],
  ports: [4, atomicList(INGRESS_PORT_STATUS), 'State of each port.'],
});

/** IngressLoadBalancerStatus (networking/v1). */
export const INGRESS_LOAD_BALANCER_STATUS: StructSchema = message('api.networking.v1', 'IngressLoadBalancerStatus', 'The state of an ingress\'s load balancer.', {
  ingress: [1, atomicList(INGRESS_LOAD_BALANCER_INGRESS), 'Addresses at which the load balancer receives traffic.'],
});

/** IngressStatus (networking/v1). */
export const INGRESS_STATUS: StructSchema = message('api.networking.v1', 'IngressStatus', 'The observed state of an ingress.', {
  loadBalancer: [1, INGRESS_LOAD_BALANCER_STATUS, 'The state of its load balancer.'],
});

/** IngressSpec (networking/v1). */
export const INGRESS_SPEC: StructSchema = message('api.networking.v1', 'IngressSpec', 'How an ingress routes traffic.', {
  ingressClassName: [4, STRING, 'The IngressClass of the ingress (its controller); the default class when unset.', 'p'],
  defaultBackend: [1, INGRESS_BACKEND, 'Where requests that match no rule go.', 'p'],
  tls: [2, atomicList(INGRESS_TLS), 'TLS configuration, by host.'],
  rules: [3, atomicList(INGRESS_RULE), 'Routing by host and path; all traffic goes to defaultBackend when empty.'],
});

/** Ingress (networking/v1). */
export const INGRESS: StructSchema = kind('api.networking.v1', 'Ingress', [{ group: GROUPS.networking, version: 'v1', kind: 'Ingress' }], 'Rules that route external HTTP(S) traffic to services, carried out by an ingress controller.', {
  metadata: [1, OBJECT_META, METADATA],
  spec: [2, INGRESS_SPEC, 'The routing.'],
  status: [3, INGRESS_STATUS, 'The observed state of the ingress. Read-only for users.'],
});

/** IngressClassParametersReference (networking/v1). */
export const INGRESS_CLASS_PARAMETERS_REFERENCE: StructSchema = message('api.networking.v1', 'IngressClassParametersReference', 'An object holding a controller\'s parameters.', {
  apiGroup: [1, STRING, 'API group of the object; the core group when unset.', 'p'],
  kind: [2, STRING, 'Kind of the object.', 're'],
  name: [3, STRING, 'Name of the object.', 're'],
  scope: [4, STRING, 'Cluster (the default) or Namespace.', 'pe'],
  namespace: [5, STRING, 'Namespace of the object; required when scope is Namespace, else not set.', 'p'],
});

/** IngressClassSpec (networking/v1). */
export const INGRESS_CLASS_SPEC: StructSchema = message('api.networking.v1', 'IngressClassSpec', 'The controller of a class and its parameters.', {
  controller: [1, STRING, 'The controller that handles ingresses of this class, as a domain-prefixed path (`example.com/ingress-controller`). Cannot be changed.'],
  parameters: [2, INGRESS_CLASS_PARAMETERS_REFERENCE, 'An object with parameters for the controller.', 'p'],
});

/** IngressClass (networking/v1). */
export const INGRESS_CLASS: StructSchema = kind('api.networking.v1', 'IngressClass', [{ group: GROUPS.networking, version: 'v1', kind: 'IngressClass' }], 'A class of ingresses, named by their `ingressClassName`, and the controller that implements it (cluster-scoped).', {
  metadata: [1, OBJECT_META, METADATA],
  spec: [2, INGRESS_CLASS_SPEC, 'The controller and its parameters.'],
});
