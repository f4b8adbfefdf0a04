/**
 * Shared helpers of the SDK transport-level tests: temp dirs, fixture paths, a ClientConfig for a
 * recording server, and log capture.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClientConfig } from '../../../../src/sdk/config/client-config.js';
import type { RecordingServer } from '../../../support/recording-server.js';

/** The repository root (tests run from dist/test/..., fixtures live in test/fixtures). */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the test file');
    dir = parent;
  }
  return dir;
}

/** Absolute path of an exec plugin fixture. */
export function execFixture(name: string): string {
  return join(repoRoot(), 'test', 'fixtures', 'exec-plugins', name);
}

/** A temp dir removed by the returned cleanup. */
export async function tempDir(prefix = 'platformctl-test-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A ClientConfig that trusts the recording server. */
export function configFor(server: RecordingServer, extra: Partial<ClientConfig> = {}): ClientConfig {
  return { server: server.url, caData: server.caPem, namespace: 'default', ...extra };
}

/** Collects log lines. */
export class LogCapture {
  readonly lines: string[] = [];
  readonly sink = (line: string): void => {
    this.lines.push(line);
  };

  get text(): string {
    return this.lines.join('\n');
  }
}

/** Environment for exec plugins: just enough to find `node` through `#!/usr/bin/env node`. */
export function pluginEnv(): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin' };
}
