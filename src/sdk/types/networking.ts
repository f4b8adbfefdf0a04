/**
 * Kinds of the `networking.platform.io` group (`v1`): Ingress, IngressClass and NetworkPolicy.
 */
export type { Ingress, IngressBackend, IngressClass, IngressRule, NetworkPolicy, NetworkPolicyPeer, NetworkPolicyPort } from './generated/networking-v1.js';
