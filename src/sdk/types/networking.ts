/**
 * Kinds of the `networking.platform.io` group (`v1`): Ingress, IngressClass and NetworkPolicy.
 */
import type { LabelSelector, ObjectBase } from './meta.js';

/** Where an ingress sends matching traffic: a service port or another object. */
export interface IngressBackend {
  service?: { name: string; port?: { name?: string; number?: number } };
  resource?: { apiGroup?: string; kind: string; name: string };
}

/** The routing of one host of an {@link Ingress}. */
export interface IngressRule {
  host?: string;
  http?: { paths: { path?: string; pathType: 'Exact' | 'Prefix' | 'ImplementationSpecific' | string; backend: IngressBackend }[] };
}

/** Routes external HTTP(S) traffic to services. */
export interface Ingress extends ObjectBase {
  kind?: 'Ingress';
  spec?: {
    ingressClassName?: string;
    defaultBackend?: IngressBackend;
    tls?: { hosts?: string[]; secretName?: string }[];
    rules?: IngressRule[];
  };
  status?: {
    loadBalancer?: { ingress?: { ip?: string; hostname?: string; ports?: { port: number; protocol: string; error?: string }[] }[] };
  };
}

/** A class of ingresses and its controller (cluster-scoped). */
export interface IngressClass extends ObjectBase {
  kind?: 'IngressClass';
  spec?: {
    controller?: string;
    parameters?: { apiGroup?: string; kind: string; name: string; scope?: 'Cluster' | 'Namespace' | string; namespace?: string };
  };
}

/** A peer of a {@link NetworkPolicy} rule. */
export interface NetworkPolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}

/** A port of a {@link NetworkPolicy} rule. */
export interface NetworkPolicyPort {
  protocol?: 'TCP' | 'UDP' | 'SCTP' | string;
  port?: number | string;
  endPort?: number;
}

/** The traffic allowed to and from a set of pods. */
export interface NetworkPolicy extends ObjectBase {
  kind?: 'NetworkPolicy';
  spec?: {
    podSelector: LabelSelector;
    ingress?: { ports?: NetworkPolicyPort[]; from?: NetworkPolicyPeer[] }[];
    egress?: { ports?: NetworkPolicyPort[]; to?: NetworkPolicyPeer[] }[];
    policyTypes?: ('Ingress' | 'Egress' | string)[];
  };
}
