/**
 * Decodes a watch response body — a chunked stream of JSON documents, one event each (normally
 * newline-delimited, but any whitespace or none between documents is accepted) — into watch
 * events. Documents may be split across chunks at any byte, including inside a multi-byte UTF-8
 * character: the splitter scans bytes and only decodes complete documents. One document may hold
 * at most `maxDocumentBytes` (default {@link DEFAULT_MAX_RESPONSE_BYTES}): a stream that opens a
 * document and never closes it would otherwise be gathered in memory without end.
 */
import { formatBytes } from '../bounded-read.js';
import { ProtocolError } from '../errors.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../transport/transport.js';
import type { KubeObject, ObjectBase } from '../types/meta.js';
import type { WatchEvent, WatchEventType } from '../types/watch.js';

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function parseDocument(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(utf8.decode(bytes));
  } catch {
    throw new ProtocolError(`the watch stream carried an invalid JSON document (${bytes.length} bytes)`);
  }
}

/** Splits a byte stream of concatenated JSON objects/arrays into parsed values. */
export async function* decodeJsonStream(chunks: AsyncIterable<Uint8Array>, maxDocumentBytes: number = DEFAULT_MAX_RESPONSE_BYTES): AsyncGenerator<unknown> {
  let parts: Uint8Array[] = [];
  let partsBytes = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for await (const chunk of chunks) {
    let start = depth > 0 ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i] ?? 0;
      if (depth === 0) {
        if (isSpace(b)) continue;
        if (b !== OPEN_BRACE && b !== OPEN_BRACKET) {
          throw new ProtocolError(`the watch stream carried unexpected data (byte 0x${b.toString(16).padStart(2, '0')} outside a JSON document)`);
        }
        depth = 1;
        start = i;
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (b === BACKSLASH) escaped = true;
        else if (b === QUOTE) inString = false;
        continue;
      }
      if (b === QUOTE) inString = true;
      else if (b === OPEN_BRACE || b === OPEN_BRACKET) depth++;
      else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
        depth--;
        if (depth === 0) {
          const tail = chunk.subarray(start, i + 1);
          const doc = parts.length === 0 ? tail : Buffer.concat([...parts, tail]);
          parts = [];
          partsBytes = 0;
          start = -1;
          yield parseDocument(doc);
        }
      }
    }
    // Keep a copy: the producer may reuse its chunk buffers.
    if (depth > 0 && start >= 0) {
      partsBytes += chunk.length - start;
      if (partsBytes > maxDocumentBytes) {
        throw new ProtocolError(`the watch stream carried an event of more than ${formatBytes(maxDocumentBytes)} (the limit for one event)`);
      }
      parts.push(Uint8Array.prototype.slice.call(chunk, start));
    }
  }
  if (depth > 0) throw new ProtocolError('the watch stream ended in the middle of an event');
}

const EVENT_TYPES: ReadonlySet<string> = new Set<WatchEventType>(['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR']);

/** Decodes a watch body into events; a document that is not an event is a {@link ProtocolError}. */
export async function* decodeWatchEvents<T extends ObjectBase = KubeObject>(chunks: AsyncIterable<Uint8Array>, maxEventBytes?: number): AsyncGenerator<WatchEvent<T>> {
  for await (const doc of decodeJsonStream(chunks, maxEventBytes)) {
    const event = doc as { type?: unknown; object?: unknown };
    if (typeof event !== 'object' || event === null || typeof event.type !== 'string' || typeof event.object !== 'object' || event.object === null) {
      throw new ProtocolError('the watch stream carried a document that is not a watch event');
    }
    if (!EVENT_TYPES.has(event.type)) throw new ProtocolError(`the watch stream carried an unknown event type ${JSON.stringify(event.type)}`);
    yield doc as WatchEvent<T>;
  }
}
