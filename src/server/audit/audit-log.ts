/**
 * The audit log: one `audit.platform.io/v1` Event per request at level Metadata (user, verb,
 * object reference, response code, annotations), appended as JSON lines to a file when
 * `--audit-log-path` names one. Request and response bodies are never recorded, so secrets
 * cannot reach it.
 */
import { appendFile } from 'node:fs/promises';
import { DOMAIN } from '../../sdk/naming.js';
import type { JsonObject } from '../../sdk/types/meta.js';
import { writeJson } from '../../machinery/json-numbers.js';

/** An audit log. */
export class AuditLog {
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly path: string | undefined, private readonly log: (line: string) => void) {}

  /** Records one event (file writes are serialized and never fail the request). */
  record(event: JsonObject): void {
    const path = this.path;
    if (path === undefined) return;
    const line = `${writeJson(event)}\n`;
    this.writing = this.writing.then(() => appendFile(path, line, { mode: 0o600 })).catch((e: unknown) => {
      this.log(`audit log write failed: ${e instanceof Error ? e.message : String(e)}`);
    });
  }
}

/** The apiVersion of audit events. */
export const AUDIT_API_VERSION = `audit.${DOMAIN}/v1`;
