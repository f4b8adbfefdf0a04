/**
 * Scalar analysis of go-yaml v2's emitter (`yaml_emitter_analyze_scalar`): which styles can
 * represent a string. Works on code points, as the emitter works on UTF-8 characters.
 */

/** What the emitter may use for one scalar. */
export interface ScalarAnalysis {
  multiline: boolean;
  flowPlainAllowed: boolean;
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

/** A space. */
export const isSpace = (c: number | undefined): boolean => c === 0x20;
/** A space or a tab. */
export const isBlank = (c: number | undefined): boolean => c === 0x20 || c === 0x09;
/** A YAML 1.1 line break: CR, LF, NEL, LS or PS. */
export const isBreak = (c: number | undefined): boolean =>
  c === 0x0d || c === 0x0a || c === 0x85 || c === 0x2028 || c === 0x2029;
/** Blank, a break, NUL, or past the end. */
export const isBlankz = (c: number | undefined): boolean => isBlank(c) || isBreak(c) || c === 0 || c === undefined;

/** go-yaml's `is_printable`: characters above U+FFFF are not, so they are escaped. */
export function isPrintable(c: number): boolean {
  return (
    c === 0x0a ||
    (c >= 0x20 && c <= 0x7e) ||
    (c >= 0xa0 && c <= 0xd7ff) ||
    (c >= 0xe000 && c <= 0xfffd && c !== 0xfeff)
  );
}

/** Analyses `cps` (the scalar's code points) as the v2 emitter does. */
export function analyzeScalar(cps: readonly number[]): ScalarAnalysis {
  if (cps.length === 0) {
    return { multiline: false, flowPlainAllowed: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  }
  let blockIndicators = false;
  let flowIndicators = false;
  let lineBreaks = false;
  let specialCharacters = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;

  const [c0, c1, c2] = cps;
  if (cps.length >= 3 && ((c0 === 0x2d && c1 === 0x2d && c2 === 0x2d) || (c0 === 0x2e && c1 === 0x2e && c2 === 0x2e))) {
    blockIndicators = true;
    flowIndicators = true;
  }

  let precededByWhitespace = true;
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i] ?? 0;
    const followedByWhitespace = i + 1 >= cps.length || isBlank(cps[i + 1]);
    const ch = String.fromCodePoint(c);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(ch)) {
        flowIndicators = true;
        blockIndicators = true;
      } else if (ch === '?' || ch === ':') {
        flowIndicators = true;
        if (followedByWhitespace) blockIndicators = true;
      } else if (ch === '-' && followedByWhitespace) {
        flowIndicators = true;
        blockIndicators = true;
      }
    } else if (',?[]{}'.includes(ch)) {
      flowIndicators = true;
    } else if (ch === ':') {
      flowIndicators = true;
      if (followedByWhitespace) blockIndicators = true;
    } else if (ch === '#' && precededByWhitespace) {
      flowIndicators = true;
      blockIndicators = true;
    }

    if (!isPrintable(c)) specialCharacters = true;
    if (isSpace(c)) {
      if (i === 0) leadingSpace = true;
      if (i === cps.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === cps.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankz(c);
  }

  const a: ScalarAnalysis = {
    multiline: lineBreaks,
    flowPlainAllowed: true,
    blockPlainAllowed: true,
    singleQuotedAllowed: true,
    blockAllowed: true,
  };
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) {
    a.flowPlainAllowed = false;
    a.blockPlainAllowed = false;
  }
  if (trailingSpace) a.blockAllowed = false;
  if (breakSpace) {
    a.flowPlainAllowed = false;
    a.blockPlainAllowed = false;
    a.singleQuotedAllowed = false;
  }
  if (spaceBreak || specialCharacters) {
    a.flowPlainAllowed = false;
    a.blockPlainAllowed = false;
    a.singleQuotedAllowed = false;
    a.blockAllowed = false;
  }
  if (lineBreaks) {
    a.flowPlainAllowed = false;
    a.blockPlainAllowed = false;
  }
  if (flowIndicators) a.flowPlainAllowed = false;
  if (blockIndicators) a.blockPlainAllowed = false;
  return a;
}
