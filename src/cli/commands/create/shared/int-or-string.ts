/**
 * apimachinery's `intstr.Parse`: a number when the text is an int32 (`strconv.ParseInt(s, 10, 32)`),
 * else the text itself.
 */
export function intOrString(text: string): number | string {
  if (!/^[+-]?\d+$/.test(text)) return text;
  const n = Number(text);
  return n >= -2_147_483_648 && n <= 2_147_483_647 ? n : text;
}
