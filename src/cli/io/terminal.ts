/**
 * The local terminal of an interactive session (`exec -t`, `attach -t`): raw mode on standard
 * input while the session runs, and the window size now and after every resize (SIGWINCH).
 */
import type { Readable } from 'node:stream';
import type { TerminalSize } from '../../sdk/streams/remote-command.js';

interface RawCapable {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

/** Puts `stdin` in raw mode when it is a terminal; returns the function that restores it. */
export function enterRawMode(stdin: Readable): () => void {
  const tty = stdin as Readable & RawCapable;
  if (tty.isTTY !== true || typeof tty.setRawMode !== 'function') return () => undefined;
  tty.setRawMode(true);
  return () => {
    tty.setRawMode?.(false);
  };
}

/** The window sizes of the terminal on stdout: the current one, then one per resize, until `signal` aborts. */
export async function* windowSizes(signal: AbortSignal): AsyncGenerator<TerminalSize> {
  const out = process.stdout;
  if (!out.isTTY) return;
  yield { width: out.columns, height: out.rows };
  while (!signal.aborted) {
    const resized = await new Promise<boolean>((resolve) => {
      const onResize = (): void => {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      };
      const onAbort = (): void => {
        out.off('resize', onResize);
        resolve(false);
      };
      out.once('resize', onResize);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    if (!resized) return;
    yield { width: out.columns, height: out.rows };
  }
}

/** A byte sink over a CLI output: raw bytes where the output takes them, else decoded text. */
export function byteSink(out: { write(text: string): void; writeBytes?(data: Uint8Array): void }): { write(chunk: Uint8Array): void; end(): void } {
  if (out.writeBytes !== undefined) {
    const writeBytes = out.writeBytes.bind(out);
    return { write: (chunk) => writeBytes(chunk), end: () => undefined };
  }
  const decoder = new TextDecoder();
  return {
    write: (chunk) => out.write(decoder.decode(chunk, { stream: true })),
    end: () => out.write(decoder.decode()),
  };
}
