import type { Table } from '../../../../src/sdk/types/table.js';
import type { KubeObject } from '../../../../src/sdk/types/meta.js';
import { TableOutput } from '../../../../src/printers/table/table-output.js';
import type { TablePrintOptions } from '../../../../src/printers/table/decorate.js';
import { buildDefaultTable } from '../../../../src/printers/table/default-table.js';
import { sortTableRows } from '../../../../src/printers/sort/sorter.js';
import type { FakeApiState } from './fake-api-server.js';
import { jsonFixture } from './paths.js';
import { shiftTimestamps } from './time-shift.js';

/** One resource type of a `get`: where kubectl lists it, the pages the server answers, how we print it. */
interface TypeSpec {
  path: string;
  fixture: string;
  options: TablePrintOptions;
  /** The server sends plain objects, no Table (fixture holds list pages). */
  plain?: boolean;
  sortBy?: string;
}

/** A `get` invocation and what it prints. */
export interface TableScenario {
  name: string;
  /** Arguments after `get`, in our naming. */
  args: string[];
  types: TypeSpec[];
}

const CM = '/api/v1/namespaces/default/configmaps';
const ALL_CM = '/api/v1/configmaps';
const DEPLOY = '/apis/apps/v1/namespaces/default/deployments';
const WIDGETS = '/apis/example.com/v1/namespaces/default/widgets';
const cm = { group: '', kind: 'ConfigMap' };
const deploy = { group: 'apps', kind: 'Deployment' };
const widget = { group: 'example.com', kind: 'Widget' };

export const tableScenarios: TableScenario[] = [
  { name: 'chunked', args: ['configmaps'], types: [{ path: CM, fixture: 'configmaps', options: {} }] },
  { name: 'chunk-size-0', args: ['configmaps', '--chunk-size=0'], types: [{ path: CM, fixture: 'configmaps', options: {} }] },
  { name: 'wide', args: ['configmaps', '-o', 'wide'], types: [{ path: CM, fixture: 'configmaps', options: { wide: true } }] },
  { name: 'no-headers', args: ['configmaps', '--no-headers'], types: [{ path: CM, fixture: 'configmaps', options: { noHeaders: true } }] },
  { name: 'show-labels', args: ['configmaps', '--show-labels'], types: [{ path: CM, fixture: 'configmaps', options: { showLabels: true } }] },
  {
    name: 'label-columns',
    args: ['configmaps', '-L', 'app,tier.example.com/level,missing'],
    types: [{ path: CM, fixture: 'configmaps', options: { columnLabels: ['app', 'tier.example.com/level', 'missing'] } }],
  },
  {
    name: 'labels-and-label-columns-wide',
    args: ['configmaps', '-L', 'app', '--show-labels', '-o', 'wide'],
    types: [{ path: CM, fixture: 'configmaps', options: { columnLabels: ['app'], showLabels: true, wide: true } }],
  },
  { name: 'show-kind', args: ['configmaps', '--show-kind'], types: [{ path: CM, fixture: 'configmaps', options: { withKind: true, kind: cm } }] },
  { name: 'all-namespaces', args: ['configmaps', '-A'], types: [{ path: ALL_CM, fixture: 'configmaps-all-namespaces', options: { withNamespace: true } }] },
  {
    name: 'all-namespaces-everything',
    args: ['configmaps', '-A', '--show-labels', '--show-kind', '-o', 'wide', '-L', 'app'],
    types: [{ path: ALL_CM, fixture: 'configmaps-all-namespaces', options: { withNamespace: true, showLabels: true, withKind: true, kind: cm, wide: true, columnLabels: ['app'] } }],
  },
  {
    name: 'all-namespaces-no-headers',
    args: ['configmaps', '-A', '--no-headers'],
    types: [{ path: ALL_CM, fixture: 'configmaps-all-namespaces', options: { withNamespace: true, noHeaders: true } }],
  },
  {
    name: 'several-types',
    args: ['configmaps,deployments,widgets'],
    types: [
      { path: CM, fixture: 'configmaps', options: { withKind: true, kind: cm } },
      { path: DEPLOY, fixture: 'deployments', options: { withKind: true, kind: deploy } },
      { path: WIDGETS, fixture: 'widgets', options: { withKind: true, kind: widget } },
    ],
  },
  {
    name: 'several-types-wide-no-headers',
    args: ['deployments,widgets', '-o', 'wide', '--no-headers'],
    types: [
      { path: DEPLOY, fixture: 'deployments', options: { withKind: true, kind: deploy, wide: true, noHeaders: true } },
      { path: WIDGETS, fixture: 'widgets', options: { withKind: true, kind: widget, wide: true, noHeaders: true } },
    ],
  },
  {
    name: 'empty-type-between',
    args: ['configmaps,deployments,widgets'],
    types: [
      { path: CM, fixture: 'empty', options: { withKind: true, kind: cm } },
      { path: DEPLOY, fixture: 'deployments', options: { withKind: true, kind: deploy } },
      { path: WIDGETS, fixture: 'widgets', options: { withKind: true, kind: widget } },
    ],
  },
  { name: 'deployments-wide', args: ['deployments', '-o', 'wide'], types: [{ path: DEPLOY, fixture: 'deployments', options: { wide: true } }] },
  { name: 'widgets', args: ['widgets'], types: [{ path: WIDGETS, fixture: 'widgets', options: {} }] },
  { name: 'no-table-from-server', args: ['configmaps', '--show-labels'], types: [{ path: CM, fixture: 'plain-list', plain: true, options: { showLabels: true } }] },
  { name: 'sort-by-name', args: ['configmaps', '--sort-by=.metadata.name'], types: [{ path: CM, fixture: 'sortable', options: {}, sortBy: '.metadata.name' }] },
  { name: 'sort-by-quantity', args: ['configmaps', '--sort-by={.spec.cpu}'], types: [{ path: CM, fixture: 'sortable', options: {}, sortBy: '{.spec.cpu}' }] },
];

/** The fixture pages of a type, moved in time by `shift`. */
function pages(t: TypeSpec, shift: number): unknown[] {
  return shiftTimestamps(jsonFixture<unknown[]>(`tables/${t.fixture}.json`), shift);
}

/** What the fake server holds for a scenario (in our naming; rename before serving kubectl). */
export function scenarioState(s: TableScenario, shift: number): FakeApiState {
  const lists: NonNullable<FakeApiState['lists']> = {};
  for (const t of s.types) lists[t.path] = t.plain ? { json: pages(t, shift) } : { tables: pages(t, shift) };
  return { lists };
}

/** Our output for a scenario, printed as the CLI prints a `get` (one flush at the end, as kubectl 1.32). */
export function ourTableOutput(s: TableScenario, shift: number, now: Date): string {
  const out = new TableOutput();
  for (const t of s.types) {
    out.startType(t.options);
    for (const page of pages(t, shift)) {
      let table = t.plain ? buildDefaultTable((page as { items: KubeObject[] }).items, now) : (page as Table);
      if (t.sortBy !== undefined) table = sortTableRows(table, t.sortBy);
      out.printTable(table);
    }
  }
  out.flush();
  return out.take();
}
