/**
 * A container's output from the moment its process is spawned. When a child exits, Node resumes
 * whichever of its output pipes nobody reads, and what they still hold is thrown away. The runtime
 * reads the init's start report (an await) before the container exists to take the output, and a
 * command that prints and ends at once (`debug node/x -i -- sh -c 'echo hi'`) can be gone by
 * then: its output reached neither the log nor the attached session. So the pipes are read from
 * the spawn, and what comes before the container is ready is held, in order, for it.
 */
import type { Readable } from 'node:stream';
import type { OutputStream } from './early-output.js';

/** Held bytes past which the pipes are paused until the container takes them (the process then blocks in `write`). */
const HOLD_LIMIT = 1024 * 1024;

/** What {@link holdOutput} returns: hand the output on, or drop it. */
export interface HeldOutput {
  /** Sends what was held to `sink`, in the order it came, and everything after it as it comes. */
  release(sink: (stream: OutputStream, chunk: Buffer) => void): void;
  /** Throws away what was held and what comes (a container that could not start). */
  discard(): void;
}

/** Starts reading a child's stdout and stderr at once, holding the output until it is released. */
export function holdOutput(stdout: Readable | null | undefined, stderr: Readable | null | undefined): HeldOutput {
  const held: { stream: OutputStream; chunk: Buffer }[] = [];
  let bytes = 0;
  let sink: (stream: OutputStream, chunk: Buffer) => void = (stream, chunk) => {
    held.push({ stream, chunk });
    bytes += chunk.length;
    if (bytes > HOLD_LIMIT) for (const s of [stdout, stderr]) s?.pause();
  };
  stdout?.on('data', (chunk: Buffer) => sink('stdout', chunk));
  stderr?.on('data', (chunk: Buffer) => sink('stderr', chunk));
  const handOver = (to: (stream: OutputStream, chunk: Buffer) => void): void => {
    sink = to;
    // Resumed first: a sink that is behind pauses the pipes again while the held output is replayed.
    if (bytes > HOLD_LIMIT) for (const s of [stdout, stderr]) s?.resume();
    for (const h of held.splice(0)) to(h.stream, h.chunk);
  };
  return {
    release: handOver,
    discard: () => handOver(() => undefined),
  };
}
