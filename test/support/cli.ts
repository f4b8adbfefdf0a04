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
  /**
   * Fail (rather than hang the suite) when the run has not finished after this many milliseconds:
   * the error carries the arguments and the output so far, which is what tells a hang's cause.
   */
  deadlineMs?: number;
  /** Called with each piece of standard output as it is written (a test that waits for a stream to start). */
  onStdout?: (text: string) => void;
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
  private readonly onWrite: ((text: string) => void) | undefined;
  constructor(isTTY = false, columns?: number, onWrite?: (text: string) => void) {
    this.isTTY = isTTY;
    this.columns = columns;
    this.onWrite = onWrite;
  }
  write(text: string): void {
    this.text += text;
    this.onWrite?.(text);
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
    stdout: new CapturedOutput(options.stdoutIsTTY ?? false, options.columns, options.onStdout),
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
  const running = run(argv, io);
  const deadlineMs = options.deadlineMs;
  if (deadlineMs === undefined) return { code: await running, stdout: io.stdout.text, stderr: io.stderr.text };
  let timer: NodeJS.Timeout | undefined;
  const overdue = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`platformctl ${argv.join(' ')} had not finished after ${deadlineMs} ms\n--- stdout so far\n${io.stdout.text}\n--- stderr so far\n${io.stderr.text}`)), deadlineMs);
  });
  try {
    return { code: await Promise.race([running, overdue]), stdout: io.stdout.text, stderr: io.stderr.text };
  } finally {
    clearTimeout(timer);
  }
}
