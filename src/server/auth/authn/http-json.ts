/**
 * JSON over HTTPS for the calls authentication makes (OIDC discovery and keys, token webhooks),
 * with the CA and client credentials of their configuration.
 */
import { request } from 'node:https';
import { request as httpRequest } from 'node:http';

/** Time limit of one call. */
const CALL_TIMEOUT_MS = 10_000;

/** TLS and credentials of one remote service. */
export interface RemoteTls {
  ca?: string;
  cert?: string;
  key?: string;
  insecureSkipTLSVerify?: boolean;
}

/** One call. */
export interface JsonCall extends RemoteTls {
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
}

/** The status and parsed body of an answer. */
export interface JsonAnswer {
  status: number;
  body: unknown;
}

/** Sends a request and parses the JSON answer (a non-JSON body is an error). */
export function fetchJson(url: string, call: JsonCall = {}): Promise<JsonAnswer> {
  const u = new URL(url);
  const payload = call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body));
  const headers: Record<string, string> = { Accept: 'application/json', ...(call.headers ?? {}) };
  if (payload !== undefined) {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = String(payload.length);
  }
  return new Promise((resolve, reject) => {
    const options = {
      method: call.method ?? (payload === undefined ? 'GET' : 'POST'), headers, timeout: CALL_TIMEOUT_MS,
      ...(call.ca !== undefined ? { ca: call.ca } : {}), ...(call.cert !== undefined ? { cert: call.cert } : {}),
      ...(call.key !== undefined ? { key: call.key } : {}), rejectUnauthorized: call.insecureSkipTLSVerify !== true,
    };
    const req = (u.protocol === 'http:' ? httpRequest : request)(u, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve({ status: res.statusCode ?? 0, body: text === '' ? undefined : JSON.parse(text) });
        } catch {
          reject(new Error(`${u.origin}${u.pathname} answered ${res.statusCode ?? 0} with a body that is not JSON`));
        }
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${u.origin}${u.pathname} did not answer within ${CALL_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}
