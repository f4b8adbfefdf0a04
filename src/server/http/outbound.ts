/**
 * The server's one outbound call: JSON over HTTP(S) to the services it consults (OIDC providers,
 * token, authorization and admission webhooks). Every answer is hostile: a deadline covers the whole
 * exchange (an idle timeout never fires on a peer that drips a byte at a time) and the answer is
 * read up to a bound (an endless one would be buffered until the server runs out of memory).
 * Failures are typed so that each caller words them as its Go counterpart does.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { checkServerIdentity, type PeerCertificate } from 'node:tls';

/**
 * The most bytes read of one answer, 16 MiB: far above real answers (an AdmissionReview patching an
 * object the API server caps at 3 MiB, base64 adding a third; OIDC documents of a few KiB), and
 * all a broken or hostile service can make the server hold per call.
 */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** A failed call: its deadline passed, its answer outgrew the limit, or the transport failed (its message). */
export class OutboundError extends Error {
  override name = 'OutboundError';

  constructor(readonly failure: 'timeout' | 'too-large' | 'transport', message: string) {
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

/** TLS settings of a call (PEM texts); `serverName` is the name the certificate must be valid for, when not the host. */
export interface OutboundTls {
  ca?: string;
  cert?: string;
  key?: string;
  insecureSkipTLSVerify?: boolean;
  serverName?: string;
}

/** One call: `body` is JSON text; `deadlineMs` runs from the start to the answer's last byte. */
export interface OutboundCall extends OutboundTls {
  method: 'GET' | 'POST';
  endpoint: Endpoint;
  headers?: Record<string, string>;
  body?: string;
  deadlineMs: number;
  maxAnswerBytes?: number;
}

/** The status and text of an answer (any status). */
export interface OutboundAnswer {
  status: number;
  text: string;
}

function tlsOptions(call: OutboundCall, name: string): Record<string, unknown> {
  const { ca, cert, key } = call;
  return {
    ...(isIP(name) === 0 ? { servername: name } : {}), // SNI carries names only
    checkServerIdentity: (_host: string, peer: PeerCertificate) => checkServerIdentity(name, peer),
    rejectUnauthorized: call.insecureSkipTLSVerify !== true, ...(ca !== undefined ? { ca } : {}), ...(cert !== undefined ? { cert } : {}), ...(key !== undefined ? { key } : {}),
  };
}

/** Makes a call; failures are {@link OutboundError}s, and the socket of a failed call is destroyed. */
export function callOutbound(call: OutboundCall): Promise<OutboundAnswer> {
  const { endpoint, body } = call;
  const limit = call.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  const sized = body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (result: OutboundAnswer | OutboundError): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (result instanceof OutboundError) {
        req.destroy();
        reject(result);
      } else resolve(result);
    };
    const onAnswer = (res: IncomingMessage): void => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > limit) settle(new OutboundError('too-large', `the answer is larger than the limit of ${String(limit)} bytes`));
        else chunks.push(c);
      });
      res.on('error', (e) => settle(new OutboundError('transport', e.message)));
      res.on('end', () => settle({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    };
    // A connection per call: the identity check is the call's (an agent's pool does not key on it).
    const req = (endpoint.https ? httpsRequest : httpRequest)({
      method: call.method, host: endpoint.host, port: endpoint.port, path: endpoint.path, agent: false,
      headers: { Accept: 'application/json', ...sized, ...(call.headers ?? {}) },
      ...(endpoint.https ? tlsOptions(call, call.serverName ?? endpoint.host) : {}),
    }, onAnswer);
    const timer = setTimeout(() => settle(new OutboundError('timeout', `no answer within ${String(call.deadlineMs)} ms`)), call.deadlineMs);
    req.on('error', (e) => settle(new OutboundError('transport', e.message)));
    req.end(body);
  });
}
