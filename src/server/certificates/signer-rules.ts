/**
 * The rules of the built-in signers (kube-controller-manager's signer validation), with
 * Kubernetes' error texts. A request that breaks one is not signed and gets a `Failed` condition.
 */
import { SIGNERS } from '../../sdk/naming.js';
import type { ParsedRequest } from './request.js';

/** The signers this server signs for. */
export const BUILTIN_SIGNERS: readonly string[] = [SIGNERS.apiserverClient, SIGNERS.apiserverClientNodeAgent, SIGNERS.nodeAgentServing];

const NODE_CLIENT_USAGES = ['client auth', 'digital signature', 'key encipherment'];
const NODE_SERVING_USAGES = ['digital signature', 'key encipherment', 'server auth'];
const NODE_PREFIX = 'system:node:';

function sameSet(a: readonly string[], sorted: readonly string[]): boolean {
  const s = [...new Set(a)].sort();
  return s.length === sorted.length && s.every((v, i) => v === sorted[i]);
}

function usagesMismatch(sorted: readonly string[]): string {
  return `usages did not match [${sorted.join(' ')}]`;
}

/** validAPIServerClientUsages. */
function apiserverClientError(usages: readonly string[]): string | undefined {
  let clientAuth = false;
  for (const u of usages) {
    if (u === 'client auth') clientAuth = true;
    else if (u !== 'digital signature' && u !== 'key encipherment') return `invalid usage for client certificate: ${u}`;
  }
  return clientAuth ? undefined : 'missing required usage for client certificate: client auth';
}

function onlySystemNodes(req: ParsedRequest): boolean {
  return req.organizations.length === 1 && req.organizations[0] === 'system:nodes';
}

/** ValidateKubeletClientCSR. */
export function nodeClientError(req: ParsedRequest, usages: readonly string[]): string | undefined {
  if (!onlySystemNodes(req)) return 'subject organization is not system:nodes';
  if (req.dnsNames.length > 0) return 'DNS subjectAltNames are not allowed';
  if (req.emailAddresses.length > 0) return 'Email subjectAltNames are not allowed';
  if (req.ipAddresses.length > 0) return 'IP subjectAltNames are not allowed';
  if (req.uris.length > 0) return 'URI subjectAltNames are not allowed';
  if (!req.commonName.startsWith(NODE_PREFIX)) return `subject common name does not begin with ${NODE_PREFIX}`;
  if (!sameSet(usages, NODE_CLIENT_USAGES)) return usagesMismatch(NODE_CLIENT_USAGES);
  return undefined;
}

/** ValidateKubeletServingCSR. */
function nodeServingError(req: ParsedRequest, usages: readonly string[]): string | undefined {
  if (!onlySystemNodes(req)) return 'subject organization is not system:nodes';
  if (req.dnsNames.length === 0 && req.ipAddresses.length === 0) return 'DNS or IP subjectAltName is required';
  if (req.emailAddresses.length > 0) return 'Email subjectAltNames are not allowed';
  if (req.uris.length > 0) return 'URI subjectAltNames are not allowed';
  if (!sameSet(usages, NODE_SERVING_USAGES)) return usagesMismatch(NODE_SERVING_USAGES);
  if (!req.commonName.startsWith(NODE_PREFIX)) return `subject common name does not begin with ${NODE_PREFIX}`;
  return undefined;
}

/** Why `signer` refuses the request, or undefined when it may sign it. */
export function signerRefusal(signer: string, req: ParsedRequest, usages: readonly string[]): string | undefined {
  if (req.requestsCA) return 'the CA bit is not allowed';
  switch (signer) {
    case SIGNERS.apiserverClient: return apiserverClientError(usages);
    case SIGNERS.apiserverClientNodeAgent: return nodeClientError(req, usages);
    case SIGNERS.nodeAgentServing: return nodeServingError(req, usages);
    default: return `unsupported signer ${JSON.stringify(signer)}`;
  }
}
