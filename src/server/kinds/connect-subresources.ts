/**
 * The streaming and proxy sub-resources as discovery lists them (kinds and verbs of a real API
 * server): `pods/{attach,exec,portforward,proxy,log}`, `services/proxy`, `nodes/proxy`. They are
 * served by `src/server/streams/`. (`pods/ephemeralcontainers` is a write of the pod: `ephemeral-containers.ts`.)
 */
import type { SubresourceDef } from '../registry/types.js';

const PROXY_VERBS = ['create', 'delete', 'get', 'patch', 'update'];

function core(kind: string): { group: string; version: string; kind: string } {
  return { group: '', version: 'v1', kind };
}

export const POD_STREAM_SUBRESOURCES: SubresourceDef[] = [
  { name: 'attach', responseKind: core('PodAttachOptions'), verbs: ['create', 'get'] },
  { name: 'exec', responseKind: core('PodExecOptions'), verbs: ['create', 'get'] },
  { name: 'log', responseKind: core('Pod'), verbs: ['get'] },
  { name: 'portforward', responseKind: core('PodPortForwardOptions'), verbs: ['create', 'get'] },
  { name: 'proxy', responseKind: core('PodProxyOptions'), verbs: PROXY_VERBS },
];

export const SERVICE_PROXY_SUBRESOURCE: SubresourceDef = { name: 'proxy', responseKind: core('ServiceProxyOptions'), verbs: PROXY_VERBS };
export const NODE_PROXY_SUBRESOURCE: SubresourceDef = { name: 'proxy', responseKind: core('NodeProxyOptions'), verbs: PROXY_VERBS };
