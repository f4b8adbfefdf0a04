/**
 * What a completion request produces, and how `__complete` prints it: one candidate per line with
 * an optional `\t`description, then `:<directive>` (cobra's format, read by the shell scripts).
 */
import { directiveName } from './directive.js';

/** One completion candidate. */
export interface Candidate {
  value: string;
  /** Shown beside the value by shells that can (zsh, fish, powershell; bash when listing). */
  description?: string;
}

/** Candidates and the directive that tells the shell what to do with them. */
export interface CompletionResult {
  candidates: Candidate[];
  directive: number;
}

/** Builds a result. */
export function result(candidates: Candidate[], directive: number): CompletionResult {
  return { candidates, directive };
}

/** Candidates without descriptions from plain values. */
export function plain(values: readonly string[]): Candidate[] {
  return values.map((value) => ({ value }));
}

/** Keeps the candidates whose value starts with `prefix`. */
export function withPrefix(candidates: readonly Candidate[], prefix: string): Candidate[] {
  return candidates.filter((c) => c.value.startsWith(prefix));
}

/** The stdout text of `__complete` for `res`; descriptions only when `withDescriptions`. */
export function formatResult(res: CompletionResult, withDescriptions: boolean): string {
  let out = '';
  for (const c of res.candidates) {
    // Only the first line of a description fits a completion menu; a tab would break the protocol.
    const desc = withDescriptions && c.description !== undefined ? (c.description.split('\n')[0] ?? '').replace(/\t/g, ' ').trim() : '';
    out += desc === '' ? `${c.value}\n` : `${c.value}\t${desc}\n`;
  }
  return `${out}:${res.directive}\n`;
}

/** The stderr line cobra prints after an answer, useful when debugging a script by hand. */
export function formatDirectiveNote(res: CompletionResult): string {
  return `Completion ended with directive: ${directiveName(res.directive)}\n`;
}
