/**
 * Everything a command touches outside itself: output streams, stdin, environment, clock,
 * terminal facts. Commands never use `process` directly, so tests can run them in-process with a
 * fixed clock, width and `NO_COLOR`, and capture what they print.
 */
import type { Readable } from 'node:stream';

/** A text output (stdout or stderr). */
export interface Output {
  /** Writes text. Writes are ordered; `flush` waits until they have been handed to the OS. */
  write(text: string): void;
  /** Writes bytes as they are (remote command output); absent where only text is captured. */
  writeBytes?(data: Uint8Array): void;
  /** Resolves when everything written so far is out (backpressure for large outputs). */
  flush(): Promise<void>;
  /** Whether the output is a terminal. */
  readonly isTTY: boolean;
  /** Terminal width in columns, when it is a terminal. */
  readonly columns: number | undefined;
  /**
   * Which terminal device it is, when it is one (two outputs with the same value write to the same
   * screen, so a progress line on one must be cleared before the other writes). Undefined when
   * unknown: outputs that are both terminals are then taken to share the screen.
   */
  readonly terminal?: string | undefined;
}

/** The world as a command sees it. */
export interface CliIO {
  stdout: Output;
  stderr: Output;
  /** Standard input, opened on first use. */
  stdin(): Readable;
  readonly stdinIsTTY: boolean;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  readonly homedir: string;
  /** Current time (fixed in golden tests). */
  now(): Date;
  /** Aborted on Ctrl-C (SIGINT) or SIGTERM, so watches and waits end cleanly. */
  readonly signal: AbortSignal;
  /**
   * Called before an exec credential plugin runs with the terminal as its stdin; absent where the
   * process has the terminal (the resident helper, which has not, throws).
   */
  readonly beforeInteractivePlugin?: () => void;
}

/** Whether output to `out` should be colored: only on a terminal, never with `NO_COLOR`. */
export function useColor(io: CliIO, out: Output): boolean {
  const noColor = io.env.NO_COLOR;
  if (noColor !== undefined && noColor !== '') return false;
  return out.isTTY && io.env.TERM !== 'dumb';
}
