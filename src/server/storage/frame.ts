/**
 * Framing of log and snapshot files: each frame is `[u32 LE payload length][u32 LE CRC-32 of the
 * payload][u32 LE CRC-32 of the first 8 header bytes][payload]`. The header's own checksum keeps a
 * damaged length in the middle of a file from passing for a frame cut off by the end of the file.
 * A scan says whether invalid bytes at the end have the shape of a torn tail (an interrupted last
 * append) or not; recovery.ts decides, with the checkpoint, whether they may be dropped.
 */
import { crc32 } from 'node:zlib';
import { StoreCorruptionError } from './errors.js';

export const FRAME_HEADER_BYTES = 12;
/** Larger declared lengths are garbage, not frames. */
export const MAX_FRAME_BYTES = 1 << 30;

/** Frames `payload`. */
export function encodeFrame(payload: Buffer): Buffer {
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + payload.length);
  writeHeader(frame, payload);
  payload.copy(frame, FRAME_HEADER_BYTES);
  return frame;
}

/** Frames a UTF-8 string without an intermediate copy of the payload. */
export function encodeTextFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + length);
  frame.write(text, FRAME_HEADER_BYTES, 'utf8');
  writeHeader(frame, frame.subarray(FRAME_HEADER_BYTES));
  return frame;
}

function writeHeader(frame: Buffer, payload: Buffer): void {
  frame.writeUInt32LE(payload.length, 0);
  frame.writeUInt32LE(crc32(payload), 4);
  frame.writeUInt32LE(crc32(frame.subarray(0, 8)), 8);
}

export interface ScannedFrame {
  readonly offset: number;
  readonly payload: Buffer;
}

export interface FrameScan {
  readonly frames: ScannedFrame[];
  /** Bytes of whole, valid frames from the start. */
  readonly validBytes: number;
  /** Why the bytes after `validBytes` were taken as a torn tail, if there are any. */
  readonly torn?: string;
}

/** Where and why {@link readFrames} stopped before the end of the data. */
export interface FrameStop {
  readonly offset: number;
  readonly reason: string;
  /** True when the bytes from `offset` on look like an interrupted last append (see {@link scanFrames}). */
  readonly tornTail: boolean;
}

export interface FrameRead {
  readonly frames: ScannedFrame[];
  /** Bytes of whole, valid frames from the start. */
  readonly validBytes: number;
  /** Set when invalid bytes follow the valid frames. */
  readonly stop?: FrameStop;
}

/** Reads the valid frames from the start of `data` and says where and why it stopped, if it did. */
export function readFrames(data: Buffer): FrameRead {
  const frames: ScannedFrame[] = [];
  let offset = 0;
  while (offset < data.length) {
    const problem = checkFrame(data, offset);
    if (problem !== undefined) return { frames, validBytes: offset, stop: { offset, ...problem } };
    const length = data.readUInt32LE(offset);
    frames.push({ offset, payload: data.subarray(offset + FRAME_HEADER_BYTES, offset + FRAME_HEADER_BYTES + length) });
    offset += FRAME_HEADER_BYTES + length;
  }
  return { frames, validBytes: offset };
}

/**
 * Reads the frames of `data`. Invalid bytes are a torn tail when they can only be an interrupted
 * last append: a short header, a frame reaching past the end, a bad checksum on the frame that
 * ends the file, or zeros to the end. Anything else throws StoreCorruptionError naming `file`
 * and the offset; so does a torn tail when `allowTornTail` is false.
 */
export function scanFrames(data: Buffer, file: string, allowTornTail: boolean): FrameScan {
  const { frames, validBytes, stop } = readFrames(data);
  if (stop === undefined) return { frames, validBytes };
  if (!stop.tornTail || !allowTornTail) throw new StoreCorruptionError(file, stop.offset, stop.reason);
  return { frames, validBytes, torn: stop.reason };
}

/**
 * The offset of the first whole, valid frame that starts after `from` (which is not looked at),
 * or undefined. An interrupted append is always the last thing in a file, so a valid frame after
 * invalid bytes means the invalid bytes are damage, not a torn tail. A header's own checksum makes
 * a false match in other bytes about a one in four billion chance per offset.
 */
export function findFrameAfter(data: Buffer, from: number): number | undefined {
  for (let offset = from + 1; offset + FRAME_HEADER_BYTES <= data.length; offset++) {
    // A frame's length is never 0: runs of zeros (a file extended by a crash) are skipped cheaply.
    if (data.readUInt32LE(offset) !== 0 && isWholeFrame(data, offset)) return offset;
  }
  return undefined;
}

/** A valid header whose frame fits in `data` with a matching payload checksum (no look past it). */
function isWholeFrame(data: Buffer, offset: number): boolean {
  if (crc32(data.subarray(offset, offset + 8)) !== data.readUInt32LE(offset + 8)) return false;
  const length = data.readUInt32LE(offset);
  if (length === 0 || length > data.length - offset - FRAME_HEADER_BYTES) return false;
  return crc32(data.subarray(offset + FRAME_HEADER_BYTES, offset + FRAME_HEADER_BYTES + length)) === data.readUInt32LE(offset + 4);
}

function checkFrame(data: Buffer, offset: number): { reason: string; tornTail: boolean } | undefined {
  const rest = data.length - offset;
  if (rest < FRAME_HEADER_BYTES) return { reason: `incomplete frame header (${rest} bytes at the end)`, tornTail: true };
  if (crc32(data.subarray(offset, offset + 8)) !== data.readUInt32LE(offset + 8)) {
    // A file extended by an interrupted append reads as zeros where nothing was written.
    if (allZero(data, offset)) return { reason: 'zero-filled tail', tornTail: true };
    return { reason: 'frame header checksum mismatch', tornTail: false };
  }
  const length = data.readUInt32LE(offset);
  if (length === 0 || length > MAX_FRAME_BYTES) return { reason: `invalid frame length ${length}`, tornTail: false };
  if (length > rest - FRAME_HEADER_BYTES) {
    return { reason: `frame of ${length} bytes reaches past the end of the file`, tornTail: true };
  }
  const payload = data.subarray(offset + FRAME_HEADER_BYTES, offset + FRAME_HEADER_BYTES + length);
  if (crc32(payload) !== data.readUInt32LE(offset + 4)) {
    const last = offset + FRAME_HEADER_BYTES + length === data.length;
    return { reason: last ? 'checksum mismatch in the last frame' : 'checksum mismatch', tornTail: last };
  }
  return undefined;
}

function allZero(data: Buffer, from: number): boolean {
  for (let i = from; i < data.length; i++) if (data[i] !== 0) return false;
  return true;
}
