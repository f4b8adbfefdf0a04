import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Result of one kubectl run. */
export interface KubectlResult {
  stdout: string;
  stderr: string;
  code: number;
}

let available: boolean | undefined;

/** Whether a kubectl binary is on PATH (checked once). */
export async function kubectlAvailable(): Promise<boolean> {
  if (available !== undefined) return available;
  const r = await runKubectl(['version', '--client']).catch(() => undefined);
  available = r !== undefined && r.code === 0;
  return available;
}

/** Runs kubectl with an empty config and a throwaway cache dir, asynchronously (so in-process servers can answer). */
export async function runKubectl(args: readonly string[], env: Record<string, string> = {}): Promise<KubectlResult> {
  const home = mkdtempSync(join(tmpdir(), 'platformctl-kubectl-'));
  try {
    return await new Promise((resolve, reject) => {
      execFile(
        'kubectl',
        [...args],
        {
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
          env: { PATH: process.env['PATH'] ?? '', HOME: home, KUBECONFIG: join(home, 'config'), TZ: 'UTC', ...env },
        },
        (err, stdout, stderr) => {
          if (err && typeof (err as { code?: unknown }).code !== 'number') {
            reject(err);
            return;
          }
          resolve({ stdout, stderr, code: err ? Number((err as { code?: unknown }).code) : 0 });
        },
      );
    });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** Runs `tasks` with at most `limit` at a time. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, f: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await f(items[i] as T, i);
    }
  });
  await Promise.all(workers);
  return results;
}
