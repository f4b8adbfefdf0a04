/**
 * The proxy sub-resources: `pods/proxy` (to the pod's address), `services/proxy` (to a ready
 * endpoint of the service) and `nodes/proxy` (the node agent's own read-only answers: `/healthz`
 * and `/pods`, as a kubelet serves them; the process node has no kubelet port to forward to).
 * Every method is forwarded with its body; the caller's credentials never reach the backend.
 * These are CONNECT operations: admission sees the `*ProxyOptions` object.
 */
import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { LOCAL_NODE_NAME } from '../../sdk/naming.js';
import type { JsonObject } from '../../sdk/types/meta.js';
import type { ServerContext } from '../context.js';
import { notFound, serviceUnavailable } from '../errors.js';
import type { PipelineEndpoint } from '../http/handler.js';
import type { RequestContext } from '../http/request-context.js';
import { findObject } from '../rest/get.js';
import { listObjects } from '../rest/list.js';
import { asObject, asString } from '../util/json.js';
import { admitConnect } from './connect.js';
import { parseProxyName, podBackend, serviceBackend, unreachable, type ProxyBackend } from './proxy-target.js';

/** Request headers that are the caller's or the hop's, never the backend's. */
const DROPPED_REQUEST = /^(authorization|proxy-authorization|impersonate-.*|host|connection|keep-alive|upgrade|te|trailer|transfer-encoding|proxy-connection|cookie)$/i;
const DROPPED_RESPONSE = /^(connection|keep-alive|transfer-encoding|proxy-connection|te|trailer|upgrade)$/i;

/** The path below `.../proxy` (with its query), `/` when there is none. */
export function proxiedPath(url: URL): string {
  return `${proxiedPathname(url)}${url.search}`;
}

/** The path below `.../proxy` without its query (what admission and the node agent read). */
function proxiedPathname(url: URL): string {
  const m = /^\/proxy(\/.*)?$/.exec(url.pathname.replace(/^(.*?\/(?:pods|services|nodes)\/[^/]+)(?=\/proxy)/, ''));
  return m?.[1] ?? '/';
}

function requestHeaders(headers: IncomingHttpHeaders, backend: ProxyBackend): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !DROPPED_REQUEST.test(k)) out[k] = v;
  out.host = `${backend.host}:${backend.port}`;
  return out;
}

/** Forwards the request to the backend and streams the answer back. */
function forward(rc: RequestContext, backend: ProxyBackend): Promise<void> {
  return new Promise((resolve, reject) => {
    const send = backend.scheme === 'https' ? httpsRequest : httpRequest;
    // The API server does not verify pod and service certificates on this path either.
    const upstream = send({
      host: backend.host, port: backend.port, method: rc.req.method, path: proxiedPath(rc.url), headers: requestHeaders(rc.req.headers, backend),
      agent: false, ...(backend.scheme === 'https' ? { rejectUnauthorized: false } : {}),
    }, (res) => {
      const headers: OutgoingHttpHeaders = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined && !DROPPED_RESPONSE.test(k)) headers[k] = v;
      rc.res.writeHead(res.statusCode ?? 502, { ...headers, ...rc.headers });
      res.pipe(rc.res);
      res.once('end', () => resolve());
      res.once('error', () => resolve());
      rc.res.once('close', () => {
        res.destroy();
        resolve();
      });
    });
    upstream.once('error', (err) => {
      if (rc.res.headersSent) {
        rc.res.destroy();
        resolve();
      } else reject(unreachable(err));
    });
    rc.signal.addEventListener('abort', () => upstream.destroy(), { once: true });
    rc.req.pipe(upstream);
  });
}

/** The node agent's answer on `nodes/proxy`: `/healthz` and `/pods` of the local node. */
async function serveNode(ctx: ServerContext, rc: RequestContext, nodeName: string): Promise<void> {
  const nodesDef = ctx.registry.lookup('', 'v1', 'nodes');
  const node = nodesDef === undefined ? undefined : await findObject(ctx, nodesDef, '', nodeName);
  if (node === undefined) throw notFound({ group: '', resource: 'nodes' }, nodeName);
  if (nodeName !== LOCAL_NODE_NAME) throw serviceUnavailable(`error trying to reach service: no node agent serves node "${nodeName}"`);
  const path = proxiedPathname(rc.url);
  if (path === '/healthz') {
    rc.res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', ...rc.headers }).end('ok');
    return;
  }
  if (path === '/pods' || path === '/pods/') {
    const podDef = ctx.registry.lookup('', 'v1', 'pods');
    const items: JsonObject[] = podDef === undefined ? [] : (await listObjects(ctx, podDef, '', {})).items
      .filter((p) => asString(asObject(p.spec)?.nodeName) === nodeName);
    const body = JSON.stringify({ kind: 'PodList', apiVersion: 'v1', metadata: {}, items: items.map((p) => ({ kind: 'Pod', apiVersion: 'v1', ...p })) });
    rc.res.writeHead(200, { 'Content-Type': 'application/json', ...rc.headers }).end(body);
    return;
  }
  rc.res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...rc.headers }).end('404 page not found\n');
}

async function serveProxy(ctx: ServerContext, rc: RequestContext): Promise<void> {
  const target = parseProxyName(rc.info.name);
  const kind = rc.info.resource === 'pods' ? 'PodProxyOptions' : rc.info.resource === 'services' ? 'ServiceProxyOptions' : 'NodeProxyOptions';
  await admitConnect(ctx, rc, { kind, path: proxiedPathname(rc.url) });
  if (rc.info.resource === 'nodes') {
    await serveNode(ctx, rc, target.name);
    return;
  }
  const backend = rc.info.resource === 'pods' ? await podBackend(ctx, rc.info.namespace, target) : await serviceBackend(ctx, rc.info.namespace, target);
  await forward(rc, backend);
}

/** `pods/proxy`, `services/proxy` and `nodes/proxy`. */
export function proxyEndpoint(ctx: ServerContext): PipelineEndpoint {
  return {
    matches: (info) => info.isResourceRequest && info.apiGroup === '' && info.subresource === 'proxy' && info.name !== ''
      && (info.resource === 'pods' || info.resource === 'services' || info.resource === 'nodes'),
    serve: (rc) => serveProxy(ctx, rc),
  };
}
