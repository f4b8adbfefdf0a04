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

/**
 * Splits a process's output into entries: complete lines become full entries; the rest is kept
 * until the next chunk, or written as a partial entry once it reaches `maxLine` characters (the
 * kubelet's 16 KiB), so one endless line cannot grow without bound.
 */
export class LineSplitter {
  private pending = '';

  constructor(private readonly maxLine = 16 * 1024) {}

  /** Entries (content and whether it is partial) completed by this chunk. */
  push(chunk: string): { content: string; partial: boolean }[] {
    const out: { content: string; partial: boolean }[] = [];
    let text = this.pending + chunk;
    for (;;) {
      const nl = text.indexOf('\n');
      if (nl < 0) break;
      let line = text.slice(0, nl);
      text = text.slice(nl + 1);
      while (line.length > this.maxLine) {
        out.push({ content: line.slice(0, this.maxLine), partial: true });
        line = line.slice(this.maxLine);
      }
      out.push({ content: line, partial: false });
    }
    while (text.length >= this.maxLine) {
      out.push({ content: text.slice(0, this.maxLine), partial: true });
      text = text.slice(this.maxLine);
    }
    this.pending = text;
    return out;
  }

  /** What is left without a newline (written as a partial entry when the stream ends). */
  flush(): { content: string; partial: boolean } | undefined {
    if (this.pending === '') return undefined;
    const rest = this.pending;
    this.pending = '';
    return { content: rest, partial: true };
  }
}
