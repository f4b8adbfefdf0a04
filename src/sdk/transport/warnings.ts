/**
 * `Warning` response headers (RFC 7234 section 5.5): `299 - "text"`, optionally followed by a quoted
 * date, several per header separated by commas. Only code 299 is a deprecation-style warning meant
 * for users (client-go ignores other codes too); each distinct text is delivered once.
 */

/** One parsed warning. */
export interface WarningHeader {
  code: number;
  agent: string;
  text: string;
}

/** Receives each distinct server warning once. */
export type WarningHandler = (text: string, warning: WarningHeader) => void;

function readQuoted(s: string, start: number): { value: string; end: number } | undefined {
  if (s[start] !== '"') return undefined;
  let value = '';
  for (let i = start + 1; i < s.length; i++) {
    const ch = s[i];
    if (ch === '\\' && i + 1 < s.length) {
      value += s[i + 1];
      i++;
    } else if (ch === '"') {
      return { value, end: i + 1 };
    } else {
      value += ch;
    }
  }
  return undefined;
}

/** Parses one `Warning` header value into its warnings; malformed entries are skipped. */
export function parseWarningHeader(header: string): WarningHeader[] {
  const out: WarningHeader[] = [];
  let i = 0;
  const skipSpace = (): void => {
    while (i < header.length && (header[i] === ' ' || header[i] === '\t')) i++;
  };
  while (i < header.length) {
    skipSpace();
    const codeMatch = /^(\d{3}) +/.exec(header.slice(i));
    if (codeMatch === null) break;
    const code = Number(codeMatch[1]);
    i += codeMatch[0].length;
    const agentEnd = header.indexOf(' ', i);
    if (agentEnd < 0) break;
    const agent = header.slice(i, agentEnd);
    i = agentEnd;
    skipSpace();
    const text = readQuoted(header, i);
    if (text === undefined) break;
    i = text.end;
    skipSpace();
    // Optional warn-date.
    if (header[i] === '"') {
      const date = readQuoted(header, i);
      if (date === undefined) break;
      i = date.end;
      skipSpace();
    }
    out.push({ code, agent, text: text.value });
    if (header[i] === ',') i++;
    else if (i < header.length) break;
  }
  return out;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * HTTP clients hand header bytes over as Latin-1 characters; servers (Go's and ours) write warning
 * texts as UTF-8 bytes, so a text quoting a field name such as `é` is decoded as UTF-8 when its
 * bytes are valid UTF-8, and kept as it came otherwise.
 */
function utf8HeaderValue(value: string): string {
  // Nothing above U+007F: ASCII reads the same either way. Above U+00FF: already decoded.
  if (!/[\u0080-\u00ff]/.test(value) || /[\u0100-\uffff]/.test(value)) return value;
  try {
    return utf8.decode(Buffer.from(value, 'latin1'));
  } catch {
    return value;
  }
}

/** Delivers each distinct 299 warning text once to a handler. */
export class WarningDeduplicator {
  private readonly seen = new Set<string>();
  private readonly handler: WarningHandler | undefined;

  constructor(handler: WarningHandler | undefined) {
    this.handler = handler;
  }

  /** Handles the `Warning` header values of one response. */
  handle(values: string | string[] | undefined): void {
    if (values === undefined || this.handler === undefined) return;
    for (const value of Array.isArray(values) ? values : [values]) {
      for (const warning of parseWarningHeader(utf8HeaderValue(value))) {
        if (warning.code !== 299 || warning.text === '' || this.seen.has(warning.text)) continue;
        this.seen.add(warning.text);
        this.handler(warning.text, warning);
      }
    }
  }
}
