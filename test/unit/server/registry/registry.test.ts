import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinDefs } from '../../../../src/server/kinds/index.js';
import { Registry } from '../../../../src/server/registry/registry.js';

test('the built-in kinds name each group, version and resource once', () => {
  const seen = new Set<string>();
  for (const d of builtinDefs()) {
    const k = `${d.group}/${d.version}/${d.plural}`;
    assert.ok(!seen.has(k), `${k} is listed twice`);
    seen.add(k);
  }
  assert.doesNotThrow(() => new Registry(builtinDefs()));
});

test('a second def of the same group, version and resource is an error, not a silent override', () => {
  const defs = builtinDefs();
  const webhooks = defs.find((d) => d.plural === 'mutatingwebhookconfigurations' && d.version === 'v1');
  assert.ok(webhooks !== undefined);
  assert.throws(() => new Registry([...defs, { ...webhooks }]), /mutatingwebhookconfigurations\.v1\.admissionregistration\.platform\.io is defined twice/);
});
