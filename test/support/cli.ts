/**
 * Runs the CLI in-process with captured output, a fixed clock and width, and NO_COLOR: the
 * harness for command and golden-output tests.
 */
import { Readable } from 'node:stream';
import type { CliIO, Output } from '../../src/cli/io/io.js';
import { run } from '../../src/cli/run.js';

/** Options of {@link runCli}. */
export interface RunCliOptions {
  env?: Record<string, string | undefined>;
  /** Text to provide on stdin. */
  stdin?: string;
  stdinIsTTY?: boolean;
  stdoutIsTTY?: boolean;
  columns?: number;
  cwd?: string;
  home?: string;
  /** Fixed "now" (default 2026-01-01T00:00:00Z). */
  now?: Date;
  signal?: AbortSignal;
}

/** What a CLI run produced. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Fixed clock used by golden tests. */
export const FIXED_NOW = new Date('2026-01-01T00:00:00Z');

/** An {@link Output} that collects text. */
export class CapturedOutput implements Output {
  text = '';
  readonly isTTY: boolean;
  readonly columns: number | undefined;
  constructor(isTTY = false, columns?: number) {
    this.isTTY = isTTY;
    this.columns = columns;
  }
  write(text: string): void {
    this.text += text;
  }
  flush(): Promise<void> {
    return Promise.resolve();
  }
}

/** Builds a test {@link CliIO}. */
export function testIO(options: RunCliOptions = {}): CliIO & { stdout: CapturedOutput; stderr: CapturedOutput } {
  const home = options.home ?? '/nonexistent-home';
  const env: Record<string, string | undefined> = { HOME: home, NO_COLOR: '1', ...options.env };
  const now = options.now ?? FIXED_NOW;
  return {
    stdout: new CapturedOutput(options.stdoutIsTTY ?? false, options.columns),
    stderr: new CapturedOutput(false),
    stdin: () => Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
    stdinIsTTY: options.stdinIsTTY ?? false,
    env,
    cwd: options.cwd ?? process.cwd(),
    homedir: home,
    now: () => now,
    signal: options.signal ?? new AbortController().signal,
  };
}

/** Runs `platformctl <argv...>` in-process. */
export async function runCli(argv: readonly string[], options: RunCliOptions = {}): Promise<CliResult> {
  const io = testIO(options);
  const code = await run(argv, io);
  return { code, stdout: io.stdout.text, stderr: io.stderr.text };
}
