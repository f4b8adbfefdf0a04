/**
 * Serving the OpenAPI documents as kube-openapi's handlers do: JSON with a quoted ETag (the
 * SHA-512 of the document), `Last-Modified`, `Vary: Accept`, 304 for a matching `If-None-Match`
 * or `If-Modified-Since`; `/openapi/v3/<gv>?hash=X` redirects (301) to the current hash when X is
 * stale and is cached for a year (`public, immutable`) when it is current; 406 when the client
 * accepts neither JSON nor `*`. `/openapi/v2` is also served as gnostic's `openapi.v2.Document`
 * protobuf (what kubectl's `explain --output=plaintext-openapiv2` and client-go's
 * `OpenAPISchema()` ask for), negotiated as kube-openapi negotiates it: the first Accept clause by
 * precedence that names JSON, either protobuf spelling or a wildcard wins; none is a bare 406.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { notAcceptable, pathNotFound } from '../errors.js';
import { parseAccept } from '../http/negotiation.js';
import type { DocumentCache, RenderedBinary, RenderedDocument } from './documents.js';
import type { YamlWriter } from './v2-protobuf.js';
import { yamlNumberSchemas } from '../../machinery/yaml/int64-schemas.js';
import { withoutTrailing } from '../../machinery/trailing.js';

/** The protobuf media type of the v2 document as a server names it in Content-Type. */
export const OPENAPI_V2_PROTOBUF = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';

/** What `/openapi/v2` offers, in kube-openapi's order: JSON, then both spellings of the protobuf type. */
const V2_OFFERS = [
  { subtype: 'json', form: 'json' },
  { subtype: 'com.github.proto-openapi.spec.v2@v1.0+protobuf', form: 'protobuf' },
  { subtype: 'com.github.proto-openapi.spec.v2.v1.0+protobuf', form: 'protobuf' },
] as const;

function acceptsJson(accept: string | undefined): boolean {
  const ranges = parseAccept(accept);
  if (ranges.length === 0) return true;
  return ranges.some((r) => (r.type === 'application' || r.type === '*') && (r.subtype === 'json' || r.subtype === '*'));
}

/** The form of `/openapi/v2` an Accept header selects (goautoneg's precedence: q, then specificity), or undefined. */
export function negotiateV2(accept: string | undefined): 'json' | 'protobuf' | undefined {
  const ranges = parseAccept(accept === undefined || accept.trim() === '' ? '*/*' : accept)
    .map((r, index) => ({ r, index }))
    .sort((a, b) => (b.r.q - a.r.q)
      || (Number(b.r.type !== '*') - Number(a.r.type !== '*'))
      || (Number(b.r.subtype !== '*') - Number(a.r.subtype !== '*'))
      || (Object.keys(b.r.params).length - Object.keys(a.r.params).length)
      || (a.index - b.index));
  for (const { r } of ranges) {
    if (r.type !== 'application' && r.type !== '*') continue;
    const offer = V2_OFFERS.find((o) => r.subtype === o.subtype || r.subtype === '*');
    if (offer !== undefined) return offer.form;
  }
  return undefined;
}

let yamlWriter: YamlWriter | undefined;

/** js-yaml's writer, loaded on the first protobuf request (block style, as gnostic's yaml.v3 writes). */
async function loadYamlWriter(): Promise<YamlWriter> {
  if (yamlWriter === undefined) {
    const yaml = await import('js-yaml');
    // Defaults and enums of CRD schemas may hold int64 values beyond 2^53 (bigints).
    const schema = (await yamlNumberSchemas()).dump;
    yamlWriter = (value) => yaml.dump(value, { schema, lineWidth: -1, noRefs: true, quotingType: '"' });
  }
  return yamlWriter;
}

function httpDate(date: Date): string {
  return date.toUTCString();
}

function notModified(req: IncomingMessage, doc: Pick<RenderedDocument, 'etag' | 'lastModified'>): boolean {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) return inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === `"${doc.etag}"` || tag.trim() === '*');
  const ims = req.headers['if-modified-since'];
  if (ims !== undefined) {
    const since = Date.parse(ims);
    return !Number.isNaN(since) && Math.floor(doc.lastModified.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

function serveDocument(req: IncomingMessage, res: ServerResponse, doc: RenderedDocument | RenderedBinary, extra: Record<string, string> = {}): void {
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
  const binary = 'bytes' in doc;
  const body = binary ? Buffer.from(doc.bytes.buffer, doc.bytes.byteOffset, doc.bytes.byteLength) : Buffer.from(doc.text, 'utf8');
  const type = binary ? OPENAPI_V2_PROTOBUF : 'application/json';
  res.writeHead(200, { ...headers, 'Accept-Ranges': 'bytes', 'Content-Type': type, 'Content-Length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Serves `/openapi/...`; returns false for paths that are not OpenAPI documents. */
export async function serveOpenAPI(documents: () => DocumentCache, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const path = withoutTrailing(url.pathname, '/');
  if (path === '/openapi/v2') {
    const form = negotiateV2(req.headers.accept);
    if (form === undefined) {
      res.writeHead(406, { Vary: 'Accept', 'Content-Length': '0' });
      res.end();
    } else if (form === 'json') {
      serveDocument(req, res, documents().v2());
    } else {
      serveDocument(req, res, documents().v2Protobuf(await loadYamlWriter()));
    }
    return true;
  }
  if (path === '/openapi/v3') {
    serveDocument(req, res, documents().v3Index());
    return true;
  }
  if (!path.startsWith('/openapi/v3/')) return false;
  const gv = path.slice('/openapi/v3/'.length);
  const doc = documents().v3(gv);
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
