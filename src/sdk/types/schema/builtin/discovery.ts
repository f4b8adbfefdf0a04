/**
 * Schemas of discovery/v1: EndpointSlices.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import { GROUPS } from '../../../naming.js';
import type { StructSchema } from '../../../../machinery/schema/type-schema.js';
import { STRING_MAP, atomicList, kind, message, named, setList } from './build.js';
import { PROTOCOL } from './core-values.js';
import { OBJECT_REFERENCE } from './core-volumes.js';
import { OBJECT_META } from './meta.js';
import { BOOLEAN, INT32, STRING } from './scalars.js';

/** `v1.AddressType`. */
export const ADDRESS_TYPE = named(STRING, 'v1.AddressType');

/** EndpointConditions (discovery/v1). */
export const ENDPOINT_CONDITIONS: StructSchema = message('api.discovery.v1', 'EndpointConditions', 'The conditions of an endpoint.', {
  ready: [1, BOOLEAN, 'The endpoint can take new traffic: serving and not terminating. Unknown (nil) counts as ready.', 'p'],
  serving: [2, BOOLEAN, 'The endpoint can take traffic, whether or not it is terminating.', 'p'],
  terminating: [3, BOOLEAN, 'The endpoint is terminating.', 'p'],
});

/** ForZone (discovery/v1). */
export const FOR_ZONE: StructSchema = message('api.discovery.v1', 'ForZone', 'A zone.', {
  name: [1, STRING, 'Name of the zone.', 're'],
});

/** EndpointHints (discovery/v1). */
export const ENDPOINT_HINTS: StructSchema = message('api.discovery.v1', 'EndpointHints', 'Hints for routing traffic to an endpoint.', {
  forZones: [1, atomicList(FOR_ZONE), 'Zones whose clients should use the endpoint.'],
});

/** Endpoint (discovery/v1). */
export const ENDPOINT: StructSchema = message('api.discovery.v1', 'Endpoint', 'One endpoint of a slice.', {
  addresses: [1, setList(), 'Addresses of the endpoint, of the slice\'s address type; consumers use the first.', 're'],
  conditions: [2, ENDPOINT_CONDITIONS, 'Whether the endpoint is ready, serving and terminating.'],
  hostname: [3, STRING, 'Host name of the endpoint, a DNS label.', 'p'],
  targetRef: [4, OBJECT_REFERENCE, 'The object (usually a pod) behind the endpoint.', 'p'],
  deprecatedTopology: [5, STRING_MAP, 'Deprecated topology labels, kept for compatibility with v1beta1.'],
  nodeName: [6, STRING, 'Node hosting the endpoint.', 'p'],
  zone: [7, STRING, 'Zone of the endpoint.', 'p'],
  hints: [8, ENDPOINT_HINTS, 'Hints for topology-aware routing.', 'p'],
});

/** EndpointPort (discovery/v1). */
export const ENDPOINT_PORT_V1: StructSchema = message('api.discovery.v1', 'EndpointPort', 'A port of an endpoint.', {
  name: [1, STRING, 'Name of the port; matches the service\'s port name.', 'p'],
  protocol: [2, PROTOCOL, 'TCP (the default), UDP or SCTP.', 'p'],
  port: [3, INT32, 'The port number.', 'p'],
  appProtocol: [4, STRING, 'Application protocol of the port.', 'p'],
}, { atomic: true });

/** EndpointSlice (discovery/v1). */
export const ENDPOINT_SLICE: StructSchema = kind('api.discovery.v1', 'EndpointSlice', [{ group: GROUPS.discovery, version: 'v1', kind: 'EndpointSlice' }], 'A subset of the endpoints of a service, with their addresses, ports and conditions.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  addressType: [4, ADDRESS_TYPE, 'IPv4, IPv6 or FQDN: the type of every address in the slice. Cannot be changed.', 're'],
  endpoints: [2, atomicList(ENDPOINT), 'The endpoints (at most 1000).', 're'],
  ports: [3, atomicList(ENDPOINT_PORT_V1), 'Ports every endpoint serves; empty means all ports. At most 100.', 'e'],
});
