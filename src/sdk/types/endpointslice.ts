/**
 * Kinds of the endpoint discovery group (`discovery.platform.io/v1`): EndpointSlice, the addresses
 * behind a Service as its controller publishes them.
 */
export type { Endpoint, EndpointPort, EndpointSlice } from './generated/discovery-v1.js';
