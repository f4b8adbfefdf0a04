/**
 * The output a container prints before its first attach. `run -i`, `run --attach` and `debug -i`
 * start a container and then attach to it; a command that prints at once (`echo hi`) would
 * otherwise print into the log only, and the session would show nothing. The first attach
 * receives it first when the container waits for that session (it has standard input), has
 * already ended, or started moments before (the attach is the session that started it); a later
 * attach to a container that runs on starts with live output, as kubectl's does.
 * Bounded: past the limit nothing is kept, so no container holds more than this in the server.
 */

/** Bytes kept for the first attach. */
export const EARLY_OUTPUT_LIMIT = 64 * 1024;

export type OutputStream = 'stdout' | 'stderr';

export class EarlyOutput {
  private chunks: { stream: OutputStream; chunk: Buffer }[] = [];
  private bytes = 0;
  private open: boolean;

  constructor(keep: boolean, private readonly limit = EARLY_OUTPUT_LIMIT) {
    this.open = keep;
  }

  /** Keeps `chunk` while no attach has come and the limit is not passed. */
  record(stream: OutputStream, chunk: Buffer): void {
    if (!this.open) return;
    if (this.bytes + chunk.length > this.limit) {
      this.open = false;
      this.chunks = [];
      return;
    }
    // A copy: the pipe's buffer may be reused once the chunk is handed on.
    this.chunks.push({ stream, chunk: Buffer.from(chunk) });
    this.bytes += chunk.length;
  }

  /** What was kept, once: the first attach takes it and nothing more is kept. */
  take(): { stream: OutputStream; chunk: Buffer }[] {
    const out = this.chunks;
    this.open = false;
    this.chunks = [];
    this.bytes = 0;
    return out;
  }
}
