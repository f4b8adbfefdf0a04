/**
 * `s` without the run of `chars` at its end (`/\/+$/` and the like, written out): on a backtracking
 * engine such a pattern is quadratic, since each position of every earlier run is tried as a start,
 * and a 16 KB request path of slashes cost a request 80 ms.
 *
 * @param chars the characters to remove, each one character long
 */
export function withoutTrailing(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && chars.includes(s.charAt(end - 1))) end--;
  return end === s.length ? s : s.slice(0, end);
}
