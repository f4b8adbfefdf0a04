/**
 * What the request observer writes to: the audit log and the metrics registry of one server,
 * created by the composition root and kept on the server context.
 */
import type { AuditLog } from './audit-log.js';
import type { MetricsRegistry } from './metrics-registry.js';

/** The audit log, the metrics and the clock the observer stamps events with. */
export interface Observability {
  audit: AuditLog;
  metrics: MetricsRegistry;
  now(): number;
}
