/**
 * Config files are written with machinery's YAML writer (the one the printers use), as kubectl
 * writes both; its cases are in test/unit/machinery/yaml.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { configToYaml, parseConfigFile, toGoYaml } from '../../../../src/sdk/config/index.js';
import { fixture } from './helpers.js';

test('a file kubectl wrote (quoting, folding, literal blocks, ordering) is rewritten byte for byte', async () => {
  const text = fixture('kubectl-written.yaml');
  const file = await parseConfigFile('kubectl-written.yaml', text);
  assert.equal(configToYaml(file.model, { keepUnknown: true, extra: file.extra }), text);
});

test('toGoYaml, the SDK\'s name for the writer, writes what config files hold', () => {
  assert.equal(toGoYaml({ clusters: [{ name: 'a', cluster: { server: 'https://x:6443' } }], 'current-context': '' }), 'clusters:\n- cluster:\n    server: https://x:6443\n  name: a\ncurrent-context: ""\n');
});
