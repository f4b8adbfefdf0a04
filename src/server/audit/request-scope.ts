/**
 * Per-request state that admission plugins, webhooks and the deprecation check write into without
 * threading it through every signature: `Warning` response headers and audit annotations. The
 * request observer opens a scope around each request; code outside a request (controllers) writes
 * into nothing.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';

/** What one request collected. */
export interface RequestRecord {
  /** Warning texts, in the order added (each distinct text once). */
  warnings: string[];
  /** Audit annotations (key → value). */
  annotations: Record<string, string>;
  res: ServerResponse | undefined;
  /** Name of the object a write addressed (known only after admission for creates). */
  objectName?: string;
}

const scope = new AsyncLocalStorage<RequestRecord>();

/** Runs `fn` with a fresh record for one request. */
export function runInRequestScope<T>(record: RequestRecord, fn: () => T): T {
  return scope.run(record, fn);
}

/** The record of the current request (undefined outside requests). */
export function currentRequestRecord(): RequestRecord | undefined {
  return scope.getStore();
}

/** Quotes a warning text as RFC 7234 wants it: `299 - "text"`. */
export function warningHeaderValue(text: string): string {
  const clean = text.replace(/[\r\n]+/g, ' ');
  return `299 - "${clean.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** Adds a `Warning` header to the current response (kept for error answers too). */
export function addWarning(text: string): void {
  const record = scope.getStore();
  if (record === undefined || record.warnings.includes(text)) return;
  record.warnings.push(text);
  const res = record.res;
  if (res !== undefined && !res.headersSent) res.setHeader('Warning', record.warnings.map(warningHeaderValue));
}

/** Records an audit annotation on the current request's audit event. */
export function addAuditAnnotation(key: string, value: string): void {
  const record = scope.getStore();
  if (record === undefined) return;
  record.annotations[key] ??= value;
}

/** Records the name of the object being written (audit events of creates name it). */
export function noteObjectName(name: string): void {
  const record = scope.getStore();
  if (record !== undefined && name !== '') record.objectName = name;
}
