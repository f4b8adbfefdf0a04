import { test } from 'node:test';
import assert from 'node:assert/strict';
import { goTemplateCases, ourGoTemplateOutcome, recorded, type RecordedOutcome } from '../support/gotemplate-cases.js';
import { readGolden } from '../support/paths.js';

// The whole table against kubectl's recorded outcomes (no kubectl needed): output, errors word
// for word, and on execution errors the output up to kubectl's debugging report.
test('every template of the table prints what kubectl printed', () => {
  const golden = JSON.parse(readGolden('gotemplate/expected.json')) as RecordedOutcome[];
  assert.equal(golden.length, goTemplateCases.length, 'the golden file has one outcome per template');
  assert.ok(goTemplateCases.length >= 300);
  const failures: string[] = [];
  goTemplateCases.forEach((c, i) => {
    const ours = recorded(ourGoTemplateOutcome(c));
    if (JSON.stringify(ours) !== JSON.stringify(golden[i])) {
      failures.push(`#${i} ${c.template}${c.strict === true ? ' (strict)' : ''}\n  kubectl ${JSON.stringify(golden[i])}\n  ours    ${JSON.stringify(ours)}`);
    }
  });
  assert.deepEqual(failures, []);
});

test('the table covers errors of every stage', () => {
  const golden = JSON.parse(readGolden('gotemplate/expected.json')) as RecordedOutcome[];
  const parseErrors = golden.filter((o) => o.error.startsWith('error parsing template '));
  const execErrors = golden.filter((o) => o.error.startsWith('error executing template '));
  assert.ok(parseErrors.length >= 60, `${parseErrors.length} parse errors`);
  assert.ok(execErrors.length >= 80, `${execErrors.length} execution errors`);
  assert.ok(execErrors.every((o) => o.report === true), 'kubectl prints its report for every execution error');
  assert.ok(golden.filter((o) => o.error === '').length >= 150);
});
