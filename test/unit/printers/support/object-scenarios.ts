import type { KubeObject } from '../../../../src/sdk/types/meta.js';
import { formatName } from '../../../../src/printers/output/name.js';
import { printJson, printYaml } from '../../../../src/printers/output/json-yaml.js';
import { objectOrList } from '../../../../src/printers/output/lists.js';
import { CustomColumnsPrinter, parseCustomColumnsSpec, parseCustomColumnsTemplate } from '../../../../src/printers/output/custom-columns.js';
import { compileJsonPath } from '../../../../src/printers/jsonpath/template.js';
import { sortObjects } from '../../../../src/printers/sort/sorter.js';
import type { FakeApiState } from './fake-api-server.js';
import { jsonFixture } from './paths.js';

/** A `get` with a machine-readable output format. */
export interface ObjectScenario {
  name: string;
  /** Arguments after `get`, in our naming; `{file}` is replaced with the custom-columns file. */
  args: string[];
  /** Collections (path and fixture of list pages) or one object (path and fixture). */
  lists?: { path: string; fixture: string }[];
  object?: { path: string; fixture: string };
  output: 'json' | 'yaml' | 'name' | 'custom-columns' | 'custom-columns-file' | 'jsonpath' | 'jsonpath-as-json';
  /** The value of the output flag (the spec or template; the file's text for custom-columns-file). */
  value?: string;
  sortBy?: string;
  showManagedFields?: boolean;
}

const CM = '/api/v1/namespaces/default/configmaps';
const DEPLOY = '/apis/apps/v1/namespaces/default/deployments';
const WIDGETS = '/apis/example.com/v1/namespaces/default/widgets';
const cms = [{ path: CM, fixture: 'configmaps' }];

export const objectScenarios: ObjectScenario[] = [
  { name: 'list-json', args: ['configmaps', '-o', 'json'], lists: cms, output: 'json' },
  { name: 'list-yaml', args: ['configmaps', '-o', 'yaml'], lists: cms, output: 'yaml' },
  { name: 'list-json-managed-fields', args: ['configmaps', '-o', 'json', '--show-managed-fields'], lists: cms, output: 'json', showManagedFields: true },
  { name: 'list-yaml-managed-fields', args: ['configmaps', '-o', 'yaml', '--show-managed-fields'], lists: cms, output: 'yaml', showManagedFields: true },
  { name: 'one-json', args: ['configmaps', 'one', '-o', 'json'], object: { path: `${CM}/one`, fixture: 'configmap-one' }, output: 'json' },
  { name: 'one-yaml', args: ['configmaps', 'one', '-o', 'yaml'], object: { path: `${CM}/one`, fixture: 'configmap-one' }, output: 'yaml' },
  { name: 'several-types-yaml', args: ['configmaps,deployments,widgets', '-o', 'yaml'], lists: [...cms, { path: DEPLOY, fixture: 'deployments' }, { path: WIDGETS, fixture: 'widgets' }], output: 'yaml' },
  { name: 'several-types-json', args: ['deployments,widgets', '-o', 'json'], lists: [{ path: DEPLOY, fixture: 'deployments' }, { path: WIDGETS, fixture: 'widgets' }], output: 'json' },
  { name: 'names', args: ['configmaps,deployments,widgets', '-o', 'name'], lists: [...cms, { path: DEPLOY, fixture: 'deployments' }, { path: WIDGETS, fixture: 'widgets' }], output: 'name' },
  { name: 'names-sorted', args: ['configmaps', '-o', 'name', '--sort-by=.metadata.name'], lists: cms, output: 'name', sortBy: '.metadata.name' },
  { name: 'json-sorted', args: ['configmaps', '-o', 'json', '--sort-by={.metadata.name}'], lists: cms, output: 'json', sortBy: '{.metadata.name}' },
  {
    name: 'custom-columns',
    args: ['configmaps', '-o', 'custom-columns=NAME:.metadata.name,APP:.metadata.labels.app,DATA:.data,OWNER:.metadata.ownerReferences[*].name,KEYS:.data.a,MISSING:{.nope}'],
    lists: cms,
    output: 'custom-columns',
    value: 'NAME:.metadata.name,APP:.metadata.labels.app,DATA:.data,OWNER:.metadata.ownerReferences[*].name,KEYS:.data.a,MISSING:{.nope}',
  },
  {
    name: 'custom-columns-no-headers',
    args: ['configmaps', '--no-headers', '-o', 'custom-columns=N:metadata.name,V:{.metadata.resourceVersion}'],
    lists: cms,
    output: 'custom-columns',
    value: 'N:metadata.name,V:{.metadata.resourceVersion}',
  },
  {
    name: 'custom-columns-file',
    args: ['configmaps', '-o', 'custom-columns-file={file}'],
    lists: cms,
    output: 'custom-columns-file',
    value: 'NAME      NAMESPACE            LABELS\n.metadata.name   {.metadata.namespace}   metadata.labels\n',
  },
  { name: 'jsonpath-list', args: ['configmaps', '-o', 'jsonpath={.kind} {.metadata}{range .items[*]}{"\\n"}{.metadata.name}={.data}{end}'], lists: cms, output: 'jsonpath', value: '{.kind} {.metadata}{range .items[*]}{"\\n"}{.metadata.name}={.data}{end}' },
  { name: 'jsonpath-one', args: ['configmaps', 'one', '-o', 'jsonpath={.metadata.managedFields}|{.metadata.name}'], object: { path: `${CM}/one`, fixture: 'configmap-one' }, output: 'jsonpath', value: '{.metadata.managedFields}|{.metadata.name}' },
  { name: 'jsonpath-as-json', args: ['configmaps', '-o', 'jsonpath-as-json={.items[*].metadata.name}'], lists: cms, output: 'jsonpath-as-json', value: '{.items[*].metadata.name}' },
];

/** What the fake server holds for a scenario. */
export function objectState(s: ObjectScenario): FakeApiState {
  const lists: NonNullable<FakeApiState['lists']> = {};
  for (const l of s.lists ?? []) lists[l.path] = { json: jsonFixture<unknown[]>(`objects/${l.fixture}.json`) };
  const objects: Record<string, unknown> = {};
  if (s.object) objects[s.object.path] = jsonFixture(`objects/${s.object.fixture}.json`);
  return { lists, objects };
}

/** Our output for a scenario, as the CLI prints it. */
export async function ourObjectOutput(s: ObjectScenario): Promise<string> {
  let items: KubeObject[] = s.object
    ? [jsonFixture<KubeObject>(`objects/${s.object.fixture}.json`)]
    : (s.lists ?? []).flatMap((l) => jsonFixture<{ items: KubeObject[] }[]>(`objects/${l.fixture}.json`).flatMap((p) => p.items));
  if (s.sortBy !== undefined) items = sortObjects(items, s.sortBy);
  const object = objectOrList(items, s.object !== undefined);
  const opts = { showManagedFields: s.showManagedFields === true };
  switch (s.output) {
    case 'json': return printJson(object, opts);
    case 'yaml': return printYaml(object, opts);
    case 'name': return formatName(object);
    case 'custom-columns':
    case 'custom-columns-file': {
      const columns = s.output === 'custom-columns' ? parseCustomColumnsSpec(s.value ?? '') : parseCustomColumnsTemplate(s.value ?? '');
      const printer = new CustomColumnsPrinter(columns, { noHeaders: s.output === 'custom-columns' && s.args.includes('--no-headers') });
      printer.print(object);
      return printer.finish();
    }
    case 'jsonpath':
    case 'jsonpath-as-json': {
      // kubectl hides managedFields in json and yaml only; JSONPath sees the whole object.
      const t = await compileJsonPath(s.value ?? '', { asJson: s.output === 'jsonpath-as-json' });
      return t.execute(object);
    }
  }
}
