/**
 * Writing answers: JSON (with the API server's trailing newline) or YAML, and Status bodies for errors.
 */
import type { ServerResponse } from 'node:http';
import type { ApiError } from '../errors.js';
import { contentTypeOf, type Output } from './negotiation.js';

/** Serializes a body in the negotiated representation. */
export async function serialize(body: unknown, out: Output): Promise<string> {
  if (out.kind === 'yaml') {
    const yaml = await import('js-yaml');
    return yaml.dump(body, { noArrayIndent: true, lineWidth: -1, sortKeys: true });
  }
  return `${JSON.stringify(body)}\n`;
}

/** Sends a body with a status code. */
export async function send(res: ServerResponse, code: number, body: unknown, out: Output, headers: Record<string, string> = {}): Promise<void> {
  const text = await serialize(body, out);
  if (res.headersSent) return;
  res.writeHead(code, {
    'Content-Type': contentTypeOf(out),
    'Cache-Control': 'no-cache, private',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Sends an error as a Status (always JSON, as the API server does for errors it raises itself). */
export function sendError(res: ServerResponse, err: ApiError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = `${JSON.stringify(err.toStatus())}\n`;
  res.writeHead(err.code, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-cache, private',
    'Content-Length': Buffer.byteLength(text),
    ...err.headers,
  });
  res.end(text);
}

/** Sends plain text (health endpoints). */
export function sendText(res: ServerResponse, code: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(code, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-cache, private',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}
