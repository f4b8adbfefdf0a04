/**
 * `pods/log`: a container instance's log read from the node agent's log store, with every
 * PodLogOptions field (`container`, `follow`, `previous`, `sinceSeconds`, `sinceTime`, `timestamps`,
 * `tailLines`, `limitBytes`). Which instance is read follows the kubelet's rules; a followed log is
 * streamed with chunked transfer until the instance ends or the client goes away.
 */
import type { ContainerStatus } from '../../sdk/types/generated/core-v1.js';
import type { ServerContext } from '../context.js';
import { badRequest } from '../errors.js';
import type { PipelineEndpoint } from '../http/handler.js';
import type { RequestContext } from '../http/request-context.js';
import type { ContainerLogRef, LogReadOptions } from '../node/logs/container-logs.js';
import { fieldError, invalid, type FieldError } from '../validation/field-errors.js';
import { waitDrainOrClose } from '../http/drain.js';
import { boolParam } from './connect.js';
import type { NodeStreams } from './node-access.js';
import { containerStatus, loadPod, pickContainer } from './pod-target.js';

/** PodLogOptions read from the query, validated as the API server does. */
export interface LogRequest {
  container: string;
  follow: boolean;
  previous: boolean;
  timestamps: boolean;
  read: LogReadOptions;
}

function intParam(q: URLSearchParams, name: string, errs: FieldError[]): number | undefined {
  const v = q.get(name);
  if (v === null || v === '') return undefined;
  if (!/^-?\d+$/.test(v)) {
    errs.push(fieldError.invalid(name, v, 'must be an integer'));
    return undefined;
  }
  return Number(v);
}

/** Parses and validates the log options of a request (422 PodLogOptions on bad values). */
export function parseLogRequest(q: URLSearchParams, podName: string, now: number): LogRequest {
  const errs: FieldError[] = [];
  const tailLines = intParam(q, 'tailLines', errs);
  const limitBytes = intParam(q, 'limitBytes', errs);
  const sinceSeconds = intParam(q, 'sinceSeconds', errs);
  const sinceTimeText = q.get('sinceTime');
  let sinceTime: number | undefined;
  if (sinceTimeText !== null && sinceTimeText !== '') {
    sinceTime = Date.parse(sinceTimeText);
    if (Number.isNaN(sinceTime)) throw badRequest(`parsing time "${sinceTimeText}" as "2006-01-02T15:04:05Z07:00": cannot parse "${sinceTimeText}" as "2006"`);
  }
  if (tailLines !== undefined && tailLines < 0) errs.push(fieldError.invalid('tailLines', tailLines, 'must be greater than or equal to 0'));
  if (limitBytes !== undefined && limitBytes < 1) errs.push(fieldError.invalid('limitBytes', limitBytes, 'must be greater than 0'));
  if (sinceSeconds !== undefined && sinceTime !== undefined) errs.push(fieldError.forbidden('', 'at most one of `sinceTime` or `sinceSeconds` may be specified'));
  if (sinceSeconds !== undefined && sinceSeconds < 1) errs.push(fieldError.invalid('sinceSeconds', sinceSeconds, 'must be greater than 0'));
  if (errs.length > 0) throw invalid({ group: '', kind: 'PodLogOptions' }, podName, errs);
  const read: LogReadOptions = {};
  if (tailLines !== undefined) read.tailLines = tailLines;
  if (limitBytes !== undefined) read.limitBytes = limitBytes;
  if (sinceSeconds !== undefined) read.sinceTime = now - sinceSeconds * 1000;
  if (sinceTime !== undefined) read.sinceTime = sinceTime;
  return { container: q.get('container') ?? '', follow: boolParam(q, 'follow'), previous: boolParam(q, 'previous'), timestamps: boolParam(q, 'timestamps'), read };
}

/**
 * Which instance's log a request reads (the kubelet's validateContainerLogStatus): the current
 * instance, or with `previous` the one before; `latest` is the newest instance that has a log.
 *
 * The previous instance is counted from the status (its `restartCount` is the number of the newest
 * instance it shows), not from `latest`: a restarting container's new log is opened just before it
 * starts, while the status still shows the last instance's exit, and in that moment the newest log
 * is the new, empty one.
 */
export function instanceToRead(status: ContainerStatus | undefined, containerName: string, podName: string, previous: boolean, latest: number | undefined): number {
  const { running, terminated, waiting } = status?.state ?? {};
  const last = status?.lastState?.terminated;
  const current = running !== undefined || terminated?.containerID !== undefined;
  if (previous) {
    if (last === undefined || latest === undefined) throw badRequest(`previous terminated container "${containerName}" in pod "${podName}" not found`);
    const shown = Math.min(status?.restartCount ?? latest, latest);
    return current ? shown - 1 : shown;
  }
  if (latest !== undefined && (current || last !== undefined)) return latest;
  if (terminated !== undefined || last !== undefined) throw badRequest(`container "${containerName}" in pod "${podName}" is terminated`);
  if (waiting !== undefined) throw badRequest(`container "${containerName}" in pod "${podName}" is waiting to start: ${waiting.reason ?? 'ContainerCreating'}`);
  throw badRequest(`container "${containerName}" in pod "${podName}" is waiting to start - no logs yet`);
}

function writeChunk(rc: RequestContext, text: string): Promise<void> {
  return rc.res.write(text) ? Promise.resolve() : waitDrainOrClose(rc.res);
}

async function serveLog(ctx: ServerContext, rc: RequestContext, node: NodeStreams | undefined): Promise<void> {
  const pod = await loadPod(ctx, rc.info.namespace, rc.info.name);
  const podName = pod.metadata?.name ?? '';
  const request = parseLogRequest(rc.url.searchParams, podName, ctx.now());
  const container = pickContainer(pod, request.container);
  const status = containerStatus(pod, container);
  const base: Omit<ContainerLogRef, 'attempt'> = { namespace: rc.info.namespace, podName, podUid: pod.metadata?.uid ?? '', container };
  const latest = node === undefined ? undefined : await node.logs.lastAttempt(base);
  const attempt = instanceToRead(status, container, podName, request.previous, latest);
  if ((pod.spec?.nodeName ?? '') === '' || node === undefined) throw badRequest(`pod ${podName} does not have a host assigned`);
  const ref: ContainerLogRef = { ...base, attempt };
  rc.res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache, private', ...rc.headers });
  rc.res.flushHeaders();
  const entries = request.follow ? node.logs.follow(ref, request.read, rc.signal) : node.logs.read(ref, request.read);
  let pending = '';
  for await (const e of entries) {
    if (rc.res.destroyed) break;
    pending += `${request.timestamps ? `${e.time} ` : ''}${e.content}${e.partial ? '' : '\n'}`;
    // Small entries are batched into one chunk; a followed log is written at once.
    if (request.follow || pending.length >= 32 * 1024) {
      await writeChunk(rc, pending);
      pending = '';
    }
  }
  if (pending !== '' && !rc.res.destroyed) await writeChunk(rc, pending);
  rc.res.end();
}

/** `pods/log`. */
export function logEndpoint(ctx: ServerContext, node: () => NodeStreams | undefined): PipelineEndpoint {
  return {
    matches: (info) => info.isResourceRequest && info.apiGroup === '' && info.resource === 'pods' && info.subresource === 'log' && info.name !== '' && info.verb === 'get',
    serve: (rc) => serveLog(ctx, rc, node()),
  };
}
