/**
 * Runs the built binary (`bin/platformctl` over `dist/cli`) as a process of its own: for what only
 * a real process shows (an uncaught exception printing the bundle's source, memory that a runaway
 * read would take from the test runner, time limits), with a deadline after which it is killed.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The binary's shim. */
export const BIN = join(ROOT, 'bin', 'platformctl');

/** A skip reason when the bundle is not built, else false. */
export const BUILT_SKIP: string | false = existsSync(join(ROOT, 'dist', 'cli', 'platformctl.cjs')) ? false : 'dist/cli is not built (npm run build)';

/** Options of {@link runBuilt}. */
export interface RunBuiltOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Text for stdin, or a stream piped to it (default: nothing, closed). */
  stdin?: string | Readable;
  /** Killed (SIGKILL) after this long; the result then has `killed: true`. Default 60 s. */
  timeoutMs?: number;
  /**
   * Run the file itself, as a shell runs an installed `platformctl` (its `#!/bin/sh` line first),
   * rather than with `node FILE`; `node` is then found on the environment's PATH.
   */
  asExecutable?: boolean;
  /** Called with each stdout chunk (the run keeps only the first and last 64 kB of a large stdout). */
  onStdout?: (chunk: Buffer, child: { kill(signal?: NodeJS.Signals): boolean }) => void;
}

/** How a run ended. */
export interface BuiltResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  /** Bytes written to stdout in all. */
  stdoutBytes: number;
  stderr: string;
  /** Killed by the deadline. */
  killed: boolean;
  /** Milliseconds from start to exit. */
  ms: number;
}

const KEEP = 64 * 1024;

/** Runs `platformctl <args>` with a clean environment of the caller's choosing. */
export function runBuilt(args: readonly string[], options: RunBuiltOptions): Promise<BuiltResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const [command, argv] = options.asExecutable === true ? [BIN, args] : [process.execPath, [BIN, ...args]];
    const child = spawn(command, argv, { env: options.env, cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let head = '';
    let tail = '';
    let stdoutBytes = 0;
    let stderr = '';
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, options.timeoutMs ?? 60_000);
    child.stdout.on('data', (d: Buffer) => {
      stdoutBytes += d.length;
      if (head.length < KEEP) head += d.toString('utf8');
      else tail = (tail + d.toString('utf8')).slice(-KEEP);
      options.onStdout?.(d, child);
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdin.on('error', () => undefined);
    if (typeof options.stdin === 'string') child.stdin.end(options.stdin);
    else if (options.stdin !== undefined) options.stdin.pipe(child.stdin);
    else child.stdin.end();
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: head + tail, stdoutBytes, stderr, killed, ms: performance.now() - started });
    });
  });
}
