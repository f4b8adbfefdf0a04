/**
 * kubectl through the rename proxy, with one thing the rename proxy cannot carry: `/openapi/v2` as
 * protobuf. The rename proxy drops protobuf from every Accept header (so the server answers JSON,
 * which client-go's `OpenAPISchema()` cannot unmarshal) and rewrites answers as UTF-8 text (which
 * would break binary bodies anyway). This front, in front of the rename proxy with its certificate,
 * takes the `/openapi/v2` requests that ask for protobuf to the server directly and renames the
 * strings inside the decoded `openapi.v2.Document` with the rename proxy's own `toK8s` before
 * re-encoding it; every other request goes through the rename proxy untouched.
 */
import { createServer, request as httpsRequest } from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { gnosticV2Type } from '../../src/server/openapi/gnostic-v2.js';
import { RENAME_PROXY, startProxiedKubectl, type ProxiedKubectl } from './kubectl-proxy.js';
import type { TestServer } from './server.js';

type Rename = (s: string) => string;

async function loadToK8s(): Promise<Rename> {
  const mod: unknown = await import(RENAME_PROXY);
  const fn: unknown = typeof mod === 'object' && mod !== null ? (mod as Record<string, unknown>).toK8s : undefined;
  if (typeof fn !== 'function') throw new Error(`${RENAME_PROXY} exports no toK8s`);
  return (s) => String((fn as (x: string) => unknown)(s));
}

/** Every string in a decoded message, renamed. */
function renameStrings(value: unknown, rename: Rename): unknown {
  if (typeof value === 'string') return rename(value);
  if (Array.isArray(value)) return value.map((v) => renameStrings(v, rename));
  if (typeof value === 'object' && value !== null && !(value instanceof Uint8Array)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = renameStrings(v, rename);
    return out;
  }
  return value;
}

/** An openapi.v2.Document with its strings renamed for a k8s.io-speaking client. */
export function renameOpenAPIV2(bytes: Uint8Array, rename: Rename): Uint8Array {
  const type = gnosticV2Type('Document');
  const plain = type.toObject(type.decode(bytes), { longs: Number, oneofs: false });
  return type.encode(type.fromObject(renameStrings(plain, rename) as Record<string, unknown>)).finish();
}

function forwardHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers)) if (k !== 'host' && k !== 'connection' && v !== undefined) out[k] = v;
  return out;
}

function collect(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** Like {@link startProxiedKubectl}, with `/openapi/v2` protobuf carried (and renamed) beside the rename proxy. */
export async function startProxiedKubectlWithOpenAPIV2(server: TestServer): Promise<ProxiedKubectl> {
  const kubectl = await startProxiedKubectl(server);
  const rename = await loadToK8s();
  const kubeconfig = kubectl.env['KUBECONFIG'] ?? '';
  const config = await readFile(kubeconfig, 'utf8');
  const proxyUrl = new URL(/server: (\S+)/.exec(config)?.[1] ?? '');
  const certDir = join(kubectl.home, 'proxy-certs');
  const cert = await readFile(join(certDir, 'proxy.crt'));
  const key = await readFile(join(certDir, 'proxy.key'));
  const upstream = new URL(server.url);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await collect(req);
    const toServer = (req.url ?? '').startsWith('/openapi/v2') && /protobuf/.test(req.headers.accept ?? '');
    const target = toServer ? upstream : proxyUrl;
    const answer = await new Promise<IncomingMessage>((resolve, reject) => {
      const out = httpsRequest({
        hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: forwardHeaders(req.headers),
        ca: toServer ? server.caPem : cert,
      }, resolve);
      out.on('error', reject);
      out.end(body);
    });
    let answerBody = await collect(answer);
    const headers = forwardHeaders(answer.headers);
    if (toServer && answer.statusCode === 200) answerBody = Buffer.from(renameOpenAPIV2(answerBody, rename));
    delete headers['transfer-encoding'];
    headers['content-length'] = String(answerBody.length);
    res.writeHead(answer.statusCode ?? 502, headers);
    res.end(answerBody);
  };
  const front = createServer({ cert, key }, (req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(`front: ${e instanceof Error ? e.message : String(e)}\n`);
    });
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const port = (front.address() as AddressInfo).port;
  await writeFile(kubeconfig, config.replace(proxyUrl.origin, `https://127.0.0.1:${port}`), { mode: 0o600 });
  return {
    ...kubectl,
    async close() {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await kubectl.close();
    },
  };
}
