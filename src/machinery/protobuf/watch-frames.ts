/** Protobuf watch streams: each event a 4-byte big-endian length, then a `WatchEvent` message. */
import { FIXED } from './messages.js';

const TO_OBJECT = { longs: Number } as const;

/** One frame of a protobuf watch stream: length, then `WatchEvent{type, object: RawExtension{raw: envelope}}`. */
export function watchFrame(type: string, enveloped: Uint8Array): Uint8Array {
  const event = FIXED.watchEvent.encode({ f1: type, f2: { f1: enveloped } }).finish();
  const out = new Uint8Array(4 + event.length);
  new DataView(out.buffer).setUint32(0, event.length, false);
  out.set(event, 4);
  return out;
}

/** Splits a protobuf watch stream into its frames as they arrive (bytes of partial frames are kept). */
export class WatchFrameReader {
  private pending = new Uint8Array();

  /** The complete events in `chunk` (and earlier partial data): type and the enveloped object. */
  push(chunk: Uint8Array): { type: string; object: Uint8Array }[] {
    const data = new Uint8Array(this.pending.length + chunk.length);
    data.set(this.pending, 0);
    data.set(chunk, this.pending.length);
    const out: { type: string; object: Uint8Array }[] = [];
    let offset = 0;
    while (data.length - offset >= 4) {
      const length = new DataView(data.buffer, data.byteOffset + offset, 4).getUint32(0, false);
      if (data.length - offset - 4 < length) break;
      const frame = data.subarray(offset + 4, offset + 4 + length);
      offset += 4 + length;
      const event = FIXED.watchEvent.toObject(FIXED.watchEvent.decode(frame), TO_OBJECT) as { f1?: string; f2?: { f1?: Uint8Array } };
      out.push({ type: event.f1 ?? '', object: event.f2?.f1 ?? new Uint8Array() });
    }
    this.pending = data.slice(offset);
    return out;
  }
}
