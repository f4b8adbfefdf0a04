/**
 * String ordering as Go sorts map keys: by the bytes of their UTF-8 encoding, which is the same
 * as ordering by Unicode code point. JavaScript's `<` compares UTF-16 code units instead, which
 * differs for characters above U+FFFF.
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

/** Keys of an object sorted as Go's encoding/json and fmt sort map keys. */
export function sortedKeys(obj: object): string[] {
  return Object.keys(obj).sort(compareUtf8);
}
