/**
 * Reads a pod connection straight into frames: every read lands in a fresh buffer that keeps
 * `headroom` bytes free in front of the data, where the caller writes its frame header (the channel
 * byte of the channel protocols, the 8-byte header of a SPDY DATA frame) and sends the whole as one
 * message. The port-forward writers used to allocate a second buffer and copy every 64 KiB chunk
 * into it to put one byte in front; this was their largest cost after TLS itself. Small reads are
 * copied out instead, so that a queued frame of a few bytes does not hold a 64 KiB buffer and the
 * buffer is read into again.
 */
import type { OnReadOpts } from 'node:net';

/** How much one read may bring (Node's own read size for sockets). */
export const READ_SIZE = 64 * 1024;

/** Reads of at most this many bytes are copied into a buffer of their size. */
const COPY_BELOW = 4 * 1024;

/**
 * The `onread` option of `net.connect`: `onFrame` receives a buffer of `headroom` free bytes and
 * then the bytes read, which it owns from then on; it returns false to pause the socket (resume it
 * with `socket.resume()`).
 */
export function framedReader(headroom: number, onFrame: (frame: Buffer) => boolean, readSize = READ_SIZE): OnReadOpts {
  // Node asks for the first buffer when the socket is set up, then for the next one after each read.
  let current: Buffer | undefined;
  let reuse = false;
  return {
    buffer: () => {
      if (!reuse || current === undefined) current = Buffer.allocUnsafeSlow(headroom + readSize).subarray(headroom);
      reuse = false;
      return current;
    },
    callback: (nread: number, buf: Uint8Array): boolean => {
      let frame: Buffer;
      if (nread < COPY_BELOW) {
        frame = Buffer.allocUnsafe(headroom + nread);
        frame.set(buf.subarray(0, nread), headroom);
        reuse = true;
      } else {
        frame = Buffer.from(buf.buffer, buf.byteOffset - headroom, headroom + nread);
      }
      return onFrame(frame);
    },
  };
}
