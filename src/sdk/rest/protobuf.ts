/**
 * The protobuf envelope (`application/vnd.platform.protobuf`): four magic bytes `6b 38 73 00`, then
 * an `Unknown` message (typeMeta, raw, contentEncoding, contentType). A response with any other
 * prefix is rejected, because a future server may change the prefix to signal an incompatible
 * format. A tiny reader for the protobuf wire format (varints and length-delimited fields) decodes
 * the envelope and, for error responses, the `Status` inside it.
 */
import { ProtocolError } from '../errors.js';
import { PROTOBUF_PREFIX } from '../naming.js';
import type { Status, StatusCause, StatusDetails } from '../types/status.js';

/** The decoded `Unknown` envelope. */
export interface ProtobufEnvelope {
  typeMeta: { apiVersion: string; kind: string };
  /** The object itself, protobuf-serialized (or in `contentEncoding`). */
  raw: Uint8Array;
  /** Empty when the raw bytes are not encoded. */
  contentEncoding: string;
  /** Empty means the protobuf media type. */
  contentType: string;
}

/** One field of a protobuf message. */
interface Field {
  number: number;
  wireType: number;
  /** Varint value (wire type 0). */
  varint?: number;
  /** Bytes (wire type 2). */
  bytes?: Uint8Array;
}

/** Reads the fields of one protobuf message. */
export class ProtobufReader {
  private pos = 0;
  private readonly buf: Uint8Array;

  constructor(buf: Uint8Array) {
    this.buf = buf;
  }

  /** Reads a base-128 varint (up to 64 bits; values above 2^53 lose precision, which lengths never reach). */
  readVarint(): number {
    let result = 0;
    let multiplier = 1;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.buf.length) throw new ProtocolError('truncated protobuf message: varint runs past the end');
      const byte = this.buf[this.pos++] ?? 0;
      result += (byte & 0x7f) * multiplier;
      if ((byte & 0x80) === 0) return result;
      multiplier *= 128;
    }
    throw new ProtocolError('malformed protobuf message: varint longer than 10 bytes');
  }

  private take(n: number): Uint8Array {
    if (n < 0 || this.pos + n > this.buf.length) throw new ProtocolError('truncated protobuf message: field runs past the end');
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  /** Reads every field; unknown fields are kept, fixed-width ones skipped. */
  fields(): Field[] {
    const out: Field[] = [];
    while (this.pos < this.buf.length) {
      const tag = this.readVarint();
      const number = Math.floor(tag / 8);
      const wireType = tag % 8;
      if (number === 0) throw new ProtocolError('malformed protobuf message: field number 0');
      switch (wireType) {
        case 0:
          out.push({ number, wireType, varint: this.readVarint() });
          break;
        case 1:
          this.take(8);
          break;
        case 2:
          out.push({ number, wireType, bytes: this.take(this.readVarint()) });
          break;
        case 5:
          this.take(4);
          break;
        default:
          throw new ProtocolError(`malformed protobuf message: unsupported wire type ${wireType}`);
      }
    }
    return out;
  }
}

const decoder = new TextDecoder('utf-8');

function str(field: Field | undefined): string {
  return field?.bytes === undefined ? '' : decoder.decode(field.bytes);
}

function hex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(' ');
}

/** Whether `data` starts with the protobuf envelope prefix. */
export function hasProtobufPrefix(data: Uint8Array): boolean {
  return data.length >= PROTOBUF_PREFIX.length && PROTOBUF_PREFIX.every((b, i) => data[i] === b);
}

/** Checks the prefix and decodes the `Unknown` envelope. */
export function decodeProtobufEnvelope(data: Uint8Array): ProtobufEnvelope {
  if (!hasProtobufPrefix(data)) {
    const got = data.length === 0 ? 'an empty body' : hex(data.subarray(0, PROTOBUF_PREFIX.length));
    throw new ProtocolError(`unrecognized protobuf envelope: expected the prefix ${hex(Uint8Array.from(PROTOBUF_PREFIX))}, got ${got}`);
  }
  const envelope: ProtobufEnvelope = { typeMeta: { apiVersion: '', kind: '' }, raw: new Uint8Array(0), contentEncoding: '', contentType: '' };
  for (const field of new ProtobufReader(data.subarray(PROTOBUF_PREFIX.length)).fields()) {
    if (field.bytes === undefined) continue;
    switch (field.number) {
      case 1:
        for (const tm of new ProtobufReader(field.bytes).fields()) {
          if (tm.number === 1) envelope.typeMeta.apiVersion = str(tm);
          else if (tm.number === 2) envelope.typeMeta.kind = str(tm);
        }
        break;
      case 2:
        envelope.raw = field.bytes;
        break;
      case 3:
        envelope.contentEncoding = str(field);
        break;
      case 4:
        envelope.contentType = str(field);
        break;
      default:
        break;
    }
  }
  return envelope;
}

function decodeCause(bytes: Uint8Array): StatusCause {
  const cause: StatusCause = {};
  for (const f of new ProtobufReader(bytes).fields()) {
    if (f.number === 1) cause.reason = str(f);
    else if (f.number === 2) cause.message = str(f);
    else if (f.number === 3) cause.field = str(f);
  }
  return cause;
}

function decodeDetails(bytes: Uint8Array): StatusDetails {
  const details: StatusDetails = {};
  for (const f of new ProtobufReader(bytes).fields()) {
    switch (f.number) {
      case 1: details.name = str(f); break;
      case 2: details.group = str(f); break;
      case 3: details.kind = str(f); break;
      case 4: if (f.bytes !== undefined) (details.causes ??= []).push(decodeCause(f.bytes)); break;
      case 5: if (f.varint !== undefined) details.retryAfterSeconds = f.varint; break;
      case 6: details.uid = str(f); break;
      default: break;
    }
  }
  return details;
}

/** Decodes the `raw` bytes of an envelope whose kind is `Status` (meta `Status` message). */
export function decodeProtobufStatus(envelope: ProtobufEnvelope): Status {
  const status: Status = { kind: 'Status', apiVersion: envelope.typeMeta.apiVersion || 'v1' };
  for (const f of new ProtobufReader(envelope.raw).fields()) {
    switch (f.number) {
      case 2: status.status = str(f) === 'Success' ? 'Success' : 'Failure'; break;
      case 3: status.message = str(f); break;
      case 4: status.reason = str(f); break;
      case 5: if (f.bytes !== undefined) status.details = decodeDetails(f.bytes); break;
      case 6: if (f.varint !== undefined) status.code = f.varint; break;
      default: break;
    }
  }
  return status;
}
