/**
 * Ctrl-C (SIGINT) and SIGTERM for the whole process. The first signal aborts the process's abort
 * signal, so every request in flight is cancelled at once and watches end; the command then has a
 * short grace period to print its summary (`interrupted: 541 of 3001 objects applied`) before the
 * process exits with 130 (SIGINT) or 143 (SIGTERM) whatever is still running. A second signal exits
 * immediately. A command that owns the interrupt itself (a foreground server that stops cleanly, a
 * plugin that gets the signal too) holds it with {@link holdInterrupts}: then nothing is forced. A
 * hold may cover SIGINT only (`port-forward`, which like kubectl's ends cleanly with status 0 on
 * Ctrl-C and is ended by SIGTERM like any process).
 *
 * Handlers are installed when a command first asks for the abort signal, so commands that never
 * need one (`version`, `config ...`) keep Node's default (the signal ends them at once).
 */
import type { Output } from './io/io.js';

/** How long a command may take to wrap up after the first interrupt. */
export const INTERRUPT_GRACE_MS = 150;

const holds: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: 0, SIGTERM: 0 };
let summary: (() => string) | undefined;

/**
 * Sets what a forced exit prints on stderr when the command has not printed its own summary yet
 * (`interrupted: 541 of 3001 objects applied`); undefined removes it. A command that prints its
 * summary itself removes it first, so the line appears once.
 */
export function setInterruptSummary(provider: (() => string) | undefined): void {
  summary = provider;
}

/**
 * Stops the first interrupt (of `signals`, both by default) from forcing the exit until the
 * returned function is called: for a command that ends on the signal by itself and must not be cut
 * short. The command's own exit code then stands.
 */
export function holdInterrupts(signals: readonly ('SIGINT' | 'SIGTERM')[] = ['SIGINT', 'SIGTERM']): () => void {
  for (const s of signals) holds[s]++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const s of signals) holds[s]--;
  };
}

function held(signal: NodeJS.Signals): boolean {
  return (signal === 'SIGINT' || signal === 'SIGTERM') && holds[signal] > 0;
}

/** The exit status of a process ended by `signal`, as a shell reports it. */
export function signalExitCode(signal: NodeJS.Signals): number {
  return signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 1;
}

/** What main.ts needs: the lazily installed signal, and the exit code to use. */
export interface ProcessInterrupts {
  /** The abort signal of the process; the first call installs the handlers. */
  signal(): AbortSignal;
  /** The code to exit with once the command returned `code`: 130/143 after an interrupt nobody held. */
  exitCode(code: number): number;
}

/** Options of {@link processInterrupts}. */
export interface ProcessInterruptsOptions {
  exit: (code: number) => void;
  /** Writes a line to stderr (the summary of a forced exit). */
  report?: (line: string) => void;
  /** Ends a half-written terminal line before a forced exit, so the shell prompt starts clean. */
  endLine: () => void;
  graceMs?: number;
  /** Where signals come from (tests may pass an emitter). */
  signals?: { on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown };
}

/** Creates the interrupt handling of the process. */
export function processInterrupts(options: ProcessInterruptsOptions): ProcessInterrupts {
  let controller: AbortController | undefined;
  let interruptedBy: NodeJS.Signals | undefined;
  const graceMs = options.graceMs ?? INTERRUPT_GRACE_MS;
  const install = (): AbortController => {
    const c = new AbortController();
    const onSignal = (signal: NodeJS.Signals): void => {
      const code = signalExitCode(signal);
      if (interruptedBy !== undefined) {
        options.endLine();
        options.exit(code);
        return;
      }
      interruptedBy = signal;
      c.abort();
      if (held(signal)) return;
      setTimeout(() => {
        if (held(signal)) return;
        const line = summary?.();
        summary = undefined;
        if (line !== undefined && line !== '' && options.report !== undefined) options.report(line);
        else options.endLine();
        options.exit(code);
      }, graceMs);
    };
    const source = options.signals ?? process;
    source.on('SIGINT', onSignal);
    source.on('SIGTERM', onSignal);
    return c;
  };
  return {
    signal() {
      controller ??= install();
      return controller.signal;
    },
    exitCode(code) {
      return interruptedBy !== undefined && !held(interruptedBy) ? signalExitCode(interruptedBy) : code;
    },
  };
}

/** An output that remembers whether its last text ended a line. */
export class LineTrackingOutput implements Output {
  private atLineStart = true;
  constructor(private readonly inner: Output) {}
  get isTTY(): boolean {
    return this.inner.isTTY;
  }
  get columns(): number | undefined {
    return this.inner.columns;
  }
  get terminal(): string | undefined {
    return this.inner.terminal;
  }
  write(text: string): void {
    if (text === '') return;
    this.inner.write(text);
    this.atLineStart = text.endsWith('\n') || text.endsWith('\r\x1b[K');
  }
  flush(): Promise<void> {
    return this.inner.flush();
  }
  /** Writes a newline when the last text left the cursor mid-line. */
  endLine(): void {
    if (!this.atLineStart) this.write('\n');
  }
}

/** The message of the SDK's AbortedError when nothing more specific was said. */
const GENERIC_ABORT = 'the operation was aborted';

/**
 * Whether `err` is only the echo of an interrupt (a request or wait cancelled by the process's abort
 * signal, with no more to say than that): then the command has nothing to report beyond the exit
 * code. An error that says what was interrupted (`login was interrupted`) is still printed. Matched
 * by name, so that this module (on every command's start-up path) loads no error classes.
 */
export function isInterruption(err: unknown, signal: AbortSignal): boolean {
  if (!signal.aborted) return false;
  let current: unknown = err;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { name, message } = current as { name?: unknown; message?: unknown };
    if (name === 'AbortError' || (name === 'AbortedError' && message === GENERIC_ABORT)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
