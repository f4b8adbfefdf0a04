/**
 * The Go template table (test/fixtures/printers/gotemplate): templates run against one object, with
 * kubectl's outcomes recorded in test/golden/printers/gotemplate/expected.json by the differential
 * test (`PLATFORMCTL_UPDATE_GOLDEN=1`). Outcomes are compared whole: what kubectl writes to standard
 * output (on execution errors, the output so far and its debugging report) and its error message.
 */
import { compileGoTemplate } from '../../../../src/printers/gotemplate/template.js';
import { GoTemplateError } from '../../../../src/printers/errors.js';
import { jsonFixture } from './paths.js';

/** One template of the table. */
export interface GoTemplateCase {
  template: string;
  /** Run with `--allow-missing-template-keys=false`. */
  strict?: boolean;
}

/** What a template printed: standard output and the error message (without `error: `), or ''. */
export interface GoTemplateOutcome {
  stdout: string;
  error: string;
}

/**
 * An outcome as the golden file records it: the debugging report that follows the output of a
 * failed execution (the same object dump every time) is recorded as `report: true`.
 */
export interface RecordedOutcome {
  stdout: string;
  error: string;
  report?: true;
}

const REPORT_START = 'Error executing template: ';

/** The outcome with its debugging report cut off (see {@link RecordedOutcome}). */
export function recorded(o: GoTemplateOutcome): RecordedOutcome {
  const i = o.stdout.indexOf(REPORT_START);
  if (i < 0) return { stdout: o.stdout, error: o.error };
  return { stdout: o.stdout.slice(0, i), error: o.error, report: true };
}

export const goTemplateObject = jsonFixture<Record<string, unknown>>('gotemplate/object.json');
export const goTemplateCases = jsonFixture<GoTemplateCase[]>('gotemplate/templates.json');

/** Our outcome for a case, as the CLI would print it. */
export function ourGoTemplateOutcome(c: GoTemplateCase, object: unknown = goTemplateObject): GoTemplateOutcome {
  try {
    const t = compileGoTemplate(c.template, { allowMissingKeys: c.strict !== true });
    return { stdout: t.execute(object), error: '' };
  } catch (err) {
    if (err instanceof GoTemplateError) return { stdout: err.output, error: err.message };
    throw err;
  }
}

/** kubectl's outcome from its exit code, standard output and standard error. */
export function kubectlGoTemplateOutcome(r: { code: number; stdout: string; stderr: string }): GoTemplateOutcome {
  return { stdout: r.stdout, error: r.code === 0 ? '' : r.stderr.replace(/^error: /, '').replace(/\n$/, '') };
}
