import { compileJsonPath } from '../../../../src/printers/jsonpath/template.js';
import { jsonFixture } from './paths.js';

/** One template of the JSONPath table. */
export interface JsonPathCase {
  template: string;
  strict?: boolean;
  asJson?: boolean;
  /** kubectl's order of map values is random: compare the space-separated words as a multiset. */
  unordered?: boolean;
  /** A template only we accept (an extension); `expect` holds its output. */
  extension?: boolean;
  expect?: { stdout: string; error: string };
}

/** What a template printed: stdout, or the first line of the error. */
export interface Outcome {
  stdout: string;
  error: string;
}

export const jsonPathObject = jsonFixture<Record<string, unknown>>('jsonpath/object.json');
export const jsonPathCases = jsonFixture<JsonPathCase[]>('jsonpath/templates.json');

/** Our outcome for a case. */
export async function ourOutcome(c: JsonPathCase): Promise<Outcome> {
  try {
    const t = await compileJsonPath(c.template, { allowMissingKeys: c.strict !== true, asJson: c.asJson === true });
    return { stdout: t.execute(jsonPathObject), error: '' };
  } catch (err) {
    return { stdout: '', error: (err as Error).message };
  }
}

function words(s: string): string {
  return s.split(' ').sort().join(' ');
}

/**
 * Whether our outcome matches kubectl's. Output must be equal (as a multiset of words for
 * unordered cases); our errors are kubectl's first line, possibly with ` at position N` added,
 * or a prefix of it (kubectl appends a dump of the object to execution errors).
 */
export function sameOutcome(c: JsonPathCase, ours: Outcome, kubectl: Outcome): boolean {
  const out = c.unordered ? words(ours.stdout) === words(kubectl.stdout) : ours.stdout === kubectl.stdout;
  if (!out) return false;
  if (kubectl.error === '') return ours.error === '';
  if (ours.error === '') return false;
  return (
    ours.error === kubectl.error ||
    ours.error.replace(/ at position \d+$/, '') === kubectl.error ||
    kubectl.error.startsWith(ours.error) ||
    // kubectl's message is cut where a quoted value has a line break; ours escapes it
    (ours.error.startsWith(kubectl.error) && ours.error.includes('\\n'))
  );
}
