/**
 * SPDY/3 frames (the framing of the port-forward protocol that clients tunnel in WebSocket binary
 * messages): encoders and an incremental decoder over a byte stream, as pure functions, plus the
 * uncompressed name/value header block. Header blocks are zlib-compressed on the wire; that state
 * lives in `header-compression.ts`.
 */

export const SPDY_VERSION = 3;

/** Control frame types. */
export const FRAME = { synStream: 1, synReply: 2, rstStream: 3, settings: 4, ping: 6, goAway: 7, headers: 8, windowUpdate: 9 } as const;
/** The FIN flag (data, SYN_STREAM, SYN_REPLY, HEADERS). */
export const FLAG_FIN = 0x01;
/** RST_STREAM status codes used here. */
export const RST = { protocolError: 1, invalidStream: 2, refusedStream: 3, cancel: 5, internalError: 6 } as const;

/** A decoded frame (header blocks still compressed). */
export type Frame =
  | { type: 'data'; streamId: number; flags: number; data: Buffer }
  | { type: 'control'; frameType: number; version: number; flags: number; payload: Buffer };

/** Splits a byte stream into frames; keeps what is incomplete for the next call. */
export class FrameDecoder {
  private buffer: Buffer = Buffer.alloc(0);

  /** Frames completed by `chunk`. */
  push(chunk: Buffer): Frame[] {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const out: Frame[] = [];
    while (this.buffer.length >= 8) {
      const length = this.buffer.readUIntBE(5, 3);
      if (this.buffer.length < 8 + length) break;
      const flags = this.buffer[4] ?? 0;
      const payload = this.buffer.subarray(8, 8 + length);
      const first = this.buffer.readUInt32BE(0);
      if ((first & 0x80000000) !== 0) {
        out.push({ type: 'control', version: (first >>> 16) & 0x7fff, frameType: first & 0xffff, flags, payload });
      } else {
        out.push({ type: 'data', streamId: first & 0x7fffffff, flags, data: payload });
      }
      this.buffer = this.buffer.subarray(8 + length);
    }
    return out;
  }
}

function controlFrame(frameType: number, flags: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt16BE(0x8000 | SPDY_VERSION, 0);
  head.writeUInt16BE(frameType, 2);
  head[4] = flags;
  head.writeUIntBE(payload.length, 5, 3);
  return Buffer.concat([head, payload]);
}

/** Bytes of a frame header. */
export const FRAME_HEADER = 8;

/**
 * Writes a DATA frame's header into the first 8 bytes of `frame`, whose remaining bytes are the
 * data (at most 2^24-1): a frame built around data read into place, without a copy.
 */
export function writeDataHeader(frame: Buffer, streamId: number, fin: boolean): Buffer {
  frame.writeUInt32BE(streamId & 0x7fffffff, 0);
  frame[4] = fin ? FLAG_FIN : 0;
  frame.writeUIntBE(frame.length - FRAME_HEADER, 5, 3);
  return frame;
}

/** A DATA frame (at most 2^24-1 bytes of data). */
export function encodeData(streamId: number, data: Buffer, fin: boolean): Buffer {
  const frame = Buffer.allocUnsafe(FRAME_HEADER + data.length);
  frame.set(data, FRAME_HEADER);
  return writeDataHeader(frame, streamId, fin);
}

/** A SYN_STREAM frame with a compressed header block. */
export function encodeSynStream(streamId: number, headerBlock: Buffer, fin: boolean): Buffer {
  const p = Buffer.alloc(10);
  p.writeUInt32BE(streamId & 0x7fffffff, 0);
  p.writeUInt32BE(0, 4);
  return controlFrame(FRAME.synStream, fin ? FLAG_FIN : 0, Buffer.concat([p, headerBlock]));
}

/** A SYN_REPLY frame with a compressed header block. */
export function encodeSynReply(streamId: number, headerBlock: Buffer, fin: boolean): Buffer {
  const p = Buffer.alloc(4);
  p.writeUInt32BE(streamId & 0x7fffffff, 0);
  return controlFrame(FRAME.synReply, fin ? FLAG_FIN : 0, Buffer.concat([p, headerBlock]));
}

/** A RST_STREAM frame. */
export function encodeRstStream(streamId: number, status: number): Buffer {
  const p = Buffer.alloc(8);
  p.writeUInt32BE(streamId & 0x7fffffff, 0);
  p.writeUInt32BE(status, 4);
  return controlFrame(FRAME.rstStream, 0, p);
}

/** A PING frame. */
export function encodePing(id: number): Buffer {
  const p = Buffer.alloc(4);
  p.writeUInt32BE(id >>> 0, 0);
  return controlFrame(FRAME.ping, 0, p);
}

/** A GOAWAY frame. */
export function encodeGoAway(lastGoodStreamId: number, status = 0): Buffer {
  const p = Buffer.alloc(8);
  p.writeUInt32BE(lastGoodStreamId & 0x7fffffff, 0);
  p.writeUInt32BE(status, 4);
  return controlFrame(FRAME.goAway, 0, p);
}

/** The parts of a SYN_STREAM, SYN_REPLY or HEADERS payload. */
export function streamFramePayload(frameType: number, payload: Buffer): { streamId: number; headerBlock: Buffer } | undefined {
  const skip = frameType === FRAME.synStream ? 10 : 4;
  if (payload.length < skip) return undefined;
  return { streamId: payload.readUInt32BE(0) & 0x7fffffff, headerBlock: payload.subarray(skip) };
}

/** The first 32-bit field (stream or ping id) and the second (status) of a fixed-size control frame. */
export function fixedFields(payload: Buffer): [number, number] {
  return [payload.length >= 4 ? payload.readUInt32BE(0) : 0, payload.length >= 8 ? payload.readUInt32BE(4) : 0];
}

/** An uncompressed header block: names lowercased, several values joined with NUL. */
export function encodeHeaderBlock(headers: Readonly<Record<string, string>>): Buffer {
  const entries = Object.entries(headers);
  const parts: Buffer[] = [];
  const count = Buffer.alloc(4);
  count.writeUInt32BE(entries.length);
  parts.push(count);
  for (const [name, value] of entries) {
    for (const text of [name.toLowerCase(), value]) {
      const b = Buffer.from(text, 'utf8');
      const len = Buffer.alloc(4);
      len.writeUInt32BE(b.length);
      parts.push(len, b);
    }
  }
  return Buffer.concat(parts);
}

/** Decodes an uncompressed header block (names lowercased); undefined when malformed. */
export function decodeHeaderBlock(block: Buffer): Record<string, string> | undefined {
  if (block.length < 4) return undefined;
  const count = block.readUInt32BE(0);
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  let i = 4;
  for (let n = 0; n < count; n++) {
    const texts: string[] = [];
    for (let k = 0; k < 2; k++) {
      if (i + 4 > block.length) return undefined;
      const len = block.readUInt32BE(i);
      i += 4;
      if (i + len > block.length) return undefined;
      texts.push(block.subarray(i, i + len).toString('utf8'));
      i += len;
    }
    out[(texts[0] ?? '').toLowerCase()] = texts[1] ?? '';
  }
  return out;
}
