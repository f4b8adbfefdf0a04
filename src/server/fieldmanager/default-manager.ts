/** Field manager names: the default taken from the user agent, and their validation. */
import { goIsPrint } from '../../machinery/go-quote.js';

/** Longest field manager name the apiserver accepts. */
export const FIELD_MANAGER_MAX_LENGTH = 128;


/**
 * The field manager of a request without `fieldManager`, as the apiserver derives it: the user
 * agent up to its first `/`, without the characters Go's `unicode.IsPrint` refuses (controls, and every space but the ASCII one), cut to 128 bytes.
 */
export function defaultManager(userAgent: string | undefined): string {
  const prefix = (userAgent ?? '').split('/')[0] ?? '';
  let out = '';
  let bytes = 0;
  for (const char of prefix) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (!goIsPrint(codePoint)) continue;
    const size = Buffer.byteLength(char, 'utf8');
    if (bytes + size > FIELD_MANAGER_MAX_LENGTH) break;
    out += char;
    bytes += size;
  }
  return out;
}

/** The apiserver's check of a `fieldManager` value: an error message, or undefined when valid. */
export function validateFieldManager(manager: string): string | undefined {
  if (Buffer.byteLength(manager, 'utf8') > FIELD_MANAGER_MAX_LENGTH) return `Too long: may not be more than ${FIELD_MANAGER_MAX_LENGTH} bytes`;
  for (const char of manager) {
    if (!goIsPrint(char.codePointAt(0) ?? 0)) return 'Invalid value: must only contain printable characters';
  }
  return undefined;
}
