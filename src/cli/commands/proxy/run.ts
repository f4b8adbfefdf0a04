/**
 * `proxy`: serves the API server on a local address (or UNIX socket) with the user's credentials,
 * behind kubectl's filter (only local Host names, no exec/attach paths by default), optionally with
 * static files under `--www-prefix`.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, normalize, resolve } from 'node:path';
import type { PlatformClient } from '../../../sdk/client.js';
import type { HttpMethod } from '../../../sdk/transport/http-types.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { accepted, patterns, requestPath, type ProxyFilter } from './filter.js';
import { loadRe2 } from '../../../machinery/regex/re2.js';
import { withoutTrailing } from '../../../machinery/trailing.js';

const METHODS = new Set<string>(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

function withSlash(p: string): string {
  return p.endsWith('/') ? p : `${p}/`;
}

/**
 * The largest request body the proxy takes: it holds a body in memory before it sends it on, and an
 * API server refuses far smaller ones (3 MiB by default), so only a runaway client reaches this.
 */
const MAX_REQUEST_BODY = 64 * 1024 * 1024;

/** The client sent more than {@link MAX_REQUEST_BODY}. */
class BodyTooLarge extends Error {}

/**
 * The request's body; rejects when the client goes away first or sends too much. Not the SDK's
 * `readStreamLimited`: ending its loop destroys the request, and with it the socket the 413 goes out on.
 */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer): void => {
      size += c.length;
      if (size <= MAX_REQUEST_BODY) {
        parts.push(c);
        return;
      }
      req.off('data', onData);
      reject(new BodyTooLarge());
    };
    req.on('data', onData);
    req.once('end', () => resolveBody(Buffer.concat(parts)));
    req.once('error', reject);
  });
}

async function forward(client: PlatformClient, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  if (!METHODS.has(method)) {
    res.writeHead(405).end();
    return;
  }
  let body: Buffer | undefined;
  try {
    body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
  } catch (e) {
    // A client that went away mid-body gets nothing; one that sent too much is told so and cut off.
    if (e instanceof BodyTooLarge) res.writeHead(413, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end('request body too large\n', () => req.socket.destroy());
    else req.socket.destroy();
    return;
  }
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'accept']) {
    const v = req.headers[name];
    if (typeof v === 'string') headers[name] = v;
  }
  const controller = new AbortController();
  res.once('close', () => controller.abort());
  const request = { method: method as HttpMethod, path, timeoutMs: 0, signal: controller.signal, headers, ...(headers.accept !== undefined ? { accept: headers.accept } : {}), ...(body !== undefined && body.length > 0 ? { body, ...(headers['content-type'] !== undefined ? { contentType: headers['content-type'] } : {}) } : {}) };
  try {
    const answer = await client.transport.stream(request);
    const out: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
    res.writeHead(answer.status, out);
    if (!answer.streaming) {
      res.end(answer.body);
      return;
    }
    res.flushHeaders();
    for await (const chunk of answer.body) res.write(chunk);
    res.end();
  } catch (e) {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(controller.signal.aborted ? undefined : `${e instanceof Error ? e.message : String(e)}\n`);
  }
}

/** Streams a file that was there a moment ago; a read that fails (the file gone, unreadable) cuts the answer off rather than the proxy. */
function sendFile(file: string, res: ServerResponse): void {
  createReadStream(file).once('error', () => res.destroy()).pipe(res);
}

async function serveStatic(dir: string, rel: string, res: ServerResponse): Promise<void> {
  const root = resolve(dir);
  const file = resolve(join(root, normalize(`/${rel}`)));
  if (!file.startsWith(root)) {
    res.writeHead(404).end('404 page not found\n');
    return;
  }
  try {
    const st = await stat(file);
    if (!st.isDirectory()) {
      res.writeHead(200);
      sendFile(file, res);
      return;
    }
    const index = join(file, 'index.html');
    const hasIndex = await stat(index).then((i) => i.isFile(), () => false);
    if (hasIndex) {
      res.writeHead(200);
      sendFile(index, res);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(await directoryListing(file));
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('404 page not found\n');
  }
}

/** Go's path.Clean: one slash between elements, no `.`, `..` resolved (never above the root). */
function cleanElements(p: string): string {
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return `/${out.join('/')}`;
}

/** net/http's cleanPath: the clean path, with the request's trailing slash kept. */
function cleanPath(p: string): string {
  if (p === '') return '/';
  const rooted = p.startsWith('/') ? p : `/${p}`;
  let np = cleanElements(rooted);
  if (rooted.endsWith('/') && np !== '/') np += '/';
  return np;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' };

/** A path as a URL carries it (what encodeURI leaves of `?` and `#` would start a query or a fragment). */
function escapedPath(path: string): string {
  return encodeURI(path).replaceAll('?', '%3F').replaceAll('#', '%23');
}

/** Go's http.FileServer listing of a directory without an index.html (kubectl's --www serves one). */
async function directoryListing(dir: string): Promise<string> {
  const { readdir } = await import('node:fs/promises');
  // Sorted by name, then a directory gets its slash.
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((e) => (e.isDirectory() ? `${e.name}/` : e.name));
  const lines = entries.map((name) => `<a href="${escapedPath(name)}">${name.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c)}</a>\n`);
  return `<!doctype html>\n<meta name="viewport" content="width=device-width">\n<pre>\n${lines.join('')}</pre>\n`;
}

export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<number> {
  if (args.length > 0) throw new UsageError(`unknown command ${JSON.stringify(args[0])} for "proxy"`);
  await loadRe2();
  const filter: ProxyFilter = {
    acceptHosts: patterns(flags.string('accept-hosts') ?? '', 'accept-hosts'),
    acceptPaths: patterns(flags.string('accept-paths') ?? '', 'accept-paths'),
    rejectPaths: patterns(flags.string('reject-paths') ?? '', 'reject-paths'),
    rejectMethods: patterns(flags.string('reject-methods') ?? '', 'reject-methods'),
  };
  const filtered = !flags.bool('disable-filter');
  if (!filtered) ctx.io.stderr.write('Request filter disabled, your proxy is vulnerable to XSRF attacks, please be cautious\n');
  const apiPrefix = withSlash(flags.string('api-prefix') ?? '/');
  const www = flags.string('www') ?? '';
  const wwwPrefix = withSlash(flags.string('www-prefix') ?? '/static/');
  const client = await ctx.client();
  const serverPath = flags.bool('append-server-path') ? withoutTrailing(new URL(client.config.server).pathname, '/') : '';
  const server = createServer((req, res) => {
    // The request target as sent: `//custom/healthz` is a path, not a host (WHATWG URLs read it so).
    const target = req.url ?? '/';
    const q = target.indexOf('?');
    const path = q < 0 ? target : target.slice(0, q);
    const search = q < 0 ? '' : target.slice(q);
    // Cleaning, the filter and static files work on the decoded path, as Go's handlers do; the API
    // server is sent the path as written.
    const decoded = requestPath(path);
    if (decoded === undefined) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end('400 Bad Request');
      return;
    }
    // Go's ServeMux (kubectl's proxy) answers an unclean path with a redirect to the clean one.
    const clean = cleanPath(decoded);
    if (clean !== decoded && req.method !== 'CONNECT') {
      const location = `${escapedPath(clean)}${search}`;
      res.writeHead(301, { Location: location, 'Content-Type': 'text/html; charset=utf-8' });
      res.end(req.method === 'GET' || req.method === 'HEAD' ? `<a href="${location.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c)}">Moved Permanently</a>.\n\n` : '');
      return;
    }
    if (filtered && !accepted(filter, req.method ?? 'GET', decoded, req.headers.host ?? '')) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }).end('Forbidden\n');
      return;
    }
    if (www !== '' && decoded.startsWith(wwwPrefix)) {
      void serveStatic(www, decoded.slice(wwwPrefix.length), res);
      return;
    }
    if (!path.startsWith(apiPrefix) && `${path}/` !== apiPrefix) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('404 page not found\n');
      return;
    }
    const rest = `/${path.slice(apiPrefix.length)}`;
    void forward(client, req, res, `${serverPath}${rest}${search}`);
  });
  if (flags.durationMs('keepalive') !== undefined && (flags.durationMs('keepalive') ?? 0) > 0) server.keepAliveTimeout = flags.durationMs('keepalive') ?? 0;
  const socketPath = flags.string('unix-socket') ?? '';
  const where = await new Promise<string>((resolveListen, reject) => {
    server.once('error', (e) => reject(new UsageError(`listen failed: ${e.message}`, false)));
    if (socketPath !== '') server.listen(socketPath, () => resolveListen(socketPath));
    else {
      server.listen(flags.int('port') ?? 8001, flags.string('address') ?? '127.0.0.1', () => {
        const a = server.address();
        resolveListen(a !== null && typeof a === 'object' ? `${a.address.includes(':') ? `[${a.address}]` : a.address}:${a.port}` : String(a));
      });
    }
  });
  ctx.io.stdout.write(`Starting to serve on ${where}\n`);
  await new Promise<void>((r) => {
    if (ctx.io.signal.aborted) r();
    ctx.io.signal.addEventListener('abort', () => r(), { once: true });
  });
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  return 0;
}
