/**
 * Serving the OpenAPI documents as kube-openapi's handlers do: JSON with a quoted ETag (the
 * SHA-512 of the document), `Last-Modified`, `Vary: Accept`, 304 for a matching `If-None-Match`
 * or `If-Modified-Since`; `/openapi/v3/<gv>?hash=X` redirects (301) to the current hash when X is
 * stale and is cached for a year (`public, immutable`) when it is current; 406 when the client
 * accepts neither JSON nor `*` (the protobuf forms of the documents are not served).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Registry } from '../registry/registry.js';
import { notAcceptable, pathNotFound } from '../errors.js';
import { parseAccept } from '../http/negotiation.js';
import { documentCache, type DocumentCache, type RenderedDocument } from './documents.js';

const caches = new WeakMap<Registry, () => DocumentCache>();

function cacheOf(registry: Registry): DocumentCache {
  let get = caches.get(registry);
  if (get === undefined) {
    get = documentCache(registry);
    caches.set(registry, get);
  }
  return get();
}

/** The documents of a registry (for tests and the CLI-facing checks). */
export function openAPIDocuments(registry: Registry): DocumentCache {
  return cacheOf(registry);
}

function acceptsJson(accept: string | undefined): boolean {
  const ranges = parseAccept(accept);
  if (ranges.length === 0) return true;
  return ranges.some((r) => (r.type === 'application' || r.type === '*') && (r.subtype === 'json' || r.subtype === '*'));
}

function httpDate(date: Date): string {
  return date.toUTCString();
}

function notModified(req: IncomingMessage, doc: RenderedDocument): boolean {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) return inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === `"${doc.etag}"` || tag.trim() === '*');
  const ims = req.headers['if-modified-since'];
  if (ims !== undefined) {
    const since = Date.parse(ims);
    return !Number.isNaN(since) && Math.floor(doc.lastModified.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

function serveDocument(req: IncomingMessage, res: ServerResponse, doc: RenderedDocument, extra: Record<string, string> = {}): void {
  const headers: Record<string, string> = {
    'Cache-Control': 'no-cache, private',
    Etag: `"${doc.etag}"`,
    'Last-Modified': httpDate(doc.lastModified),
    Vary: 'Accept',
    ...extra,
  };
  if (notModified(req, doc)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const body = Buffer.from(doc.text, 'utf8');
  res.writeHead(200, { ...headers, 'Accept-Ranges': 'bytes', 'Content-Type': 'application/json', 'Content-Length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Serves `/openapi/...`; returns false for paths that are not OpenAPI documents. */
export function serveOpenAPI(registry: Registry, req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  const path = url.pathname.replace(/\/+$/, '');
  if (path === '/openapi/v2') {
    if (!acceptsJson(req.headers.accept)) throw notAcceptable(['application/json']);
    serveDocument(req, res, cacheOf(registry).v2());
    return true;
  }
  if (path === '/openapi/v3') {
    serveDocument(req, res, cacheOf(registry).v3Index());
    return true;
  }
  if (!path.startsWith('/openapi/v3/')) return false;
  const gv = path.slice('/openapi/v3/'.length);
  const doc = cacheOf(registry).v3(gv);
  if (doc === undefined) throw pathNotFound();
  if (!acceptsJson(req.headers.accept)) throw notAcceptable(['application/json']);
  const hash = url.searchParams.get('hash');
  if (hash !== null && hash !== '') {
    if (hash !== doc.etag) {
      res.writeHead(301, { Location: `/openapi/v3/${gv}?hash=${doc.etag}`, 'Content-Length': '0', 'Cache-Control': 'no-cache, private' });
      res.end();
      return true;
    }
    const expires = new Date(Date.now() + 365 * 24 * 3600 * 1000);
    serveDocument(req, res, doc, { 'Cache-Control': 'public, immutable', Expires: httpDate(expires) });
    return true;
  }
  serveDocument(req, res, doc);
  return true;
}
