/**
 * What every in-process controller offers the server: start (initial sync), stop, and a way for
 * tests and shutdown to wait until it has nothing left to do.
 */

/** A running controller. */
export interface Controller {
  name: string;
  /** Lists what exists and queues it (called once at start-up, after bootstrap). */
  start(): Promise<void>;
  /** Resolves when the controller's queue is empty. */
  idle(): Promise<void>;
  stop(): void;
}
