/**
 * Asks a local server whether it is ready (`/readyz`), trusting its CA and sending its admin token.
 */
import type * as Https from 'node:https';

/** True when `url` answers `/readyz` with 200 within `timeoutMs`. */
export async function isReady(url: string, caPem: string, token: string, timeoutMs = 2000): Promise<boolean> {
  const https: typeof Https = await import('node:https');
  return new Promise((resolve) => {
    const target = new URL('/readyz', url);
    const req = https.request(target, { method: 'GET', ca: caPem, headers: { Authorization: `Bearer ${token}` }, timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}
