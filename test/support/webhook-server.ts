/**
 * A token-review webhook for tests: an HTTPS server that answers TokenReviews with what the test
 * decides, records the reviews it got, and writes the client-config file the API server reads.
 */
import { createServer, type Server } from 'node:https';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateTlsMaterial } from '../../src/server/tls/certificates.js';

/** A received TokenReview. */
export type Review = { apiVersion?: string; kind?: string; spec?: { token?: string; audiences?: string[] } };

/** What the webhook answers: a status, optionally another apiVersion than the request's. */
export interface WebhookAnswer {
  status: Record<string, unknown>;
  apiVersion?: string;
  code?: number;
}

/** A running webhook. */
export interface TokenWebhook {
  url: string;
  caPem: string;
  reviews: Review[];
  /** Writes a client-config file pointing at the webhook; returns its path. */
  writeConfig(dir: string): Promise<string>;
  stop(): Promise<void>;
}

/** Starts the webhook with a decision function. */
export async function startTokenWebhook(decide: (review: Review) => WebhookAnswer): Promise<TokenWebhook> {
  const tls = await generateTlsMaterial(Date.now());
  const reviews: Review[] = [];
  const server: Server = createServer({ key: tls.keyPem, cert: tls.certPem }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const review = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Review;
      reviews.push(review);
      const answer = decide(review);
      res.writeHead(answer.code ?? 200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ apiVersion: answer.apiVersion ?? review.apiVersion, kind: 'TokenReview', status: answer.status }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  if (addr === null || typeof addr !== 'object') throw new Error('no address');
  const url = `https://127.0.0.1:${addr.port}/authenticate`;
  return {
    url,
    caPem: tls.caPem,
    reviews,
    async writeConfig(dir) {
      const path = join(dir, 'webhook.kubeconfig');
      const text = [
        'apiVersion: v1', 'kind: Config',
        'clusters:', '- name: webhook', '  cluster:', `    server: ${url}`, `    certificate-authority-data: ${Buffer.from(tls.caPem).toString('base64')}`,
        'users:', '- name: apiserver', '  user: {}',
        'contexts:', '- name: webhook', '  context:', '    cluster: webhook', '    user: apiserver',
        'current-context: webhook', '',
      ].join('\n');
      await writeFile(path, text, { mode: 0o600 });
      return path;
    },
    stop: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}
