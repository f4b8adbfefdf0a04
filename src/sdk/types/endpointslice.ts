/**
 * Kinds of the endpoint discovery group (`discovery.platform.io/v1`): EndpointSlice, the addresses
 * behind a Service as its controller publishes them.
 */
import type { ObjectReference } from './core.js';
import type { ObjectBase } from './meta.js';

/** One endpoint of a slice: its addresses and readiness. */
export interface Endpoint {
  addresses: string[];
  conditions?: { ready?: boolean; serving?: boolean; terminating?: boolean };
  hostname?: string;
  targetRef?: ObjectReference;
  nodeName?: string;
  zone?: string;
  hints?: { forZones?: { name: string }[] };
}

/** A port every endpoint of a slice serves. */
export interface EndpointPort {
  name?: string;
  protocol?: 'TCP' | 'UDP' | 'SCTP' | (string & {});
  port?: number;
  appProtocol?: string;
}

/** A set of endpoints of one address type (a Service's slices carry its name as a label). */
export interface EndpointSlice extends ObjectBase {
  kind?: 'EndpointSlice';
  addressType: 'IPv4' | 'IPv6' | 'FQDN' | (string & {});
  endpoints: Endpoint[];
  ports?: EndpointPort[];
}
