/**
 * The server's one outbound call: JSON over HTTP(S) to the services it consults (OIDC providers,
 * token, authorization and admission webhooks). Every answer is hostile: a deadline covers the whole
 * exchange (an idle timeout never fires on a peer that drips a byte at a time), the answer is
 * read up to a bound (an endless one would be buffered until the server runs out of memory) and
 * nests no deeper than a request body may.
 * Failures are typed so that each caller words them as its Go counterpart does.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { checkServerIdentity, type PeerCertificate } from 'node:tls';
import { ApiError } from '../errors.js';
import { readBody } from './body.js';
import { MAX_BODY_DEPTH, jsonTextExceedsDepth } from '../util/json-limits.js';

/**
 * The most bytes read of one answer, 16 MiB: far above real answers (an AdmissionReview patching an
 * object the API server caps at 3 MiB, base64 adding a third; OIDC documents of a few KiB), and
 * all a broken or hostile service can make the server hold per call.
 */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/**
 * A failed call: its deadline passed, its answer outgrew the size limit or nested deeper than request
 * bodies may (which would overflow the stack of whatever walks it), or the transport failed (its message).
 */
export class OutboundError extends Error {
  override name = 'OutboundError';

  constructor(readonly failure: 'timeout' | 'too-large' | 'too-deep' | 'transport', message: string) {
    super(message);
  }
}

/** Where a call goes: the address connected to and the request path (with its query). */
export interface Endpoint {
  https: boolean;
  host: string;
  port: number;
  path: string;
}

/** The endpoint of a URL (an IPv6 literal without its brackets). */
export function endpointOf(url: URL): Endpoint {
  const https = url.protocol === 'https:';
  const port = url.port === '' ? (https ? 443 : 80) : Number(url.port);
  return { https, host: url.hostname.replace(/^\[|\]$/g, ''), port, path: `${url.pathname}${url.search}` };
}

/**
 * One call: `body` is JSON text; `deadlineMs` runs from the start to the answer's last byte; PEM
 * texts for TLS, where `serverName` is the name the certificate must be valid for, if not the host.
 */
export interface OutboundCall {
  method: 'GET' | 'POST';
  endpoint: Endpoint;
  headers?: Record<string, string>;
  body?: string;
  deadlineMs: number;
  ca?: string;
  cert?: string;
  key?: string;
  insecureSkipTLSVerify?: boolean;
  serverName?: string;
  /**
   * Reuse connections to the endpoint between calls, as client-go's transports do (the webhooks a
   * cache miss consults, OIDC keys). Not with `serverName`: a pool keys connections on their TLS
   * options, not on a call's own identity check.
   */
  keepAlive?: boolean;
}

// One pool per scheme: it keys connections on host, port and TLS material, and unrefs idle ones.
let pools: { http: HttpAgent; https: HttpsAgent } | undefined;

function pooled(https: boolean): HttpAgent {
  pools ??= { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  return https ? pools.https : pools.http;
}

/** The status and text of an answer (any status). */
export interface OutboundAnswer {
  status: number;
  text: string;
}

function tlsOptions({ ca, cert, key, insecureSkipTLSVerify, serverName, endpoint }: OutboundCall): Record<string, unknown> {
  const name = serverName ?? endpoint.host;
  return {
    ...(isIP(name) === 0 ? { servername: name } : {}), // SNI carries names only
    // Without a server name of its own, Node's check against the host is the same check.
    ...(serverName === undefined ? {} : { checkServerIdentity: (_host: string, peer: PeerCertificate) => checkServerIdentity(name, peer) }),
    rejectUnauthorized: insecureSkipTLSVerify !== true, ...(ca !== undefined ? { ca } : {}), ...(cert !== undefined ? { cert } : {}), ...(key !== undefined ? { key } : {}),
  };
}

function answerOf(status: number, text: string): OutboundAnswer | OutboundError {
  if (jsonTextExceedsDepth(text, MAX_BODY_DEPTH) < 0) return { status, text };
  return new OutboundError('too-deep', `the answer nests deeper than ${String(MAX_BODY_DEPTH)} levels`);
}

/** Makes a call; failures are {@link OutboundError}s, and the socket of a failed call is destroyed. */
export function callOutbound(call: OutboundCall): Promise<OutboundAnswer> {
  const { endpoint, body } = call;
  const sized = body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (result: OutboundAnswer | OutboundError): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!(result instanceof OutboundError)) return resolve(result);
      req.destroy();
      reject(result);
    };
    // The reader of request bodies, with the answers' limit: its 413 is this call's `too-large`.
    const onAnswer = (res: IncomingMessage): void => {
      readBody(res, MAX_ANSWER_BYTES).then((b) => settle(answerOf(res.statusCode ?? 0, b.toString('utf8'))), (e: unknown) => settle(
        e instanceof ApiError && e.code === 413 ? new OutboundError('too-large', `the answer is larger than the limit of ${String(MAX_ANSWER_BYTES)} bytes`)
          : new OutboundError('transport', e instanceof Error ? e.message : String(e))));
    };
    const agent = call.keepAlive === true && call.serverName === undefined ? pooled(endpoint.https) : false;
    const req = (endpoint.https ? httpsRequest : httpRequest)({
      method: call.method, host: endpoint.host, port: endpoint.port, path: endpoint.path, agent,
      headers: { Accept: 'application/json', ...sized, ...(call.headers ?? {}) }, ...(endpoint.https ? tlsOptions(call) : {}),
    }, onAnswer);
    const timer = setTimeout(() => settle(new OutboundError('timeout', `no answer within ${String(call.deadlineMs)} ms`)), call.deadlineMs);
    req.on('error', (e) => settle(new OutboundError('transport', e.message)));
    req.end(body);
  });
}
