/**
 * The describe writer's nesting (kubectl's `NewNestedPrefixWriter`): levels shift, whole lines
 * are indented too, and everything shares one column layout.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LEVEL_0, LEVEL_1, tabbedString } from '../../../../src/printers/describe/writer.js';

test('a nested writer shifts levels and indents whole lines into the same columns', () => {
  const text = tabbedString((w) => {
    w.write(LEVEL_0, 'Name:\tx\n');
    const nested = w.nested(2);
    nested.write(LEVEL_0, 'Labels:\t');
    nested.writeLine('<none>');
    nested.nested(1).write(LEVEL_1, 'Deep:\ty\n');
    w.write(LEVEL_0, 'Plain:\t');
    w.writeLine('z');
  });
  assert.equal(text, [
    'Name:          x',
    // kubectl's nested WriteLine indents the rest of the line as well.
    '    Labels:        <none>',
    '        Deep:  y',
    'Plain:         z',
    '',
  ].join('\n'));
});
