/**
 * Per-request state that admission plugins, webhooks and the deprecation check write into:
 * `Warning` response headers and audit annotations. The request observer creates one record per
 * request and hangs it on the request; the write path carries it to admission in
 * `AdmissionAttributes.record`. Writes from controllers have no record and add nothing.
 *
 * Why not AsyncLocalStorage: on Node 20 it turns on promise hooks for the whole process, which cost
 * about a quarter of the server's write throughput.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UserInfo } from '../request/user.js';

/** What one request collected. */
export interface RequestRecord {
  /** Warning texts, in the order added (each distinct text once). */
  warnings: string[];
  /** Audit annotations (key → value). */
  annotations: Record<string, string>;
  res: ServerResponse | undefined;
  /** Name of the object a write addressed (known only after admission for creates). */
  objectName?: string;
  /** The authenticated user (once authentication decided; the audit event names it). */
  user?: UserInfo;
}

const records = new WeakMap<IncomingMessage, RequestRecord>();

/** Hangs the record of a request on it. */
export function attachRequestRecord(req: IncomingMessage, record: RequestRecord): void {
  records.set(req, record);
}

/** The record of a request (undefined when nobody observes it). */
export function requestRecordOf(req: IncomingMessage): RequestRecord | undefined {
  return records.get(req);
}

/**
 * Quotes a warning text as RFC 7234 wants it: `299 - "text"`. A warning may quote what a client sent
 * (an unknown field's name), so the value is made safe for a header: control characters become
 * spaces (Go's server turns CR and LF into spaces the same way). Node writes header characters up to
 * U+00FF as their UTF-8 bytes, which is what a Go server sends for such a text, but refuses
 * characters above: those are written as Go escapes (`\\u2713`, read by clients as `\u2713`).
 */
export function warningHeaderValue(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
  const clean = text.replace(/[\u0000-\u0008\u000a-\u001f\u007f]+/g, ' ');
  const quoted = clean.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
  const safe = quoted.replace(/[\u0100-\u{10ffff}]/gu, (ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return code > 0xffff ? `\\\\U${code.toString(16).padStart(8, '0')}` : `\\\\u${code.toString(16).padStart(4, '0')}`;
  });
  return `299 - "${safe}"`;
}

/** Adds a `Warning` header to the response of a request (kept for error answers too). */
export function addWarning(record: RequestRecord | undefined, text: string): void {
  if (record === undefined || record.warnings.includes(text)) return;
  record.warnings.push(text);
  const res = record.res;
  if (res !== undefined && !res.headersSent) res.setHeader('Warning', record.warnings.map(warningHeaderValue));
}

/** Records an audit annotation on the audit event of a request. */
export function addAuditAnnotation(record: RequestRecord | undefined, key: string, value: string): void {
  if (record === undefined) return;
  record.annotations[key] ??= value;
}

/** Records the name of the object being written (audit events of creates name it). */
export function noteObjectName(record: RequestRecord | undefined, name: string): void {
  if (record !== undefined && name !== '') record.objectName = name;
}
