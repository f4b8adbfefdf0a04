/** The streamed `-o json` List is byte for byte the List printed at once. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonListStream } from '../../../../src/cli/commands/get/json-list-stream.js';
import { printJson } from '../../../../src/printers/output/json-yaml.js';
import { toListObject } from '../../../../src/printers/output/lists.js';
import type { KubeObject } from '../../../../src/sdk/types/meta.js';
import { CapturedOutput } from '../../../support/cli.js';

const object = (i: number): KubeObject => ({
  apiVersion: 'v1', kind: 'ConfigMap',
  metadata: { name: `cm-${i}`, namespace: 'ns', labels: { a: '<b>&' }, managedFields: [{ manager: 'm', fieldsV1: { 'f:data': {} } }] },
  data: { text: 'line\nnext "quoted" \u2028 é', empty: '' },
  nested: { list: [], obj: {}, nums: [1, 2.5, -3e-7], nil: null },
});

for (const showManagedFields of [false, true]) {
  test(`chunks of 0, 1 and several items (showManagedFields=${String(showManagedFields)})`, () => {
    for (const chunks of [[], [[]], [[object(1)]], [[object(1), object(2)], [], [object(3)]]]) {
      const out = new CapturedOutput();
      const stream = new JsonListStream(out, showManagedFields);
      for (const chunk of chunks) stream.write(chunk);
      stream.end();
      assert.equal(out.text, printJson(toListObject(chunks.flat()), { showManagedFields }));
    }
  });
}
