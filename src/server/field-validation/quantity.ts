/**
 * The checks of `resource.ParseQuantity`: a signed decimal number followed by a binary suffix
 * (`Ki` ... `Ei`), a decimal suffix (`n`, `u`, `m`, `k`, `M` ... `E`) or an exponent (`e3`, `E-2`).
 */

const FORMAT = /^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/;
const SUFFIXES = new Set(['', 'n', 'u', 'm', 'k', 'M', 'G', 'T', 'P', 'E', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei']);

/** The API server's message for an unparsable quantity. */
export const QUANTITY_FORMAT_ERROR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

/** Why `text` is not a quantity (the API server's words), or undefined when it is one. */
export function parseQuantityError(text: string): string | undefined {
  const trimmed = text.trim();
  const match = FORMAT.exec(trimmed);
  if (match === null) return QUANTITY_FORMAT_ERROR;
  const [, number = '', suffix = ''] = match;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(number)) return 'unable to parse numeric part of quantity';
  if (SUFFIXES.has(suffix) || /^[eE][-+]?\d+$/.test(suffix)) return undefined;
  return "unable to parse quantity's suffix";
}
