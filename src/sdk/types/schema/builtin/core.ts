/**
 * Schemas of core/v1 kinds other than pods: namespaces, config maps, secrets, services, endpoints, nodes, persistent volumes and claims, events, limit ranges, resource quotas, service accounts, bindings, pod templates and replication controllers.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import { GROUPS } from '../../../naming.js';
import type { StructSchema } from '../../../../machinery/schema/type-schema.js';
import { STRING_MAP, atomicList, keyedList, kind, mapOf, message, named, setList } from './build.js';
import { POD_SPEC, POD_STATUS, POD_TEMPLATE_SPEC } from './core-pods.js';
import { CLAIM_RESOURCE_STATUS, CONDITION_STATUS, FINALIZER_NAME, IP_FAMILY, IP_FAMILY_POLICY, LIMIT_TYPE, LOAD_BALANCER_IP_MODE, NAMESPACE_CONDITION_TYPE, NAMESPACE_PHASE, NODE_ADDRESS_TYPE, NODE_CONDITION_TYPE, NODE_PHASE, PERSISTENT_VOLUME_ACCESS_MODE, PERSISTENT_VOLUME_CLAIM_CONDITION_TYPE, PERSISTENT_VOLUME_CLAIM_MODIFY_VOLUME_STATUS, PERSISTENT_VOLUME_CLAIM_PHASE, PERSISTENT_VOLUME_PHASE, PROTOCOL, RESOURCE_QUOTA_SCOPE, SCOPE_SELECTOR_OPERATOR, SECRET_TYPE, SERVICE_AFFINITY, SERVICE_EXTERNAL_TRAFFIC_POLICY, SERVICE_INTERNAL_TRAFFIC_POLICY, SERVICE_TYPE, TAINT_EFFECT, UNIQUE_VOLUME_NAME } from './core-values.js';
import { LOCAL_OBJECT_REFERENCE, OBJECT_REFERENCE, PERSISTENT_VOLUME_CLAIM_SPEC, PERSISTENT_VOLUME_SPEC } from './core-volumes.js';
import { CONDITION, OBJECT_META, UID } from './meta.js';
import { BOOLEAN, BYTES, INT32, INT64, INT_OR_STRING, MICRO_TIME, QUANTITY, STRING, TIME } from './scalars.js';

/** ConfigMap (core/v1). */
export const CONFIG_MAP: StructSchema = kind('api.core.v1', 'ConfigMap', [{ group: GROUPS.core, version: 'v1', kind: 'ConfigMap' }], 'Configuration data for pods: string and binary values by key.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  immutable: [4, BOOLEAN, 'When true, data and binaryData can no longer be changed (only metadata can); the object must be deleted and recreated instead.', 'p'],
  data: [2, STRING_MAP, 'UTF-8 values by key. Keys consist of letters, digits, `-`, `_` and `.`, and must not also appear in binaryData.'],
  binaryData: [3, mapOf(BYTES), 'Binary values by key (base64 in JSON). Keys consist of letters, digits, `-`, `_` and `.`, and must not also appear in data.'],
});

/** Pod (core/v1). */
export const POD: StructSchema = kind('api.core.v1', 'Pod', [{ group: GROUPS.core, version: 'v1', kind: 'Pod' }], 'A group of containers that run together on one node and share its network and volumes.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, POD_SPEC, 'The desired behaviour of the pod.'],
  status: [3, POD_STATUS, 'The most recently observed state of the pod, written by the system. Read-only for users.'],
});

/** NamespaceSpec (core/v1). */
export const NAMESPACE_SPEC: StructSchema = message('api.core.v1', 'NamespaceSpec', 'The behaviour of a namespace.', {
  finalizers: [1, atomicList(FINALIZER_NAME), 'Finalizers that must run before the namespace is removed (the `platform` finalizer deletes the contents).'],
});

/** NamespaceCondition (core/v1). */
export const NAMESPACE_CONDITION: StructSchema = message('api.core.v1', 'NamespaceCondition', 'A condition of a namespace.', {
  type: [1, NAMESPACE_CONDITION_TYPE, 'The condition, such as NamespaceDeletionContentFailure.', 're'],
  status: [2, CONDITION_STATUS, 'True, False or Unknown.', 're'],
  lastTransitionTime: [4, TIME, 'When the status last changed.'],
  reason: [5, STRING, 'A CamelCase reason for the last change.'],
  message: [6, STRING, 'A human-readable explanation of the last change.'],
});

/** NamespaceStatus (core/v1). */
export const NAMESPACE_STATUS: StructSchema = message('api.core.v1', 'NamespaceStatus', 'The observed state of a namespace.', {
  phase: [1, NAMESPACE_PHASE, 'Active, or Terminating while it is being deleted.'],
  conditions: [2, keyedList(['type'], NAMESPACE_CONDITION, { key: 'type' }), 'Conditions about the deletion of the contents.'],
});

/** Namespace (core/v1). */
export const NAMESPACE: StructSchema = kind('api.core.v1', 'Namespace', [{ group: GROUPS.core, version: 'v1', kind: 'Namespace' }], 'A scope for names: most objects live in a namespace, and deleting a namespace deletes them.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, NAMESPACE_SPEC, 'How the namespace behaves.'],
  status: [3, NAMESPACE_STATUS, 'The observed state of the namespace. Read-only.'],
});

/** Taint (core/v1). */
export const TAINT: StructSchema = message('api.core.v1', 'Taint', 'A mark on a node that repels pods which do not tolerate it.', {
  key: [1, STRING, 'Key of the taint.', 're'],
  value: [2, STRING, 'Value of the taint.'],
  effect: [3, TAINT_EFFECT, 'NoSchedule, PreferNoSchedule or NoExecute (evicts pods already there).', 're'],
  timeAdded: [4, TIME, 'When a NoExecute taint was added.', 'p'],
});

/** ConfigMapNodeConfigSource (core/v1). */
export const CONFIG_MAP_NODE_CONFIG_SOURCE: StructSchema = message('api.core.v1', 'ConfigMapNodeConfigSource', 'Deprecated: a config map holding node agent configuration.', {
  namespace: [1, STRING, 'Namespace of the config map.', 're'],
  name: [2, STRING, 'Name of the config map.', 're'],
  uid: [3, UID, 'UID of the config map.'],
  resourceVersion: [4, STRING, 'Resource version of the config map.'],
  kubeletConfigKey: [5, STRING, 'Key of the config map holding the configuration.', 're'],
});

/** NodeConfigSource (core/v1). */
export const NODE_CONFIG_SOURCE: StructSchema = message('api.core.v1', 'NodeConfigSource', 'Deprecated: a source of node agent configuration.', {
  configMap: [2, CONFIG_MAP_NODE_CONFIG_SOURCE, 'A config map holding the configuration.', 'p'],
});

/** NodeSpec (core/v1). */
export const NODE_SPEC: StructSchema = message('api.core.v1', 'NodeSpec', 'The configuration of a node.', {
  podCIDR: [1, STRING, 'Pod IP range assigned to the node.'],
  podCIDRs: [7, setList({ merge: true }), 'Pod IP ranges assigned to the node, at most one per IP family; the first equals podCIDR.'],
  providerID: [3, STRING, 'ID of the machine at the cloud provider, `<provider>://<id>`.'],
  unschedulable: [4, BOOLEAN, 'Keep new pods off the node (cordon).'],
  taints: [5, atomicList(TAINT), 'Taints that repel pods without a matching toleration.'],
  configSource: [6, NODE_CONFIG_SOURCE, 'Deprecated: no longer used.', 'p'],
  externalID: [2, STRING, 'Deprecated and unused.'],
});

/** NodeCondition (core/v1). */
export const NODE_CONDITION: StructSchema = message('api.core.v1', 'NodeCondition', 'A condition of a node.', {
  type: [1, NODE_CONDITION_TYPE, 'The condition: Ready, MemoryPressure, DiskPressure, PIDPressure, NetworkUnavailable ...', 're'],
  status: [2, CONDITION_STATUS, 'True, False or Unknown.', 're'],
  lastHeartbeatTime: [3, TIME, 'When the node last reported this condition.'],
  lastTransitionTime: [4, TIME, 'When the status last changed.'],
  reason: [5, STRING, 'A CamelCase reason for the last change.'],
  message: [6, STRING, 'A human-readable explanation of the last change.'],
});

/** NodeAddress (core/v1). */
export const NODE_ADDRESS: StructSchema = message('api.core.v1', 'NodeAddress', 'An address of a node.', {
  type: [1, NODE_ADDRESS_TYPE, 'Hostname, InternalIP, ExternalIP, InternalDNS or ExternalDNS.', 're'],
  address: [2, STRING, 'The address.', 're'],
});

/** DaemonEndpoint (core/v1). */
export const DAEMON_ENDPOINT: StructSchema = message('api.core.v1', 'DaemonEndpoint', 'The port of a daemon.', {
  Port: [1, INT32, 'The port number.', 're'],
});

/** NodeDaemonEndpoints (core/v1). */
export const NODE_DAEMON_ENDPOINTS: StructSchema = message('api.core.v1', 'NodeDaemonEndpoints', 'Ports opened by daemons on a node.', {
  kubeletEndpoint: [1, DAEMON_ENDPOINT, 'Endpoint of the node agent.'],
});

/** NodeSystemInfo (core/v1). */
export const NODE_SYSTEM_INFO: StructSchema = message('api.core.v1', 'NodeSystemInfo', 'Identifiers and versions of a node.', {
  machineID: [1, STRING, 'Machine ID (/etc/machine-id).', 're'],
  systemUUID: [2, STRING, 'System UUID of the hardware.', 're'],
  bootID: [3, STRING, 'ID of the current boot.', 're'],
  kernelVersion: [4, STRING, 'Kernel version (`uname -r`).', 're'],
  osImage: [5, STRING, 'Operating system image (/etc/os-release).', 're'],
  containerRuntimeVersion: [6, STRING, 'Container runtime, `<runtime>://<version>`.', 're'],
  kubeletVersion: [7, STRING, 'Version of the node agent.', 're'],
  kubeProxyVersion: [8, STRING, 'Deprecated and unreliable: version of the service proxy.', 're'],
  operatingSystem: [9, STRING, 'Operating system (linux, windows).', 're'],
  architecture: [10, STRING, 'CPU architecture (amd64, arm64 ...).', 're'],
});

/** ContainerImage (core/v1). */
export const CONTAINER_IMAGE: StructSchema = message('api.core.v1', 'ContainerImage', 'A container image on a node.', {
  names: [1, atomicList(STRING), 'Names the image is known by.', 'e'],
  sizeBytes: [2, INT64, 'Size of the image in bytes.'],
});

/** AttachedVolume (core/v1). */
export const ATTACHED_VOLUME: StructSchema = message('api.core.v1', 'AttachedVolume', 'A volume attached to a node.', {
  name: [1, UNIQUE_VOLUME_NAME, 'Name of the volume.', 're'],
  devicePath: [2, STRING, 'Where the device is available on the node.', 're'],
});

/** NodeConfigStatus (core/v1). */
export const NODE_CONFIG_STATUS: StructSchema = message('api.core.v1', 'NodeConfigStatus', 'Deprecated: status of dynamic node configuration.', {
  assigned: [1, NODE_CONFIG_SOURCE, 'The configuration the node was told to use.', 'p'],
  active: [2, NODE_CONFIG_SOURCE, 'The configuration the node uses.', 'p'],
  lastKnownGood: [3, NODE_CONFIG_SOURCE, 'The last configuration that worked.', 'p'],
  error: [4, STRING, 'A problem with the configuration.'],
});

/** NodeRuntimeHandlerFeatures (core/v1). */
export const NODE_RUNTIME_HANDLER_FEATURES: StructSchema = message('api.core.v1', 'NodeRuntimeHandlerFeatures', 'Features of a runtime handler.', {
  recursiveReadOnlyMounts: [1, BOOLEAN, 'Recursive read-only mounts are supported.', 'p'],
  userNamespaces: [2, BOOLEAN, 'User namespaces are supported.', 'p'],
});

/** NodeRuntimeHandler (core/v1). */
export const NODE_RUNTIME_HANDLER: StructSchema = message('api.core.v1', 'NodeRuntimeHandler', 'A runtime handler of a node.', {
  name: [1, STRING, 'Name of the handler; empty for the default one.', 'e'],
  features: [2, NODE_RUNTIME_HANDLER_FEATURES, 'Features the handler supports.', 'p'],
});

/** NodeFeatures (core/v1). */
export const NODE_FEATURES: StructSchema = message('api.core.v1', 'NodeFeatures', 'Features of a node.', {
  supplementalGroupsPolicy: [1, BOOLEAN, 'The supplementalGroupsPolicy of pods is honoured.', 'p'],
});

/** NodeStatus (core/v1). */
export const NODE_STATUS: StructSchema = message('api.core.v1', 'NodeStatus', 'The observed state of a node.', {
  capacity: [1, mapOf(QUANTITY, { go: 'v1.ResourceList' }), 'Total resources of the node.'],
  allocatable: [2, mapOf(QUANTITY, { go: 'v1.ResourceList' }), 'Resources available to pods: capacity minus what the system reserves.'],
  phase: [3, NODE_PHASE, 'Deprecated: no longer set.'],
  conditions: [4, keyedList(['type'], NODE_CONDITION, { key: 'type' }), 'The node\'s conditions (Ready, MemoryPressure, DiskPressure, PIDPressure ...).'],
  addresses: [5, keyedList(['type'], NODE_ADDRESS, { key: 'type' }), 'Addresses of the node (InternalIP, ExternalIP, Hostname ...).'],
  daemonEndpoints: [6, NODE_DAEMON_ENDPOINTS, 'Ports of the daemons on the node.'],
  nodeInfo: [7, NODE_SYSTEM_INFO, 'Versions and identifiers of the machine and its software.'],
  images: [8, atomicList(CONTAINER_IMAGE), 'Container images present on the node.'],
  volumesInUse: [9, atomicList(UNIQUE_VOLUME_NAME), 'Volumes attached and mounted on the node.'],
  volumesAttached: [10, atomicList(ATTACHED_VOLUME), 'Volumes attached to the node.'],
  config: [11, NODE_CONFIG_STATUS, 'Deprecated: status of dynamic node configuration.', 'p'],
  runtimeHandlers: [12, atomicList(NODE_RUNTIME_HANDLER), 'Runtime handlers the node offers, with their features.'],
  features: [13, NODE_FEATURES, 'Features the node\'s runtime supports.', 'p'],
});

/** Node (core/v1). */
export const NODE: StructSchema = kind('api.core.v1', 'Node', [{ group: GROUPS.core, version: 'v1', kind: 'Node' }], 'A machine that runs pods, with its own node agent.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, NODE_SPEC, 'How the node is configured.'],
  status: [3, NODE_STATUS, 'The observed state of the node, reported by its agent. Read-only.'],
});

/** Secret (core/v1). */
export const SECRET: StructSchema = kind('api.core.v1', 'Secret', [{ group: GROUPS.core, version: 'v1', kind: 'Secret' }], 'Sensitive data (passwords, tokens, keys) by key, for pods and other consumers.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  immutable: [5, BOOLEAN, 'When true, data can no longer be changed (only metadata can); the object must be deleted and recreated instead.', 'p'],
  data: [2, mapOf(BYTES), 'Values by key, base64 in JSON. Keys consist of letters, digits, `-`, `_` and `.`.'],
  stringData: [4, STRING_MAP, 'Write-only convenience: string values merged into data on write (they win over data); never read back.'],
  type: [3, SECRET_TYPE, 'What the secret holds, which fixes the keys it needs (Opaque, platform.io/tls, platform.io/service-account-token, platform.io/dockerconfigjson ...).'],
});

/** ServiceAccount (core/v1). */
export const SERVICE_ACCOUNT: StructSchema = kind('api.core.v1', 'ServiceAccount', [{ group: GROUPS.core, version: 'v1', kind: 'ServiceAccount' }], 'An identity for processes in pods, with its API credentials.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  secrets: [2, keyedList(['name'], OBJECT_REFERENCE, { key: 'name' }), 'Deprecated: secrets holding tokens of the account (tokens are now requested on demand).'],
  imagePullSecrets: [3, atomicList(LOCAL_OBJECT_REFERENCE), 'Registry credentials added to the pods that run as this account.'],
  automountServiceAccountToken: [4, BOOLEAN, 'Whether pods running as this account get a token mounted; a pod\'s own setting wins.', 'p'],
});

/** ServicePort (core/v1). */
export const SERVICE_PORT: StructSchema = message('api.core.v1', 'ServicePort', 'A port of a service.', {
  name: [1, STRING, 'Name of the port, a DNS label; required when the service has several ports.'],
  protocol: [2, PROTOCOL, 'TCP (the default), UDP or SCTP.'],
  appProtocol: [6, STRING, 'Application protocol of the port (http, h2c, a prefixed name ...), for implementations that use it.', 'p'],
  port: [3, INT32, 'The port the service listens on.', 're'],
  targetPort: [4, INT_OR_STRING, 'Port number or name on the pods; the same as port by default.'],
  nodePort: [5, INT32, 'Port on every node for NodePort and LoadBalancer services; allocated when not given.'],
});

/** ClientIPConfig (core/v1). */
export const CLIENT_IP_CONFIG: StructSchema = message('api.core.v1', 'ClientIPConfig', 'Settings of ClientIP session affinity.', {
  timeoutSeconds: [1, INT32, 'How long a client stays with its pod (1 to 86400 seconds; 3 hours by default).', 'p'],
});

/** SessionAffinityConfig (core/v1). */
export const SESSION_AFFINITY_CONFIG: StructSchema = message('api.core.v1', 'SessionAffinityConfig', 'Settings of session affinity.', {
  clientIP: [1, CLIENT_IP_CONFIG, 'Settings of ClientIP affinity.', 'p'],
});

/** ServiceSpec (core/v1). */
export const SERVICE_SPEC: StructSchema = message('api.core.v1', 'ServiceSpec', 'The behaviour of a service.', {
  ports: [1, keyedList(['port', 'protocol'], SERVICE_PORT, { key: 'port' }, {protocol: 'TCP'}), 'Ports the service exposes.'],
  selector: [2, mapOf(STRING, { atomic: true }), 'Labels of the pods the service sends traffic to; without a selector, endpoints are managed by hand. Ignored for ExternalName.'],
  clusterIP: [3, STRING, 'The virtual IP of the service, allocated by the server unless given; `None` makes a headless service. Cannot be changed except to `None` from empty.'],
  clusterIPs: [18, atomicList(STRING), 'The virtual IPs of the service, one per IP family; the first equals clusterIP.'],
  type: [4, SERVICE_TYPE, 'ClusterIP (the default: a virtual IP inside the cluster), NodePort (also a port on every node), LoadBalancer (also an external load balancer) or ExternalName (a DNS alias).'],
  externalIPs: [5, atomicList(STRING), 'Extra IP addresses at which nodes accept traffic for the service; not managed by the cluster.'],
  sessionAffinity: [7, SERVICE_AFFINITY, 'ClientIP sends a client\'s requests to the same pod; None (the default) does not.'],
  loadBalancerIP: [8, STRING, 'Deprecated: the address a load balancer should use, if the provider supports it.'],
  loadBalancerSourceRanges: [9, atomicList(STRING), 'Client address ranges a load balancer admits, if the provider supports it.'],
  externalName: [10, STRING, 'The DNS name a service of type ExternalName is an alias of.'],
  externalTrafficPolicy: [11, SERVICE_EXTERNAL_TRAFFIC_POLICY, 'Cluster (the default) spreads external traffic over all ready endpoints; Local keeps it on the receiving node and preserves the client address.'],
  healthCheckNodePort: [12, INT32, 'Node port on which load balancers check whether a node has local endpoints (externalTrafficPolicy Local).'],
  publishNotReadyAddresses: [13, BOOLEAN, 'Publish endpoints of pods that are not ready (for peer discovery of stateful sets).'],
  sessionAffinityConfig: [14, SESSION_AFFINITY_CONFIG, 'Settings of session affinity.', 'p'],
  ipFamilies: [19, atomicList(IP_FAMILY), 'IP families of the service (IPv4, IPv6), in order; set by the server from ipFamilyPolicy when empty.'],
  ipFamilyPolicy: [17, IP_FAMILY_POLICY, 'SingleStack, PreferDualStack or RequireDualStack.', 'p'],
  allocateLoadBalancerNodePorts: [20, BOOLEAN, 'Whether a LoadBalancer service gets node ports (true by default).', 'p'],
  loadBalancerClass: [21, STRING, 'Which load balancer implementation handles a LoadBalancer service; the cloud provider\'s default when empty.', 'p'],
  internalTrafficPolicy: [22, SERVICE_INTERNAL_TRAFFIC_POLICY, 'Cluster (the default) spreads traffic from inside the cluster over all endpoints; Local keeps it on the sending node.', 'p'],
  trafficDistribution: [23, STRING, 'Preference for how traffic is spread; `PreferClose` favours endpoints close to the client.', 'p'],
});

/** PortStatus (core/v1). */
export const PORT_STATUS: StructSchema = message('api.core.v1', 'PortStatus', 'The state of a port of a load balancer.', {
  port: [1, INT32, 'The port number.', 're'],
  protocol: [2, PROTOCOL, 'TCP, UDP or SCTP.', 're'],
  error: [3, STRING, 'Why the port has a problem, as a CamelCase reason; empty when it works.', 'p'],
});

/** LoadBalancerIngress (core/v1). */
export const LOAD_BALANCER_INGRESS: StructSchema = message('api.core.v1', 'LoadBalancerIngress', 'An address of a load balancer.', {
  ip: [1, STRING, 'IP address of the load balancer.'],
  hostname: [2, STRING, 'DNS name of the load balancer.'],
  ipMode: [3, LOAD_BALANCER_IP_MODE, 'VIP (traffic arrives with the load balancer\'s address) or Proxy (the load balancer proxies it).', 'p'],
  ports: [4, atomicList(PORT_STATUS), 'State of each port.'],
});

/** LoadBalancerStatus (core/v1). */
export const LOAD_BALANCER_STATUS: StructSchema = message('api.core.v1', 'LoadBalancerStatus', 'The state of a load balancer.', {
  ingress: [1, atomicList(LOAD_BALANCER_INGRESS), 'Addresses at which the load balancer receives traffic.'],
});

/** ServiceStatus (core/v1). */
export const SERVICE_STATUS: StructSchema = message('api.core.v1', 'ServiceStatus', 'The observed state of a service.', {
  loadBalancer: [1, LOAD_BALANCER_STATUS, 'The state of the load balancer, if any.'],
  conditions: [2, keyedList(['type'], CONDITION, { key: 'type' }), 'The service\'s conditions.'],
});

/** Service (core/v1). */
export const SERVICE: StructSchema = kind('api.core.v1', 'Service', [{ group: GROUPS.core, version: 'v1', kind: 'Service' }], 'A stable name and address for a set of pods, with load balancing across them.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, SERVICE_SPEC, 'How the service behaves.'],
  status: [3, SERVICE_STATUS, 'The observed state of the service (load balancer addresses). Read-only.'],
});

/** EndpointAddress (core/v1). */
export const ENDPOINT_ADDRESS: StructSchema = message('api.core.v1', 'EndpointAddress', 'One endpoint address.', {
  ip: [1, STRING, 'The IP address.', 're'],
  hostname: [3, STRING, 'Host name of the endpoint.'],
  nodeName: [4, STRING, 'Node of the endpoint.', 'p'],
  targetRef: [2, OBJECT_REFERENCE, 'The object (usually a pod) behind the address.', 'p'],
}, { atomic: true });

/** EndpointPort (core/v1). */
export const ENDPOINT_PORT: StructSchema = message('api.core.v1', 'EndpointPort', 'A port of an endpoint.', {
  name: [1, STRING, 'Name of the port; matches the service\'s port name.'],
  port: [2, INT32, 'The port number.', 're'],
  protocol: [3, PROTOCOL, 'TCP (the default), UDP or SCTP.'],
  appProtocol: [4, STRING, 'Application protocol of the port.', 'p'],
}, { atomic: true });

/** EndpointSubset (core/v1). */
export const ENDPOINT_SUBSET: StructSchema = message('api.core.v1', 'EndpointSubset', 'Addresses that all serve the same ports.', {
  addresses: [1, atomicList(ENDPOINT_ADDRESS), 'Addresses that are ready.'],
  notReadyAddresses: [2, atomicList(ENDPOINT_ADDRESS), 'Addresses that are not ready yet, or no longer.'],
  ports: [3, atomicList(ENDPOINT_PORT), 'The ports served.'],
});

/** Endpoints (core/v1). */
export const ENDPOINTS: StructSchema = kind('api.core.v1', 'Endpoints', [{ group: GROUPS.core, version: 'v1', kind: 'Endpoints' }], 'The addresses and ports behind a service (superseded by EndpointSlices).', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  subsets: [2, atomicList(ENDPOINT_SUBSET), 'Groups of addresses that share a set of ports.'],
});

/** EventSource (core/v1). */
export const EVENT_SOURCE: StructSchema = message('api.core.v1', 'EventSource', 'The component that reported an event.', {
  component: [1, STRING, 'Name of the component.'],
  host: [2, STRING, 'Node on which the event was reported.'],
});

/** EventSeries (core/v1). */
export const EVENT_SERIES: StructSchema = message('api.core.v1', 'EventSeries', 'A series of repeated events.', {
  count: [1, INT32, 'Occurrences in the series so far.'],
  lastObservedTime: [2, MICRO_TIME, 'When the last occurrence was seen.'],
});

/** Event (core/v1). */
export const EVENT: StructSchema = kind('api.core.v1', 'Event', [{ group: GROUPS.core, version: 'v1', kind: 'Event' }], 'A report of something that happened to an object.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.', 're'],
  involvedObject: [2, OBJECT_REFERENCE, 'The object the event is about.', 're'],
  reason: [3, STRING, 'A short CamelCase reason for what happened, for programs.'],
  message: [4, STRING, 'A human-readable description.'],
  source: [5, EVENT_SOURCE, 'The component that reported the event.'],
  firstTimestamp: [6, TIME, 'When the event was first seen.'],
  lastTimestamp: [7, TIME, 'When the event was last seen.'],
  count: [8, INT32, 'How many times the event occurred.'],
  type: [9, STRING, 'Normal or Warning.'],
  eventTime: [10, MICRO_TIME, 'When the event first happened, with microseconds.'],
  series: [11, EVENT_SERIES, 'Data about a series of repeated events.', 'p'],
  action: [12, STRING, 'What was done, or what failed.'],
  related: [13, OBJECT_REFERENCE, 'A second object involved.', 'p'],
  reportingComponent: [14, STRING, 'The controller that emitted the event.', 'e'],
  reportingInstance: [15, STRING, 'The instance of that controller.', 'e'],
});

/** PersistentVolumeStatus (core/v1). */
export const PERSISTENT_VOLUME_STATUS: StructSchema = message('api.core.v1', 'PersistentVolumeStatus', 'The observed state of a persistent volume.', {
  phase: [1, PERSISTENT_VOLUME_PHASE, 'Pending, Available, Bound, Released or Failed.'],
  message: [2, STRING, 'A human-readable message about the state.'],
  reason: [3, STRING, 'A short CamelCase reason for a failure.'],
  lastPhaseTransitionTime: [4, TIME, 'When the phase last changed.', 'p'],
});

/** PersistentVolume (core/v1). */
export const PERSISTENT_VOLUME: StructSchema = kind('api.core.v1', 'PersistentVolume', [{ group: GROUPS.core, version: 'v1', kind: 'PersistentVolume' }], 'A piece of storage in the cluster, provisioned by an administrator or dynamically through a storage class.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, PERSISTENT_VOLUME_SPEC, 'What the volume is and how it may be used.'],
  status: [3, PERSISTENT_VOLUME_STATUS, 'The observed state of the volume. Read-only.'],
});

/** PersistentVolumeClaimCondition (core/v1). */
export const PERSISTENT_VOLUME_CLAIM_CONDITION: StructSchema = message('api.core.v1', 'PersistentVolumeClaimCondition', 'A condition of a claim.', {
  type: [1, PERSISTENT_VOLUME_CLAIM_CONDITION_TYPE, 'The condition: Resizing, FileSystemResizePending, ModifyingVolume ...', 're'],
  status: [2, CONDITION_STATUS, 'Whether the condition holds: True, False or Unknown.', 're'],
  lastProbeTime: [3, TIME, 'When the condition was last checked.'],
  lastTransitionTime: [4, TIME, 'When the status last changed.'],
  reason: [5, STRING, 'A CamelCase word for why the condition has its status, for programs.'],
  message: [6, STRING, 'A human-readable explanation of the condition.'],
});

/** ModifyVolumeStatus (core/v1). */
export const MODIFY_VOLUME_STATUS: StructSchema = message('api.core.v1', 'ModifyVolumeStatus', 'The state of a change of volume attributes class.', {
  targetVolumeAttributesClassName: [1, STRING, 'The class being applied.'],
  status: [2, PERSISTENT_VOLUME_CLAIM_MODIFY_VOLUME_STATUS, 'Pending, InProgress or Infeasible.', 're'],
});

/** PersistentVolumeClaimStatus (core/v1). */
export const PERSISTENT_VOLUME_CLAIM_STATUS: StructSchema = message('api.core.v1', 'PersistentVolumeClaimStatus', 'The observed state of a claim.', {
  phase: [1, PERSISTENT_VOLUME_CLAIM_PHASE, 'Pending, Bound or Lost.'],
  accessModes: [2, atomicList(PERSISTENT_VOLUME_ACCESS_MODE), 'Access modes of the bound volume.'],
  capacity: [3, mapOf(QUANTITY, { go: 'v1.ResourceList' }), 'Size of the bound volume.'],
  conditions: [4, keyedList(['type'], PERSISTENT_VOLUME_CLAIM_CONDITION, { key: 'type' }), 'The claim\'s conditions (Resizing, FileSystemResizePending ...).'],
  allocatedResources: [5, mapOf(QUANTITY, { go: 'v1.ResourceList' }), 'Storage allocated to the claim, which can exceed the request during a resize.'],
  allocatedResourceStatuses: [7, mapOf(CLAIM_RESOURCE_STATUS), 'State of a resize by resource (ControllerResizeInProgress, NodeResizePending ...).'],
  currentVolumeAttributesClassName: [8, STRING, 'VolumeAttributesClass currently applied to the volume.', 'p'],
  modifyVolumeStatus: [9, MODIFY_VOLUME_STATUS, 'State of a change of volume attributes class.', 'p'],
});

/** PersistentVolumeClaim (core/v1). */
export const PERSISTENT_VOLUME_CLAIM: StructSchema = kind('api.core.v1', 'PersistentVolumeClaim', [{ group: GROUPS.core, version: 'v1', kind: 'PersistentVolumeClaim' }], 'A request for storage, bound to a persistent volume that satisfies it.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, PERSISTENT_VOLUME_CLAIM_SPEC, 'The storage the claim asks for.'],
  status: [3, PERSISTENT_VOLUME_CLAIM_STATUS, 'The observed state of the claim. Read-only.'],
});

/** LimitRangeItem (core/v1). */
export const LIMIT_RANGE_ITEM: StructSchema = message('api.core.v1', 'LimitRangeItem', 'The limits of one kind of object.', {
  type: [1, LIMIT_TYPE, 'What the limits apply to: Container, Pod or PersistentVolumeClaim.', 're'],
  max: [2, mapOf(QUANTITY, { go: 'v1.ResourceList' }), 'The most of each resource.'],
  min: [3, mapOf(QUANTITY, { go: 'v1.ResourceList' }), 'The least of each resource.'],
  default: [4, mapOf(QUANTITY, { go: 'v1.ResourceList' }), 'Limits given to containers that set none.'],
  defaultRequest: [5, mapOf(QUANTITY, { go: 'v1.ResourceList' }), 'Requests given to containers that set none.'],
  maxLimitRequestRatio: [6, mapOf(QUANTITY, { go: 'v1.ResourceList' }), 'The highest allowed ratio of limit to request for each resource.'],
});

/** LimitRangeSpec (core/v1). */
export const LIMIT_RANGE_SPEC: StructSchema = message('api.core.v1', 'LimitRangeSpec', 'The limits of a namespace.', {
  limits: [1, atomicList(LIMIT_RANGE_ITEM), 'Limits by kind of object.', 're'],
});

/** LimitRange (core/v1). */
export const LIMIT_RANGE: StructSchema = kind('api.core.v1', 'LimitRange', [{ group: GROUPS.core, version: 'v1', kind: 'LimitRange' }], 'Default, minimum and maximum resources of containers, pods and claims in a namespace.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, LIMIT_RANGE_SPEC, 'The limits.'],
});

/** ScopedResourceSelectorRequirement (core/v1). */
export const SCOPED_RESOURCE_SELECTOR_REQUIREMENT: StructSchema = message('api.core.v1', 'ScopedResourceSelectorRequirement', 'A condition on a scope.', {
  scopeName: [1, RESOURCE_QUOTA_SCOPE, 'The scope.', 're'],
  operator: [2, SCOPE_SELECTOR_OPERATOR, 'In, NotIn, Exists or DoesNotExist.', 're'],
  values: [3, atomicList(STRING), 'The values; empty for Exists and DoesNotExist.'],
});

/** ScopeSelector (core/v1). */
export const SCOPE_SELECTOR: StructSchema = message('api.core.v1', 'ScopeSelector', 'Scope conditions, ANDed.', {
  matchExpressions: [1, atomicList(SCOPED_RESOURCE_SELECTOR_REQUIREMENT), 'The conditions.'],
}, { atomic: true });

/** ResourceQuotaSpec (core/v1). */
export const RESOURCE_QUOTA_SPEC: StructSchema = message('api.core.v1', 'ResourceQuotaSpec', 'The limits of a quota.', {
  hard: [1, mapOf(QUANTITY, { go: 'v1.ResourceList' }), 'The most of each named resource (requests.cpu, limits.memory, count/pods ...).'],
  scopes: [2, atomicList(RESOURCE_QUOTA_SCOPE), 'Which objects the quota counts (Terminating, NotTerminating, BestEffort, NotBestEffort, PriorityClass ...); all when empty.'],
  scopeSelector: [3, SCOPE_SELECTOR, 'Scope conditions the counted objects must meet, ANDed with scopes.', 'p'],
});

/** ResourceQuotaStatus (core/v1). */
export const RESOURCE_QUOTA_STATUS: StructSchema = message('api.core.v1', 'ResourceQuotaStatus', 'Usage against a quota.', {
  hard: [1, mapOf(QUANTITY, { go: 'v1.ResourceList' }), 'The limits in force.'],
  used: [2, mapOf(QUANTITY, { go: 'v1.ResourceList' }), 'What the namespace uses now.'],
});

/** ResourceQuota (core/v1). */
export const RESOURCE_QUOTA: StructSchema = kind('api.core.v1', 'ResourceQuota', [{ group: GROUPS.core, version: 'v1', kind: 'ResourceQuota' }], 'Limits on the total resources and object counts of a namespace.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, RESOURCE_QUOTA_SPEC, 'The limits.'],
  status: [3, RESOURCE_QUOTA_STATUS, 'Current usage against the limits. Read-only.'],
});

/** Binding (core/v1). */
export const BINDING: StructSchema = kind('api.core.v1', 'Binding', [{ group: GROUPS.core, version: 'v1', kind: 'Binding' }], 'Assigns a pod to a node (what the scheduler posts to pods/binding).', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  target: [2, OBJECT_REFERENCE, 'The node to bind to.', 're'],
});

/** PodTemplate (core/v1). */
export const POD_TEMPLATE: StructSchema = kind('api.core.v1', 'PodTemplate', [{ group: GROUPS.core, version: 'v1', kind: 'PodTemplate' }], 'A stored pod template: metadata and spec of pods, for other objects or tools to create pods from.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  template: [2, POD_TEMPLATE_SPEC, 'The pods this template describes.'],
});

/** `v1.ReplicationControllerConditionType`. */
export const REPLICATION_CONTROLLER_CONDITION_TYPE = named(STRING, 'v1.ReplicationControllerConditionType');

/** ReplicationControllerSpec (core/v1). */
export const REPLICATION_CONTROLLER_SPEC: StructSchema = message('api.core.v1', 'ReplicationControllerSpec', 'The desired state of a replication controller.', {
  replicas: [1, INT32, 'How many pods to run; 1 by default.', 'p'],
  minReadySeconds: [4, INT32, 'Seconds a new pod must be ready, without crashing, to count as available; 0 by default.'],
  selector: [2, mapOf(STRING, { atomic: true }), 'Labels of the pods the controller manages; the template\'s labels when empty, and they must match the template\'s labels.'],
  template: [3, POD_TEMPLATE_SPEC, 'The pods to create; restartPolicy must be Always.', 'p'],
});

/** ReplicationControllerCondition (core/v1). */
export const REPLICATION_CONTROLLER_CONDITION: StructSchema = message('api.core.v1', 'ReplicationControllerCondition', 'A condition of a replication controller.', {
  type: [1, REPLICATION_CONTROLLER_CONDITION_TYPE, 'The kind of condition (ReplicaFailure).', 're'],
  status: [2, CONDITION_STATUS, 'Whether the condition holds: True, False or Unknown.', 're'],
  lastTransitionTime: [3, TIME, 'When the status last changed.'],
  reason: [4, STRING, 'A CamelCase word for why the condition has its status, for programs.'],
  message: [5, STRING, 'A human-readable explanation of the condition.'],
});

/** ReplicationControllerStatus (core/v1). */
export const REPLICATION_CONTROLLER_STATUS: StructSchema = message('api.core.v1', 'ReplicationControllerStatus', 'The observed state of a replication controller.', {
  replicas: [1, INT32, 'Pods of the controller that are not terminating.', 're'],
  fullyLabeledReplicas: [2, INT32, 'Pods whose labels match all of the template\'s labels.'],
  readyReplicas: [4, INT32, 'Pods that are ready.'],
  availableReplicas: [5, INT32, 'Pods that have been ready for at least minReadySeconds.'],
  observedGeneration: [3, INT64, 'The metadata.generation the controller last acted on.'],
  conditions: [6, keyedList(['type'], REPLICATION_CONTROLLER_CONDITION, { key: 'type' }), 'The controller\'s conditions (ReplicaFailure).'],
});

/** ReplicationController (core/v1). */
export const REPLICATION_CONTROLLER: StructSchema = kind('api.core.v1', 'ReplicationController', [{ group: GROUPS.core, version: 'v1', kind: 'ReplicationController' }], 'Keeps a number of identical pods running: the older form of a ReplicaSet, with an equality-based selector.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, REPLICATION_CONTROLLER_SPEC, 'The desired state of the controller.'],
  status: [3, REPLICATION_CONTROLLER_STATUS, 'The observed state of the controller. Read-only.'],
});
