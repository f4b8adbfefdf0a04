/**
 * The request pipeline, stage by stage: request info → authentication (401) → authorization (403)
 * → the endpoint (discovery, health, version, OpenAPI, or a resource request whose writes then run
 * admission, validation and persistence). Every failure leaves as a Status.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Authenticator } from '../auth/authenticator.js';
import { impersonate } from '../auth/impersonation.js';
import { forbiddenMessage, type Authorizer, type AuthorizationAttributes } from '../auth/authorizer.js';
import type { ServerContext } from '../context.js';
import { ApiError, internalError, pathNotFound, requestEntityTooLarge, unauthorized } from '../errors.js';
import { InvalidValueError, QuotaExceededError } from '../storage/index.js';
import { parseRequestInfo, rawRequestPath, type RequestInfo } from '../request/request-info.js';
import { aggregatedDiscovery, apiGroupDocument, apiGroupList, apiResourceList, apiVersions, etagOf } from '../api/discovery.js';
import { evaluateHealth, type HealthCheck } from '../api/health.js';
import { serveOpenAPI } from '../openapi/serve.js';
import { versionInfo } from '../api/version.js';
import { serveMetrics } from '../api/metrics.js';
import { noteRequestUser, observeRequest } from '../audit/observe.js';
import { negotiate, contentTypeOf, type Output } from './negotiation.js';
import type { RequestContext } from './request-context.js';
import { handleResource } from './resource-handler.js';
import { send, sendError, sendText } from './respond.js';
import { closeAfterAnswer, DEFAULT_BODY_TIMEOUT_MS, guardBody, isUpgrade, trackInFlight } from './connections.js';
import { withoutTrailing } from '../../machinery/trailing.js';

/** What the pipeline needs besides the shared context. */
export interface PipelineOptions {
  authenticator: Authenticator;
  authorizer: Authorizer;
  health: { livez: HealthCheck[]; readyz: HealthCheck[]; healthz: HealthCheck[] };
  /** `host:port` clients use (in `/api`). */
  serverAddress(): string;
  buildDate: string;
  /** Requests served by their own code after authorization (create-only reviews, token requests), asked in order. */
  endpoints?: PipelineEndpoint[];
  /** How long a request body may take to arrive (ms; default {@link DEFAULT_BODY_TIMEOUT_MS}). */
  bodyTimeoutMs?: number;
}

/** An endpoint that takes over the requests it matches once they are authorized. */
export interface PipelineEndpoint {
  matches(info: RequestInfo): boolean;
  serve(rc: RequestContext): Promise<void>;
}

function forbidden(attrs: AuthorizationAttributes, reason: string): ApiError {
  const details = attrs.isResourceRequest
    ? { ...(attrs.name !== '' ? { name: attrs.name } : {}), ...(attrs.apiGroup !== '' ? { group: attrs.apiGroup } : {}), kind: attrs.resource }
    : {};
  return new ApiError(403, 'Forbidden', forbiddenMessage(attrs, reason), details);
}

/** Sends a discovery document with an ETag, answering 304 when the client has it. */
async function sendDiscovery(rc: { req: IncomingMessage; res: ServerResponse }, body: unknown, out: Output): Promise<void> {
  const text = `${JSON.stringify(body)}\n`;
  const etag = etagOf(text);
  if (rc.req.headers['if-none-match'] === etag) {
    rc.res.writeHead(304, { ETag: etag, 'Cache-Control': 'public' });
    rc.res.end();
    return;
  }
  if (out.kind === 'yaml') {
    await send(rc.res, 200, body, out, { ETag: etag });
    return;
  }
  rc.res.writeHead(200, { 'Content-Type': contentTypeOf(out), 'Cache-Control': 'public', ETag: etag, Vary: 'Accept', 'Content-Length': Buffer.byteLength(text) });
  rc.res.end(text);
}

async function handleNonResource(ctx: ServerContext, opts: PipelineOptions, rc: RequestContext): Promise<void> {
  const path = withoutTrailing(rc.path, '/') || '/';
  const info = rc.info;
  const method = rc.req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') throw pathNotFound();
  const segments = path.split('/').filter((s) => s !== '');
  const first = segments[0] ?? '';
  if (first === 'healthz' || first === 'livez' || first === 'readyz') {
    const checks = first === 'livez' ? opts.health.livez : first === 'readyz' ? opts.health.readyz : opts.health.healthz;
    const answer = evaluateHealth(first, checks, rc.url.searchParams, segments.slice(1).join('/'));
    if (answer === undefined) throw pathNotFound();
    sendText(rc.res, answer.code, answer.body);
    return;
  }
  if (path === '/metrics') return serveMetrics(ctx.observability, rc.res);
  if (path === '/version') {
    await send(rc.res, 200, versionInfo(opts.buildDate), { kind: 'json' });
    return;
  }
  if (first === 'openapi' && await serveOpenAPI(ctx.openapi, rc.req, rc.res, rc.url)) return;
  if (info.apiPrefix === 'api' || info.apiPrefix === 'apis') {
    const root = segments.length === 1;
    const out = negotiate(rc.req.headers.accept, { aggregated: root });
    if (out.kind === 'aggregated') {
      await sendDiscovery(rc, aggregatedDiscovery(ctx.registry, info.apiPrefix === 'api', out.version), out);
      return;
    }
    if (info.apiPrefix === 'api') {
      if (root) return sendDiscovery(rc, apiVersions(opts.serverAddress()), out);
      if (segments.length === 2) {
        const list = apiResourceList(ctx.registry, '', segments[1] ?? '');
        if (list !== undefined) return sendDiscovery(rc, list, out);
      }
      throw pathNotFound();
    }
    if (root) return sendDiscovery(rc, apiGroupList(ctx.registry), out);
    if (segments.length === 2) {
      const g = apiGroupDocument(ctx.registry, segments[1] ?? '');
      if (g !== undefined) return sendDiscovery(rc, g, out);
    }
    if (segments.length === 3) {
      const list = apiResourceList(ctx.registry, segments[1] ?? '', segments[2] ?? '');
      if (list !== undefined) return sendDiscovery(rc, list, out);
    }
  }
  throw pathNotFound();
}

function authorizationAttributes(info: RequestInfo, rc: Pick<RequestContext, 'user'>): AuthorizationAttributes {
  return {
    user: rc.user, verb: info.verb, isResourceRequest: info.isResourceRequest, path: info.path, apiGroup: info.apiGroup,
    apiVersion: info.apiVersion, resource: info.resource, subresource: info.subresource, namespace: info.namespace, name: info.name,
  };
}

/** Creates the request listener of the HTTPS server. */
export function createHandler(ctx: ServerContext, opts: PipelineOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const bodyTimeoutMs = opts.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  return (req, res) => {
    trackInFlight(req, res);
    // The abort signal is created on first use (watches, waits): most requests never need one,
    // and aborting a signal on every finished response costs more than the request itself.
    let controller: AbortController | undefined;
    const signal = (): AbortSignal => {
      if (controller === undefined) {
        const c = new AbortController();
        controller = c;
        if (res.destroyed || res.writableFinished) c.abort();
        else res.once('close', () => c.abort());
      }
      return controller.signal;
    };
    void observeRequest(ctx.observability, req, res, async () => {
      try {
        const url = new URL(req.url ?? '/', 'https://localhost');
        const path = rawRequestPath(req.url ?? '/');
        const info = parseRequestInfo(req.method ?? 'GET', path, url.searchParams);
        // Before authentication: a client that has no credentials must not hold a connection either.
        guardBody(req, res, info, bodyTimeoutMs);
        const authn = await opts.authenticator.authenticate(req);
        // Unread bodies of refused requests: Node discards one that has arrived when the answer is
        // written; one still arriving ends the connection (below).
        if (authn.kind !== 'user') throw unauthorized();
        const user = await impersonate(req, authn.user, opts.authorizer);
        noteRequestUser(req, user);
        const rc: RequestContext = {
          req, res, url, path, info, user, headers: {},
          get signal() {
            return signal();
          },
        };
        const attrs = authorizationAttributes(info, rc);
        const decision = await opts.authorizer.authorize(attrs);
        if (decision.decision !== 'allow') throw forbidden(attrs, decision.reason ?? '');
        const endpoint = opts.endpoints?.find((e) => e.matches(info));
        if (endpoint !== undefined) await endpoint.serve(rc);
        else if (info.isResourceRequest) await handleResource(ctx, rc);
        else await handleNonResource(ctx, opts, rc);
      } catch (e) {
        // An answer before the whole body arrived (refused early, or the body is too large or too
        // slow): the rest of the body is never read, so this connection ends with the answer.
        if (!req.complete && !isUpgrade(req)) closeAfterAnswer(res);
        if (e instanceof ApiError) {
          sendError(res, e);
          return;
        }
        if (e instanceof QuotaExceededError) {
          // kube-apiserver passes etcd's error through as a Status with no reason.
          sendError(res, new ApiError(500, '', e.message));
          return;
        }
        if (e instanceof InvalidValueError && e.reason !== 'encoding') {
          // An object grown past the store's limits (by patches): refused as an oversized or invalid request.
          sendError(res, e.reason === 'size' ? requestEntityTooLarge(e.limit ?? 0) : new ApiError(422, 'Invalid', e.message));
          return;
        }
        ctx.noteError(e);
        const msg = e instanceof Error ? e.message : String(e);
        ctx.log(`internal error on ${req.method ?? ''} ${req.url ?? ''}: ${e instanceof Error ? (e.stack ?? msg) : msg}`);
        sendError(res, internalError(msg));
      }
    });
  };
}
