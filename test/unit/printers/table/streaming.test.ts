import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Table } from '../../../../src/sdk/types/table.js';
import { TableOutput } from '../../../../src/printers/table/table-output.js';
import { buildDefaultTable } from '../../../../src/printers/table/default-table.js';
import { assertGolden } from '../support/paths.js';
import { REFERENCE_NOW } from '../support/time-shift.js';

const columns = [
  { name: 'Name', type: 'string', format: 'name' },
  { name: 'Data', type: 'integer' },
  { name: 'Age', type: 'string' },
];
const row = (name: string, data: number, age: string, ns = 'default') => ({
  cells: [name, data, age],
  object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.platform.io/v1', metadata: { name, namespace: ns } },
});
const table = (rows: Table['rows'], cols = columns): Table => ({ kind: 'Table', apiVersion: 'meta.platform.io/v1', columnDefinitions: cols, rows });

test('flushing after each chunk prints chunk by chunk; columns only grow', () => {
  const out = new TableOutput();
  out.startType({});
  out.printTable(table([row('a', 1, '5m'), row('bb', 2, '10m')]));
  out.flush();
  const first = out.take();
  out.printTable(table([row('a-much-longer-name', 3, '1h')]));
  out.flush();
  const second = out.take();
  assert.equal(first, 'NAME   DATA   AGE\na      1      5m\nbb     2      10m\n');
  assert.equal(second, 'a-much-longer-name   3      1h\n');
  assertGolden('tables/streaming-flush-per-chunk.txt', first + second);
});

test('watch: an EVENT column first, rows flushed one event at a time, columns reused when omitted', () => {
  const out = new TableOutput();
  out.startType({ withNamespace: true });
  out.printTable(table([row('web', 1, '0s')]), 'ADDED');
  out.flush();
  out.printTable(table([row('web', 2, '1s')], []), 'MODIFIED');
  out.flush();
  out.printTable(table([row('a-longer-name', 1, '3s', 'team-a')], []), 'DELETED');
  out.flush();
  assertGolden('tables/watch-events.txt', out.take());
});

test('the header is printed again when the columns change, never for a table without rows', () => {
  const out = new TableOutput();
  out.startType({});
  out.printTable(table([]));
  out.printTable(table([row('a', 1, '5m')]));
  out.printTable(table([row('b', 2, '6m')]));
  out.printTable(table([row('c', 3, '7m')], [...columns, { name: 'Extra', type: 'string' }]));
  out.flush();
  assert.equal(out.take(), 'NAME   DATA   AGE\na      1      5m\nb      2      6m\nNAME   DATA   AGE   EXTRA\nc      3      7m\n');
  assert.equal(out.wroteOutput, true);
  const empty = new TableOutput();
  empty.startType({});
  empty.printTable(table([]));
  empty.flush();
  assert.equal(empty.take(), '');
  assert.equal(empty.wroteOutput, false);
});

test('the client-side table has NAME and AGE from the creation time', () => {
  const objects = [
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'new', creationTimestamp: '2023-12-31T23:59:30Z' } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'old', creationTimestamp: '2021-06-01T00:00:00Z' } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'unknown' } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'future', creationTimestamp: '2024-01-01T00:10:00Z' } },
  ];
  const out = new TableOutput();
  out.startType({ showLabels: true });
  out.printTable(buildDefaultTable(objects, REFERENCE_NOW));
  out.flush();
  assert.equal(
    out.take(),
    'NAME      AGE         LABELS\nnew       30s         <none>\nold       2y214d      <none>\nunknown   <unknown>   <none>\nfuture    <invalid>   <none>\n',
  );
});
