/**
 * `GET /metrics`: the server's metrics in the Prometheus text format (0.0.4).
 */
import type { ServerResponse } from 'node:http';
import type { Observability } from '../audit/observability.js';
import { pathNotFound } from '../errors.js';
import { sendText } from '../http/respond.js';

/** Answers `/metrics` (404 when the server has no metrics attached). */
export function serveMetrics(o: Observability | undefined, res: ServerResponse): void {
  if (o === undefined) throw pathNotFound();
  sendText(res, 200, o.metrics.render(), { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' });
}
