/**
 * Writing answers: JSON (with the API server's trailing newline; indented for curl, wget and
 * browsers or `pretty=true`, as a real API server does), YAML or protobuf, and Status bodies for errors.
 */
import type { ServerResponse } from 'node:http';
import type { JsonObject } from '../../sdk/types/meta.js';
import type { ApiError } from '../errors.js';
import { encodeAnswer } from '../protobuf/index.js';
import { contentTypeOf, type Output } from './negotiation.js';
import { writeJson } from '../../machinery/json-numbers.js';
import { toYaml } from '../../machinery/yaml/emit.js';
import { parseGoBool } from '../../machinery/go-bool.js';

/** Whether JSON answers to this request are indented: `pretty=<bool>` in the query, else curl, Wget and browser user agents. */
export function prettyPrint(res: ServerResponse): boolean {
  const req = res.req as ServerResponse['req'] | undefined;
  if (req === undefined) return false;
  const url = req.url ?? '';
  const q = url.indexOf('?');
  if (q >= 0 && url.includes('pretty', q)) {
    const value = new URLSearchParams(url.slice(q + 1)).get('pretty');
    if (value !== null && value !== '') return parseGoBool(value) ?? false;
  }
  const agent = req.headers['user-agent'] ?? '';
  return agent.startsWith('curl') || agent.startsWith('Wget') || agent.startsWith('Mozilla/5.0');
}

/** Serializes a body in the negotiated representation. */
export function serialize(body: unknown, out: Output, pretty = false): string | Buffer {
  // The API server writes YAML as sigs.k8s.io/yaml does (JSON, then go-yaml v2): kubectl's `-o yaml` writer.
  if (out.kind === 'yaml') return toYaml(body);
  if (out.kind === 'protobuf') return encodeAnswer(body as JsonObject);
  // Go's MarshalIndent for pretty output writes no trailing newline; its Encoder does.
  if (pretty && out.kind === 'json') return writeJson(body, 2);
  return `${writeJson(body)}\n`;
}

/** Sends a body with a status code. */
export async function send(res: ServerResponse, code: number, body: unknown, out: Output, headers: Record<string, string> = {}): Promise<void> {
  const text = serialize(body, out, prettyPrint(res));
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
  const text = prettyPrint(res) ? JSON.stringify(err.toStatus(), null, 2) : `${JSON.stringify(err.toStatus())}\n`;
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
