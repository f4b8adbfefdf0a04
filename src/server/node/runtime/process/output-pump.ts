/**
 * Flow control for a container's output. Everything a container prints goes to its log writer and
 * to the clients attached to it; when any of them is behind (the disk slower than the container,
 * an attached client slower than its connection), the pump pauses the process's output pipes until
 * every one has caught up. The process then blocks in `write`, as it would on a full pipe, and
 * the server's memory stays bounded however fast the container prints.
 */
import type { Readable } from 'node:stream';

/** Pauses a set of readables while any sink holds them. */
export class OutputPump {
  private holds = 0;

  constructor(private readonly sources: readonly (Readable | null | undefined)[]) {}

  /** True while some sink is behind. */
  get paused(): boolean {
    return this.holds > 0;
  }

  /** Pauses the sources until the returned function is called (calling it again does nothing). */
  hold(): () => void {
    if (this.holds++ === 0) for (const s of this.sources) s?.pause();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.holds === 0) for (const s of this.sources) s?.resume();
    };
  }

  /** Holds the sources until `done` settles. */
  holdUntil(done: Promise<unknown>): void {
    const release = this.hold();
    done.then(release, release);
  }
}
