/**
 * Backpressure from a WebSocket to the local connection that feeds it: a WebSocket's `send` never
 * refuses bytes, so a fast local sender over a slow link would fill memory. Once more than
 * {@link SEND_HIGH_WATER} bytes wait to be sent, the local socket pauses until the queue is below
 * {@link SEND_LOW_WATER} (the WHATWG WebSocket has no drain event: the queue is looked at again
 * every few ms).
 */
import type { Socket } from 'node:net';

/** Queued bytes above which the local socket pauses. */
export const SEND_HIGH_WATER = 1024 * 1024;
/** Queued bytes below which it resumes. */
export const SEND_LOW_WATER = 256 * 1024;

const POLL_MS = 5;

/**
 * Pauses `socket` while `buffered()` (the bytes queued on the WebSocket it feeds; 0 once that has
 * closed) is above the mark, and resumes it below the low mark.
 */
export function pauseWhileBuffered(socket: Socket, buffered: () => number): void {
  if (buffered() <= SEND_HIGH_WATER || socket.isPaused()) return;
  socket.pause();
  const wait = (): void => {
    if (socket.destroyed) return;
    if (buffered() > SEND_LOW_WATER) setTimeout(wait, POLL_MS);
    else socket.resume();
  };
  setTimeout(wait, POLL_MS);
}
