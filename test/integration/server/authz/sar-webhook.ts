/**
 * A SubjectAccessReview webhook for the Webhook-mode tests: HTTPS on 127.0.0.1 with its own CA,
 * answering with what the test decides and recording the reviews; writes the client-config file.
 */
import { createServer, type Server } from 'node:https';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateTlsMaterial } from '../../../../src/server/tls/certificates.js';

/** A received review. */
export type SarReview = { apiVersion?: string; kind?: string; spec?: Record<string, unknown> };

/** A running webhook. */
export interface SarWebhook {
  reviews: SarReview[];
  writeConfig(dir: string): Promise<string>;
  stop(): Promise<void>;
}

/** Starts a webhook; `decide` returns the status (or an HTTP code to fail with). */
export async function startSarWebhook(decide: (review: SarReview) => Record<string, unknown> | number): Promise<SarWebhook> {
  const tls = await generateTlsMaterial(Date.now());
  const reviews: SarReview[] = [];
  const server: Server = createServer({ key: tls.keyPem, cert: tls.certPem }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const review = JSON.parse(Buffer.concat(chunks).toString('utf8')) as SarReview;
      reviews.push({ ...review, spec: { ...(review.spec ?? {}), authorization: req.headers.authorization ?? '' } });
      const answer = decide(review);
      if (typeof answer === 'number') {
        res.writeHead(answer, { 'Content-Type': 'text/plain' });
        res.end('failed');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ apiVersion: review.apiVersion, kind: 'SubjectAccessReview', status: answer }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  if (addr === null || typeof addr !== 'object') throw new Error('no address');
  const url = `https://127.0.0.1:${addr.port}/authorize`;
  return {
    reviews,
    async writeConfig(dir) {
      const path = join(dir, 'authz-webhook.kubeconfig');
      await writeFile(path, [
        'apiVersion: v1', 'kind: Config',
        'clusters:', '- name: authz', '  cluster:', `    server: ${url}`, `    certificate-authority-data: ${Buffer.from(tls.caPem).toString('base64')}`,
        'users:', '- name: apiserver', '  user:', '    token: webhook-secret',
        'contexts:', '- name: authz', '  context:', '    cluster: authz', '    user: apiserver',
        'current-context: authz', '',
      ].join('\n'), { mode: 0o600 });
      return path;
    },
    stop: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}
