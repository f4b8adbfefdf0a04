/**
 * The real {@link CliIO}: file descriptors 1 and 2 written synchronously (as Node itself does for
 * files and pipes on Linux), without touching `process.stdout`, whose stream machinery costs a few
 * milliseconds of start-up that `version --client` cannot afford.
 */
import { fstatSync, writeSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { CliIO, Output } from './io.js';

// node:tty pulls in node:net; load it only when a command asks whether something is a terminal,
// and only for a character device: a pipe or a file is no terminal (a cheap fstat says so), and
// neither is one of Linux's memory devices (major number 1: /dev/null, /dev/zero, ...), where
// scripts send output they do not want.
const LINUX_MEMORY_DEVICES = 1;
export function isatty(fd: number): boolean {
  try {
    const st = fstatSync(fd);
    if (!st.isCharacterDevice()) return false;
    if (process.platform === 'linux' && ((st.rdev >> 8) & 0xfff) === LINUX_MEMORY_DEVICES) return false;
  } catch {
    return false;
  }
  return process.getBuiltinModule('node:tty').isatty(fd);
}

/** Thrown (once) when the reader of stdout went away, e.g. `platformctl get ... | head`. */
export class BrokenPipeError extends Error {
  override name = 'BrokenPipeError';
}

/** What a full pipe waits on (made when first needed: most runs never fill their pipe). */
let sleepBuffer: Int32Array | undefined;

class FdOutput implements Output {
  readonly #fd: number;
  #isTTY: boolean | undefined;
  #broken = false;

  constructor(fd: number) {
    this.#fd = fd;
  }

  get isTTY(): boolean {
    this.#isTTY ??= isatty(this.#fd);
    return this.#isTTY;
  }

  get terminal(): string | undefined {
    if (!this.isTTY) return undefined;
    try {
      return String(fstatSync(this.#fd).rdev);
    } catch {
      return undefined;
    }
  }

  get columns(): number | undefined {
    if (!this.isTTY) return undefined;
    const fromEnv = Number(process.env.COLUMNS);
    if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
    return (this.#fd === 1 ? process.stdout.columns : process.stderr.columns) ?? 80;
  }

  write(text: string): void {
    if (text === '') return;
    this.writeBytes(Buffer.from(text, 'utf8'));
  }

  writeBytes(data: Uint8Array): void {
    if (this.#broken || data.length === 0) return;
    let buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    while (buf.length > 0) {
      try {
        const n = writeSync(this.#fd, buf);
        buf = buf.subarray(n);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') {
          // A non-blocking pipe is full: wait a moment for the reader instead of spinning.
          Atomics.wait((sleepBuffer ??= new Int32Array(new SharedArrayBuffer(4))), 0, 0, 5);
          continue;
        }
        if (code === 'EPIPE') {
          this.#broken = true;
          throw new BrokenPipeError('broken pipe');
        }
        throw err;
      }
    }
  }

  flush(): Promise<void> {
    return Promise.resolve();
  }
}

/** The output on file descriptor 1 or 2 of this process. */
export function fdOutput(fd: 1 | 2): Output {
  return new FdOutput(fd);
}

/**
 * Creates the {@link CliIO} of the running process. `signal()` is called the first time a command
 * asks for the abort signal, so signal handlers are installed only by commands that use them.
 */
export function processIO(signal: () => AbortSignal): CliIO {
  let stdinIsTTY: boolean | undefined;
  return {
    stdout: fdOutput(1),
    stderr: fdOutput(2),
    stdin: (): Readable => process.stdin,
    get stdinIsTTY(): boolean {
      if (stdinIsTTY === undefined) {
        stdinIsTTY = isatty(0);
      }
      return stdinIsTTY;
    },
    env: process.env,
    cwd: process.cwd(),
    get homedir(): string {
      return process.env.HOME ?? process.getBuiltinModule('node:os').homedir();
    },
    now: () => new Date(),
    get signal(): AbortSignal {
      return signal();
    },
  };
}
