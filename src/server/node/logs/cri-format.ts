/**
 * The CRI container log format the kubelet reads (`<RFC3339Nano time> <stream> <P|F> <content>`,
 * one entry per line): P marks a partial line that the next entry continues, F a full line. Pure
 * functions, so the reader and writer can be tested with recorded bytes.
 */

/** One entry of a container log. */
export interface LogEntry {
  /** RFC 3339 time with up to nanosecond precision. */
  time: string;
  stream: 'stdout' | 'stderr';
  /** True when the content continues in the next entry (no newline at its end). */
  partial: boolean;
  content: string;
}

/** RFC3339Nano as Go writes it (trailing zeros of the fraction trimmed). */
export function rfc3339Nano(epochMs: number, subMsNanos = 0): string {
  const iso = new Date(Math.floor(epochMs)).toISOString();
  const ms = Math.floor(epochMs) % 1000;
  const nanos = ms * 1_000_000 + Math.max(0, Math.min(999_999, Math.floor(subMsNanos)));
  const base = iso.slice(0, 19);
  if (nanos === 0) return `${base}Z`;
  return `${base}.${String(nanos).padStart(9, '0').replace(/0+$/, '')}Z`;
}

/** Milliseconds since the epoch of an RFC 3339 time (NaN when malformed). */
export function parseTime(text: string): number {
  return Date.parse(text);
}

/** The text of one entry, newline included. */
export function encodeEntry(e: LogEntry): string {
  return `${e.time} ${e.stream} ${e.partial ? 'P' : 'F'} ${e.content}\n`;
}

/** Parses one line of a log file (without its newline); undefined when it is not a CRI entry. */
export function decodeEntry(line: string): LogEntry | undefined {
  const a = line.indexOf(' ');
  const b = a < 0 ? -1 : line.indexOf(' ', a + 1);
  const c = b < 0 ? -1 : line.indexOf(' ', b + 1);
  if (c < 0) return undefined;
  const stream = line.slice(a + 1, b);
  const tag = line.slice(b + 1, c);
  if ((stream !== 'stdout' && stream !== 'stderr') || (tag !== 'P' && tag !== 'F')) return undefined;
  return { time: line.slice(0, a), stream, partial: tag === 'P', content: line.slice(c + 1) };
}

/** Where encoded entries go: bytes appended at the end. */
export interface ByteSink {
  /** Appends `text`, which is ASCII (a time, a stream name, a tag). */
  ascii(text: string): void;
  /** Appends `source[start, end)`. */
  bytes(source: Buffer, start: number, end: number): void;
}

const NEWLINE = 0x0a;

/** The largest `end' <= end` that does not cut a UTF-8 character of `buf` in two (`end` itself when none is found after `start`). */
function utf8Cut(buf: Buffer, start: number, end: number): number {
  let cut = end;
  // A continuation byte (10xxxxxx) at the cut means the cut is inside a character.
  while (cut > start && cut < buf.length && ((buf[cut] ?? 0) & 0xc0) === 0x80) cut--;
  return cut > start ? cut : end;
}

/**
 * Encodes one stream of a process's output as CRI entries, byte for byte, without decoding it:
 * complete lines become full entries; a line longer than `maxLine` bytes (the kubelet's 16 KiB)
 * is cut into partial entries (never inside a UTF-8 character), and the rest of a line waits for
 * the next chunk (written as a partial entry at the end), so one endless line cannot grow without
 * bound. Working on bytes keeps a container that prints without pause from making the server
 * decode and re-encode every line as strings.
 */
export class CriStreamEncoder {
  private readonly pending: Buffer;
  private pendingLength = 0;

  constructor(private readonly stream: 'stdout' | 'stderr', private readonly maxLine = 16 * 1024) {
    this.pending = Buffer.allocUnsafe(maxLine);
  }

  private entry(out: ByteSink, time: string, partial: boolean, source: Buffer, start: number, end: number): void {
    out.ascii(`${time} ${this.stream} ${partial ? 'P' : 'F'} `);
    out.bytes(source, start, end);
    out.ascii('\n');
  }

  /** Appends to `pending`, writing partial entries each time it fills up. */
  private hold(out: ByteSink, time: string, source: Buffer, start: number, end: number): void {
    let from = start;
    while (from < end) {
      const n = Math.min(end - from, this.maxLine - this.pendingLength);
      source.copy(this.pending, this.pendingLength, from, from + n);
      this.pendingLength += n;
      from += n;
      if (this.pendingLength === this.maxLine) {
        const cut = utf8Cut(this.pending, 0, this.pendingLength);
        this.entry(out, time, true, this.pending, 0, cut);
        this.pending.copyWithin(0, cut, this.pendingLength);
        this.pendingLength -= cut;
      }
    }
  }

  /** Encodes the entries `chunk` completes into `out`, stamped with `time`. */
  push(chunk: Buffer, time: string, out: ByteSink): void {
    let pos = 0;
    while (pos < chunk.length) {
      const nl = chunk.indexOf(NEWLINE, pos);
      const end = nl < 0 ? chunk.length : nl;
      if (this.pendingLength > 0 || nl < 0) {
        this.hold(out, time, chunk, pos, end);
        if (nl >= 0) {
          this.entry(out, time, false, this.pending, 0, this.pendingLength);
          this.pendingLength = 0;
        }
      } else {
        let from = pos;
        while (end - from > this.maxLine) {
          const cut = utf8Cut(chunk, from, from + this.maxLine);
          this.entry(out, time, true, chunk, from, cut);
          from = cut;
        }
        this.entry(out, time, false, chunk, from, end);
      }
      pos = nl < 0 ? chunk.length : nl + 1;
    }
  }

  /** Writes what is left without a newline as a partial entry (when the stream ends). */
  flush(time: string, out: ByteSink): void {
    if (this.pendingLength === 0) return;
    this.entry(out, time, true, this.pending, 0, this.pendingLength);
    this.pendingLength = 0;
  }
}
