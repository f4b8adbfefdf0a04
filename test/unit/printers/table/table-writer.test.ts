/**
 * Tables drawn by cli-table3 with kubectl's layout: byte for byte the Go tab writer's output for
 * ASCII, display-width alignment for wide characters (where kubectl counts runes), the ASCII fast
 * path equal to what cli-table3 draws, and streamed flushes that keep earlier widths.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTableWriter, displayWidth, renderRows } from '../../../../src/printers/table/table-writer.js';
import { TabWriter } from '../../../../src/printers/table/tabwriter.js';

/** A small seeded generator, so that a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function asciiCell(next: () => number): string {
  const length = Math.floor(next() * 14);
  let text = '';
  for (let i = 0; i < length; i++) text += String.fromCharCode(0x20 + Math.floor(next() * 95));
  return text.replace(/[\t\n]/g, 'x');
}

test('ASCII tables: cli-table3 draws exactly what Go\'s tab writer (kubectl) writes', () => {
  const next = random(7);
  for (let n = 0; n < 200; n++) {
    const columns = 1 + Math.floor(next() * 5);
    const lines: string[] = [];
    for (let r = 0; r < 1 + Math.floor(next() * 8); r++) lines.push(Array.from({ length: columns }, () => asciiCell(next).replace(/\t/g, ' ')).join('\t'));
    const text = `${lines.join('\n')}\n`;
    const go = new TabWriter();
    go.write(text);
    go.flush();
    const drawn = createTableWriter();
    drawn.write(text);
    drawn.flush();
    assert.equal(drawn.take(), go.take(), JSON.stringify(text));
  }
});

test('the ASCII fast path pads exactly as cli-table3 draws', () => {
  const next = random(11);
  for (let n = 0; n < 200; n++) {
    const columns = 1 + Math.floor(next() * 5);
    const lines = Array.from({ length: 1 + Math.floor(next() * 6) }, () => Array.from({ length: columns }, () => asciiCell(next)).join('\t'));
    // Streamed in two flushes, so that remembered widths (wider than the cells) are padded too.
    const half = Math.ceil(lines.length / 2);
    const render = (fast: boolean): string => {
      const w = createTableWriter({ asciiFastPath: fast });
      w.write(`${lines.slice(0, half).join('\n')}\n`);
      w.flush();
      w.write(`${lines.slice(half).join('\n')}\n`);
      w.flush();
      return w.take();
    };
    assert.equal(render(true), render(false), JSON.stringify(lines));
  }
});

test('kubectl\'s layout: three-space gutter, minimum width six, the last cell never padded', () => {
  assert.equal(renderRows([['NAME', 'DATA', 'AGE'], ['a', '1', ''], ['longer-name', '10', '5m']]), 'NAME          DATA   AGE\na             1      \nlonger-name   10     5m\n');
  for (const line of renderRows([['x', 'y'], ['abc', 'defgh']]).split('\n')) assert.equal(line, line.trimEnd());
});

test('wide characters are aligned by display width (kubectl counts runes and misaligns them)', () => {
  assert.equal(displayWidth('名前'), 4);
  assert.equal(displayWidth('😀'), 2);
  assert.equal(displayWidth('héllo'), 5);
  const text = renderRows([['NAME', 'VALUE'], ['名前', 'x'], ['😀', 'y'], ['plain', 'z']]);
  assert.equal(text, 'NAME    VALUE\n名前    x\n😀      y\nplain   z\n');
  // Every VALUE starts in the same terminal column.
  const starts = text.trimEnd().split('\n').map((line) => displayWidth(line.slice(0, line.search(/\S+$/))));
  assert.deepEqual(new Set(starts).size, 1);
  // The fast path leaves such blocks to cli-table3.
  const fast = createTableWriter({ asciiFastPath: true });
  fast.write('NAME\tVALUE\n名前\tx\n');
  fast.flush();
  assert.equal(fast.take(), 'NAME   VALUE\n名前   x\n');
});

test('streamed flushes print each chunk at once and keep the widths of earlier chunks', () => {
  const w = createTableWriter({ asciiFastPath: true });
  w.write('NAME\tAGE\nvery-long-name\t1m\n');
  w.flush();
  assert.equal(w.take(), 'NAME             AGE\nvery-long-name   1m\n');
  w.write('a\t2m\n');
  w.flush();
  assert.equal(w.take(), 'a                2m\n');
});
