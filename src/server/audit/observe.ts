/**
 * The request observer: wraps every request of the pipeline in a {@link RequestRecord} scope,
 * adds the deprecation warning and annotations of deprecated endpoints, and when the response is
 * done counts it in `apiserver_request_total` and writes its audit event.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ANNOTATIONS, DOMAIN } from '../../sdk/naming.js';
import type { JsonObject } from '../../sdk/types/meta.js';
import type { UserInfo } from '../request/user.js';
import { timestamp } from '../util/time.js';
import { parseRequestInfo, rawRequestPath, type RequestInfo } from '../request/request-info.js';
import { deprecationWarning, findDeprecatedApi } from '../versioning/deprecated-apis.js';
import { AUDIT_API_VERSION, type AuditLog } from './audit-log.js';
import type { Observability } from './observability.js';
import type { MetricsRegistry } from './metrics-registry.js';
import { addAuditAnnotation, addWarning, attachRequestRecord, requestRecordOf, type RequestRecord } from './request-scope.js';

/** The audit annotation naming the release that removes a deprecated API. */
export const REMOVED_RELEASE_ANNOTATION = `${DOMAIN}/removed-release`;

/** Creates the observability state of a server: its audit log and metrics with the request metrics declared. */
export function createObservability(audit: AuditLog, metrics: MetricsRegistry, now: () => number): Observability {
  declareRequestMetrics(metrics);
  return { audit, metrics, now };
}

/** Declares the request metrics. */
export function declareRequestMetrics(metrics: MetricsRegistry): void {
  metrics.declare('apiserver_request_total', 'counter',
    'Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.',
    ['code', 'component', 'dry_run', 'group', 'resource', 'scope', 'subresource', 'verb', 'version']);
  metrics.declare('apiserver_requested_deprecated_apis', 'gauge',
    'Gauge of deprecated APIs that have been requested, broken out by API group, version, resource, subresource, and removed_release.',
    ['group', 'removed_release', 'resource', 'subresource', 'version']);
}

/** Tells the observer who the authenticated user of a request is. */
export function noteRequestUser(req: IncomingMessage, user: UserInfo): void {
  const record = requestRecordOf(req);
  if (record !== undefined) record.user = user;
}

function metricVerb(info: RequestInfo, req: IncomingMessage): string {
  if (!info.isResourceRequest) return (req.method ?? 'GET').toUpperCase();
  switch (info.verb) {
    case 'create': return 'POST';
    case 'update': return 'PUT';
    case 'deletecollection': return 'DELETE';
    case 'patch': return (req.headers['content-type'] ?? '').startsWith('application/apply-patch') ? 'APPLY' : 'PATCH';
    default: return info.verb.toUpperCase();
  }
}

function scopeOf(info: RequestInfo): string {
  if (info.name !== '') return 'resource';
  if (info.namespace !== '') return 'namespace';
  return 'cluster';
}

function dryRunOf(url: URL): string {
  return url.searchParams.getAll('dryRun').sort().join(',');
}

/** Runs one request of the pipeline under observation (only scoped when the server observes none). */
export function observeRequest(o: Observability | undefined, req: IncomingMessage, res: ServerResponse, fn: () => Promise<void>): Promise<void> {
  const record: RequestRecord = { warnings: [], annotations: {}, res };
  attachRequestRecord(req, record);
  if (o === undefined) return fn();
  const received = o.now();
  const url = new URL(req.url ?? '/', 'https://localhost');
  let info: RequestInfo;
  try {
    info = parseRequestInfo(req.method ?? 'GET', rawRequestPath(req.url ?? '/'), url.searchParams);
  } catch {
    return fn();
  }
  res.once('finish', () => {
    const code = String(res.statusCode);
    o.metrics.inc('apiserver_request_total', {
      verb: metricVerb(info, req), dry_run: dryRunOf(url), group: info.apiGroup, version: info.apiVersion, resource: info.resource,
      subresource: info.subresource, scope: info.isResourceRequest ? scopeOf(info) : '', component: 'apiserver', code,
    });
    const user = record.user;
    const event: JsonObject = {
      kind: 'Event', apiVersion: AUDIT_API_VERSION, level: 'Metadata', auditID: randomUUID(), stage: 'ResponseComplete',
      requestURI: req.url ?? '/', verb: info.verb,
      user: user === undefined ? {} : { username: user.username, ...(user.uid !== undefined ? { uid: user.uid } : {}), groups: [...user.groups] },
      sourceIPs: [req.socket.remoteAddress ?? ''],
      ...(req.headers['user-agent'] !== undefined ? { userAgent: req.headers['user-agent'] } : {}),
      ...(info.isResourceRequest ? {
        objectRef: {
          resource: info.resource, ...(info.namespace !== '' ? { namespace: info.namespace } : {}), ...((record.objectName ?? info.name) !== '' ? { name: record.objectName ?? info.name } : {}),
          apiGroup: info.apiGroup, apiVersion: info.apiVersion, ...(info.subresource !== '' ? { subresource: info.subresource } : {}),
        },
      } : {}),
      responseStatus: { metadata: {}, code: res.statusCode },
      requestReceivedTimestamp: timestamp(received), stageTimestamp: timestamp(o.now()),
      ...(Object.keys(record.annotations).length > 0 ? { annotations: { ...record.annotations } } : {}),
    };
    o.audit.record(event);
  });
  if (info.isResourceRequest) {
    const d = findDeprecatedApi(info.apiGroup, info.apiVersion, info.resource);
    if (d !== undefined) {
      addWarning(record, deprecationWarning(d));
      addAuditAnnotation(record, ANNOTATIONS.deprecated, 'true');
      addAuditAnnotation(record, REMOVED_RELEASE_ANNOTATION, d.removedIn);
      o.metrics.set('apiserver_requested_deprecated_apis',
        { group: d.group, version: d.version, resource: d.resource, subresource: info.subresource, removed_release: d.removedIn }, 1);
    }
  }
  return fn();
}
