/**
 * Framing of log and snapshot files: each frame is `[u32 LE payload length][u32 LE CRC-32 of the
 * payload][u32 LE CRC-32 of the first 8 header bytes][payload]`. The header's own checksum keeps a
 * damaged length in the middle of a file from passing for a frame cut off by the end of the file.
 * A scan tells a torn tail (an interrupted last append) from corruption.
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

/**
 * Reads the frames of `data`. Invalid bytes are a torn tail when they can only be an interrupted
 * last append: a short header, a frame reaching past the end, a bad checksum on the frame that
 * ends the file, or zeros to the end. Anything else throws StoreCorruptionError naming `file`
 * and the offset; so does a torn tail when `allowTornTail` is false.
 */
export function scanFrames(data: Buffer, file: string, allowTornTail: boolean): FrameScan {
  const frames: ScannedFrame[] = [];
  let offset = 0;
  while (offset < data.length) {
    const problem = checkFrame(data, offset);
    if (problem === undefined) {
      const length = data.readUInt32LE(offset);
      frames.push({ offset, payload: data.subarray(offset + FRAME_HEADER_BYTES, offset + FRAME_HEADER_BYTES + length) });
      offset += FRAME_HEADER_BYTES + length;
      continue;
    }
    if (!problem.tornTail || !allowTornTail) throw new StoreCorruptionError(file, offset, problem.reason);
    return { frames, validBytes: offset, torn: problem.reason };
  }
  return { frames, validBytes: offset };
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
