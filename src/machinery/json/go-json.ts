/**
 * JSON text as Go's encoding/json writes it: `json.Marshal` (compact) for the last-applied
 * annotation the server and the client both write and for managedFields keys, `json.MarshalIndent`
 * for `-o json` and `config view -o json`. Map keys sorted by their UTF-8 bytes; `<`, `>`, `&`,
 * U+2028 and U+2029 escaped; `\b` and `\f` as Go 1.22 and later write them; a lone surrogate as
 * the U+FFFD Go's decoder would have made of it.
 */

/**
 * String ordering as Go sorts map keys (`sort.Strings`, `strings.Compare`): by the bytes of their
 * UTF-8 encoding, which is the same as ordering by Unicode code point. JavaScript's `<` compares
 * UTF-16 code units instead, which differs for characters above U+FFFF.
 */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    const pa = a.codePointAt(i) ?? ca;
    const pb = b.codePointAt(i) ?? cb;
    return pa < pb ? -1 : pa > pb ? 1 : 0;
  }
  return a.length - b.length;
}

/** Keys of an object sorted as Go's encoding/json, fmt and `sort.Strings` sort map keys (bytewise); none for undefined. */
export function sortedKeys(obj: object | undefined): string[] {
  return Object.keys(obj ?? {}).sort(compareUtf8);
}

/** Options of {@link toJson}. */
export interface ToJsonOptions {
  /** Indentation unit; kubectl uses four spaces for `-o json`. Empty or absent: compact. */
  indent?: string;
  /**
   * Sort the keys of every object, also of those marked with {@link GO_FIELD_ORDER}: `json.Marshal`
   * of an unstructured object (the last-applied annotation), where every object is a map.
   */
  sortAllKeys?: boolean;
  /**
   * Keep the keys of every object in insertion order, as if all were marked with
   * {@link GO_FIELD_ORDER}: `json.MarshalIndent` of a typed object the server sent in its field order.
   */
  fieldOrder?: boolean;
}

const HEX = '0123456789abcdef';

/** Characters where Go's escaping differs from `JSON.stringify`'s. */
const GO_SPECIAL = /[<>&\u2028\u2029\ud800-\udfff]/;

/** One string as Go's encoding/json writes it (HTML-safe escapes, `\u2028`, invalid UTF-16 replaced). */
export function goJsonString(s: string): string {
  // JSON.stringify escapes quotes, backslashes and control characters exactly as Go does.
  if (!GO_SPECIAL.test(s)) return JSON.stringify(s);
  let out = '"';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let esc: string | undefined;
    if (c < 0x20 || c === 0x22 || c === 0x5c || c === 0x3c || c === 0x3e || c === 0x26) {
      switch (c) {
        case 0x22: esc = '\\"'; break;
        case 0x5c: esc = '\\\\'; break;
        case 0x0a: esc = '\\n'; break;
        case 0x0d: esc = '\\r'; break;
        case 0x09: esc = '\\t'; break;
        case 0x08: esc = '\\b'; break;
        case 0x0c: esc = '\\f'; break;
        default: esc = `\\u00${HEX[c >> 4]}${HEX[c & 0xf]}`;
      }
    } else if (c === 0x2028 || c === 0x2029) {
      esc = c === 0x2028 ? '\\u2028' : '\\u2029';
    } else if (c >= 0xd800 && c <= 0xdfff) {
      // A well-formed pair passes through; a lone surrogate is what Go decoded as U+FFFD.
      const next = s.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      esc = '\ufffd';
    }
    if (esc !== undefined) {
      out += s.slice(start, i) + esc;
      start = i + 1;
    }
  }
  return `${out}${s.slice(start)}"`;
}

/**
 * Marks an object built as a typed Go object (kubectl's generators build typed structs): `toJson`
 * writes its keys, and those of everything inside it, in insertion order, which the builder makes
 * the struct's field order, instead of sorting them as Go sorts the keys of a map. Go maps inside
 * such an object (labels, data) must be built with sorted keys.
 */
// From the global registry: objects marked in the main bundle are printed by the copies of this
// module in the CLI's side bundles (the Go template engine) too.
export const GO_FIELD_ORDER: unique symbol = Symbol.for('platformctl.go-field-order');

/** `object` marked with {@link GO_FIELD_ORDER} (the same object, for chaining). */
export function inGoFieldOrder<T extends object>(object: T): T {
  Object.defineProperty(object, GO_FIELD_ORDER, { value: true, enumerable: true });
  return object;
}

/**
 * An array's elements or an object's members between their brackets, comma-separated, one a line
 * under `indent` when there is one; `member` writes one at the deeper prefix. Empty is `[]` or `{}`.
 */
function writeMembers<T>(open: string, close: string, members: readonly T[], indent: string, prefix: string, out: string[], member: (m: T, inner: string) => void): void {
  if (members.length === 0) {
    out.push(open + close);
    return;
  }
  const inner = prefix + indent;
  out.push(open);
  members.forEach((m, i) => {
    if (i > 0) out.push(',');
    if (indent) out.push('\n', inner);
    member(m, inner);
  });
  if (indent) out.push('\n', prefix);
  out.push(close);
}

function write(value: unknown, indent: string, prefix: string, out: string[], fieldOrder: boolean, sortAll: boolean): void {
  if (value === null || value === undefined) {
    out.push('null');
  } else if (typeof value === 'string') {
    out.push(goJsonString(value));
  } else if (typeof value === 'number') {
    // ECMAScript number formatting is the one Go's encoding/json was built to match.
    out.push(Number.isFinite(value) ? String(value) : 'null');
  } else if (typeof value === 'boolean') {
    out.push(value ? 'true' : 'false');
  } else if (typeof value === 'bigint') {
    out.push(value.toString());
  } else if (Array.isArray(value)) {
    writeMembers('[', ']', value, indent, prefix, out, (item, inner) => write(item, indent, inner, out, fieldOrder, sortAll));
  } else if (typeof value === 'object') {
    const obj = value as Record<string | symbol, unknown>;
    const ordered = !sortAll && (fieldOrder || obj[GO_FIELD_ORDER] === true);
    const keys = (ordered ? Object.keys(obj) : sortedKeys(obj)).filter((k) => obj[k] !== undefined);
    writeMembers('{', '}', keys, indent, prefix, out, (key, inner) => {
      out.push(goJsonString(key), indent ? ': ' : ':');
      write(obj[key], indent, inner, out, ordered, sortAll);
    });
  } else {
    out.push('null');
  }
}

/**
 * JSON text exactly as kubectl (Go's encoding/json) writes it: map keys sorted, `<`, `>`, `&`,
 * U+2028 and U+2029 escaped, compact or indented by `options.indent`. No trailing newline.
 *
 * @param value - a JSON value (objects, arrays, strings, numbers, booleans, null)
 * @param options - `indent: '    '` for kubectl's `-o json` layout
 */
export function toJson(value: unknown, options: ToJsonOptions = {}): string {
  const out: string[] = [];
  write(value, options.indent ?? '', '', out, options.fieldOrder === true, options.sortAllKeys === true);
  return out.join('');
}
