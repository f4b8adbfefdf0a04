/**
 * RFC 3339 timestamps as Go's `time.Parse(time.RFC3339, s)` reads them, with its error texts for
 * the usual mistakes (`parsing time "x" as "2006-01-02T15:04:05Z07:00": cannot parse "x" as "2006"`).
 */

const LAYOUT = '2006-01-02T15:04:05Z07:00';

/** The layout's elements with the pattern each accepts, in order. */
const ELEMENTS: readonly (readonly [layout: string, pattern: RegExp])[] = [
  ['2006', /^\d{4}/], ['-', /^-/], ['01', /^\d{2}/], ['-', /^-/], ['02', /^\d{2}/], ['T', /^T/],
  ['15', /^\d{2}/], [':', /^:/], ['04', /^\d{2}/], [':', /^:/], ['05', /^\d{2}(\.\d+)?/], ['Z07:00', /^(Z|[+-]\d{2}:\d{2})/],
];

function quote(s: string): string {
  return JSON.stringify(s);
}

/** Go's error for a timestamp that is not RFC 3339, or undefined when it parses. */
export function parseTimeError(value: string): string | undefined {
  let rest = value;
  for (const [layout, pattern] of ELEMENTS) {
    const match = pattern.exec(rest);
    if (match === null) return `parsing time ${quote(value)} as ${quote(LAYOUT)}: cannot parse ${quote(rest)} as ${quote(layout)}`;
    rest = rest.slice(match[0].length);
  }
  if (rest !== '') return `parsing time ${quote(value)}: extra text: ${quote(rest)}`;
  const [, month = '0', day = '0', hour = '0', minute = '0', second = '0'] = /^\d{4}-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(value) ?? [];
  if (Number(month) < 1 || Number(month) > 12) return `parsing time ${quote(value)}: month out of range`;
  if (Number(day) < 1 || Number(day) > 31) return `parsing time ${quote(value)}: day out of range`;
  if (Number(hour) > 23) return `parsing time ${quote(value)}: hour out of range`;
  if (Number(minute) > 59) return `parsing time ${quote(value)}: minute out of range`;
  if (Number(second) > 59) return `parsing time ${quote(value)}: second out of range`;
  return undefined;
}
