/**
 * `GET /metrics`: the server's metrics in the Prometheus text format (0.0.4).
 */
import type { ServerResponse } from 'node:http';
import { observabilityOf } from '../audit/observe.js';
import { pathNotFound } from '../errors.js';
import { sendText } from '../http/respond.js';

/** Answers `/metrics` (404 when the server has no metrics attached). */
export function serveMetrics(ctx: object, res: ServerResponse): void {
  const o = observabilityOf(ctx);
  if (o === undefined) throw pathNotFound();
  sendText(res, 200, o.metrics.render(), { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' });
}
