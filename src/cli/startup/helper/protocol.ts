/**
 * The wire between a command's process and the resident helper (see serve.ts): frames of a type
 * byte, a 32-bit big-endian length and the payload, over a Unix socket. The client sends one
 * request, then stdin and signals as they come; the helper sends output as it is written and
 * ends with the exit code. Both ends are this same build (the socket's name carries the build), so
 * the format has no version of its own.
 */

import type { Socket } from 'node:net';

/** The kinds of frame. */
export const Frame = {
  /** Client → helper: the command (JSON {@link HelperRequest}). */
  request: 1,
  /** Helper → client: bytes for stdout. */
  stdout: 2,
  /** Helper → client: bytes for stderr. */
  stderr: 3,
  /** Helper → client: the command reads stdin; send it. */
  stdinWanted: 4,
  /** Client → helper: bytes read from stdin. */
  stdinData: 5,
  /** Client → helper: stdin ended. */
  stdinEnd: 6,
  /** Client → helper: the client got SIGINT or SIGTERM (the signal's name). */
  signal: 7,
  /** Helper → client: the command ended (JSON {@link HelperExit}). */
  exit: 8,
  /**
   * Helper → client: the helper does not run this command (a reason); the client runs it itself.
   * Sent instead of `started`, or after it by a command that stopped before its first request
   * without printing anything (an exec plugin that needs the client's terminal).
   */
  declined: 9,
  /**
   * Helper → client: the command has started. A connection that ends before this frame ran
   * nothing, so the client may run the command itself; one that ends after it without `exit` or
   * `declined` may have written to the cluster, so the client must not.
   */
  started: 10,
} as const;

/** What one terminal fact of an output is on the client's side. */
export interface OutputFacts {
  isTTY: boolean;
  columns: number | undefined;
  terminal: string | undefined;
}

/** The command the client hands over. */
export interface HelperRequest {
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  stdout: OutputFacts;
  stderr: OutputFacts;
  stdinIsTTY: boolean;
}

/** How the command ended. */
export interface HelperExit {
  code: number;
  /** The helper's process id (what a test waits on). */
  pid: number;
}

const HEADER = 5;
/** The largest frame either side accepts: a request with a large environment, or a stdin chunk. */
export const MAX_FRAME_BYTES = 16 * 1024 * 1024;

/** One frame as bytes. */
export function encodeFrame(type: number, payload: Uint8Array | string = ''): Buffer {
  const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  const out = Buffer.allocUnsafe(HEADER + body.length);
  out[0] = type;
  out.writeUInt32BE(body.length, 1);
  out.set(body, HEADER);
  return out;
}

/** Splits a byte stream into frames; a frame over {@link MAX_FRAME_BYTES} is an error. */
export class FrameReader {
  #pending: Buffer = Buffer.alloc(0);

  /** The whole frames `chunk` completes, in order. */
  push(chunk: Buffer): { type: number; payload: Buffer }[] {
    this.#pending = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
    const frames: { type: number; payload: Buffer }[] = [];
    while (this.#pending.length >= HEADER) {
      const length = this.#pending.readUInt32BE(1);
      if (length > MAX_FRAME_BYTES) throw new Error(`helper frame of ${length} bytes is over the limit`);
      if (this.#pending.length < HEADER + length) break;
      frames.push({ type: this.#pending[0] ?? 0, payload: this.#pending.subarray(HEADER, HEADER + length) });
      this.#pending = this.#pending.subarray(HEADER + length);
    }
    return frames;
  }
}

/** Calls `onFrame` with each frame that arrives on `socket`; a frame over the limit ends the connection. */
export function readFrames(socket: Socket, onFrame: (type: number, payload: Buffer) => void): void {
  const reader = new FrameReader();
  socket.on('data', (chunk: Buffer) => {
    let frames;
    try {
      frames = reader.push(chunk);
    } catch {
      socket.destroy();
      return;
    }
    for (const { type, payload } of frames) onFrame(type, payload);
  });
}
