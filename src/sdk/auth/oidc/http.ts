/**
 * The OIDC client's HTTP: a GET of JSON and a POST of a form, over node's https with the
 * provider's own CA when given. Small on purpose: two request shapes, answers of a few kilobytes,
 * and no dependency on the cluster transport (the provider is another server with another CA).
 */
import { ProtocolError, TimeoutError, TransportError } from '../../errors.js';
import { setLongTimeout } from '../../../machinery/long-timeout.js';

/** TLS and timing settings for requests to the provider. */
export interface OidcHttpOptions {
  /** PEM CA bundle trusted for the provider (default: the system roots). */
  caPem?: string | undefined;
  /** Skip verification of the provider's certificate. */
  insecureSkipTlsVerify?: boolean | undefined;
  /** Per-request timeout (default 30 s). */
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
}

/** An answer: status and parsed JSON body (undefined when the body is not JSON). */
export interface OidcHttpResponse {
  status: number;
  json: unknown;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_BODY = 1 << 20;

/** Sends one request; the URL is named in errors, bodies and headers never are (they carry secrets). */
export async function oidcRequest(url: string, init: { method: 'GET' | 'POST'; form?: URLSearchParams; headers?: Record<string, string> }, options: OidcHttpOptions): Promise<OidcHttpResponse> {
  const target = new URL(url);
  const isHttps = target.protocol === 'https:';
  if (!isHttps && target.protocol !== 'http:') throw new TransportError(`unsupported URL scheme in ${target.origin}`, { url: target.origin });
  const mod = isHttps ? await import('node:https') : await import('node:http');
  const body = init.form?.toString();
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (body !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const where = `${target.origin}${target.pathname}`;
  return new Promise<OidcHttpResponse>((resolve, reject) => {
    const tls = isHttps ? { ...(options.caPem === undefined ? {} : { ca: options.caPem }), rejectUnauthorized: options.insecureSkipTlsVerify !== true } : {};
    const req = mod.request(target, { method: init.method, headers, ...tls, ...(options.signal === undefined ? {} : { signal: options.signal }) }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY) {
          req.destroy(new ProtocolError(`the answer of ${where} is larger than ${MAX_BODY} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => {
        timer.clear();
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text === '' ? undefined : JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, json });
      });
      res.on('error', (err) => reject(new TransportError(`reading the answer of ${where}: ${err.message}`, { url: where, cause: err })));
    });
    const timer = setLongTimeout(() => req.destroy(new TimeoutError(`request to ${where} timed out after ${timeoutMs}ms`, { url: where })), timeoutMs);
    req.on('error', (err) => {
      timer.clear();
      if (err instanceof TransportError || err instanceof ProtocolError) reject(err);
      else reject(new TransportError(`request to ${where} failed: ${err.message}`, { url: where, cause: err }));
    });
    req.end(body);
  });
}
