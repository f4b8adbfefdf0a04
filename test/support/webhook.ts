/**
 * Real HTTPS admission webhooks for tests: a server on 127.0.0.1 with its own certificate (valid for
 * 127.0.0.1, localhost and `<svc>.<ns>.svc` names given), recording every AdmissionReview with its
 * headers and client certificate, and answering what the test's function returns.
 */
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { selfSignedCertificate } from './recording-server.js';

/** A received call. */
export interface ReceivedReview {
  path: string;
  headers: IncomingHttpHeaders;
  review: Record<string, unknown>;
  /** The `request` of the review. */
  request: Record<string, unknown>;
  clientCertCN?: string;
}

/** What the webhook sends: a body (JSON) with a status code, or nothing at all (hang) with `hangMs`. */
export interface WebhookReply {
  status?: number;
  body: unknown;
  delayMs?: number;
}

/** A running webhook. */
export interface AdmissionWebhook {
  /** `https://127.0.0.1:<port>`. */
  url: string;
  port: number;
  /** Base64 PEM of the certificate (for `caBundle`). */
  caBundle: string;
  calls: ReceivedReview[];
  stop(): Promise<void>;
}

/** A response of the same version as the review. */
export function reply(review: Record<string, unknown>, response: Record<string, unknown>): WebhookReply {
  const request = (review.request ?? {}) as Record<string, unknown>;
  return { body: { apiVersion: review.apiVersion, kind: 'AdmissionReview', response: { uid: request.uid, ...response } } };
}

/** Allows. */
export function allow(review: Record<string, unknown>): WebhookReply {
  return reply(review, { allowed: true });
}

/** Denies with a code and message. */
export function deny(review: Record<string, unknown>, code: number, message: string, reason?: string): WebhookReply {
  return reply(review, { allowed: false, status: { code, message, ...(reason !== undefined ? { reason } : {}) } });
}

/** Allows with a JSON patch. */
export function patch(review: Record<string, unknown>, ops: unknown[]): WebhookReply {
  return reply(review, { allowed: true, patchType: 'JSONPatch', patch: Buffer.from(JSON.stringify(ops)).toString('base64') });
}

/** Starts a webhook; `dnsNames` adds names (such as `hook.webhooks.svc`) to its certificate. */
export async function startAdmissionWebhook(answer: (call: ReceivedReview) => WebhookReply | Promise<WebhookReply>, dnsNames: string[] = []): Promise<AdmissionWebhook> {
  const tls = await selfSignedCertificate('admission-webhook', ['localhost', ...dnsNames], ['127.0.0.1']);
  const calls: ReceivedReview[] = [];
  const server: Server = createServer({ key: tls.keyPem, cert: tls.certPem, requestCert: true, rejectUnauthorized: false }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const review = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        const peer = (req.socket as TLSSocket).getPeerCertificate();
        const cn = peer !== null && typeof peer === 'object' && peer.subject !== undefined ? peer.subject.CN : undefined;
        const call: ReceivedReview = {
          path: req.url ?? '/', headers: req.headers, review, request: (review.request ?? {}) as Record<string, unknown>,
          ...(typeof cn === 'string' ? { clientCertCN: cn } : {}),
        };
        calls.push(call);
        const r = await answer(call);
        if (r.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, r.delayMs));
        if (res.destroyed) return;
        const text = JSON.stringify(r.body);
        res.writeHead(r.status ?? 200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
        res.end(text);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address !== null && typeof address === 'object' ? address.port : 0;
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    caBundle: Buffer.from(tls.certPem).toString('base64'),
    calls,
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
