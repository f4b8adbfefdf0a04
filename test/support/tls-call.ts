/**
 * One HTTPS request to a test server on a fresh connection, so that each request can present its
 * own client certificate (a keep-alive pool would reuse the first one), with a bearer token,
 * headers and a JSON body.
 */
import { request } from 'node:https';

/** What a request sends. */
export interface Call {
  token?: string;
  cert?: string;
  key?: string;
  headers?: Record<string, string | string[]>;
  body?: unknown;
  /** Content type of the body (default application/json). */
  contentType?: string;
}

/** What came back; `body` is `{}` when the answer is not JSON. */
export interface Answer {
  status: number;
  body: Record<string, unknown>;
  text: string;
}

/** Sends one request to the server on its own connection. */
export function call(server: { url: string; caPem: string }, method: string, path: string, c: Call = {}): Promise<Answer> {
  const headers: Record<string, string | string[]> = { ...(c.headers ?? {}) };
  if (c.token !== undefined) headers.Authorization = `Bearer ${c.token}`;
  const payload = c.body === undefined ? undefined : JSON.stringify(c.body);
  if (payload !== undefined) headers['Content-Type'] ??= c.contentType ?? 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, server.url), {
      method, headers, ca: server.caPem, agent: false, ...(c.cert !== undefined ? { cert: c.cert } : {}), ...(c.key !== undefined ? { key: c.key } : {}),
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode ?? 0, body, text });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}
