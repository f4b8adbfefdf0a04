import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TabWriter } from '../../../../src/printers/table/tabwriter.js';

function format(text: string, flushes: string[] = []): string {
  const w = new TabWriter();
  w.write(text);
  for (const more of flushes) {
    w.flush();
    w.write(more);
  }
  w.flush();
  return w.take();
}

test('columns are padded to the widest cell plus three, at least six wide; no trailing padding', () => {
  assert.equal(format('A\tBB\tC\nlonger\tx\ty\n'), 'A        BB    C\nlonger   x     y\n');
  assert.equal(format('a\tb\n'), 'a     b\n');
  assert.equal(format('héllo☃\tx\nab\ty\n'), 'héllo☃   x\nab       y\n');
  assert.equal(format('😀\tx\n'), '😀     x\n');
});

test('a line with one cell ends the block of aligned lines, and a vertical tab is a cell break', () => {
  assert.equal(format('a\tb\nsingle\nlonger-cell\tc\n'), 'a     b\nsingle\nlonger-cell   c\n');
  assert.equal(format('a\vb\tc\n'), 'a     b     c\n');
});

test('remembered widths: later flushes keep columns at least as wide as before', () => {
  assert.equal(format('long-name\tx\n', ['a\ty\n']), 'long-name   x\na           y\n');
  const w = new TabWriter();
  w.write('long-name\tx\n');
  w.flush();
  w.setRememberedWidths([]);
  w.write('a\ty\n');
  w.flush();
  assert.equal(w.take(), 'long-name   x\na     y\n');
});
