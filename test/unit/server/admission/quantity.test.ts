import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatMilliQuantity, parseMilliQuantity } from '../../../../src/server/admission/quota/quantity.js';
import { enabledPluginNames } from '../../../../src/server/admission/plugin-set.js';

test('quantities parse to milli-units and print in canonical form', () => {
  assert.equal(parseMilliQuantity('500m')?.milli, 500n);
  assert.equal(parseMilliQuantity('1')?.milli, 1000n);
  assert.equal(parseMilliQuantity('1.5')?.milli, 1500n);
  assert.equal(parseMilliQuantity('1Gi')?.milli, 1073741824000n);
  assert.equal(parseMilliQuantity('1Gi')?.binary, true);
  assert.equal(parseMilliQuantity('2k')?.milli, 2000000n);
  assert.equal(parseMilliQuantity('1e3')?.milli, 1000000n);
  assert.equal(parseMilliQuantity(3)?.milli, 3000n);
  assert.equal(parseMilliQuantity('abc'), undefined);
  assert.equal(formatMilliQuantity(600n, false), '600m');
  assert.equal(formatMilliQuantity(1000n, false), '1');
  assert.equal(formatMilliQuantity(2000000n, false), '2k');
  assert.equal(formatMilliQuantity(536870912000n, true), '512Mi');
  assert.equal(formatMilliQuantity(0n, true), '0');
});

test('plugin selection: the recommended set in execution order, enable and disable in any order, unknown names refused', () => {
  const names = enabledPluginNames();
  assert.ok(names.indexOf('NamespaceLifecycle') < names.indexOf('ServiceAccount'));
  assert.deepEqual(names.slice(-3), ['ValidatingAdmissionPolicy', 'ValidatingAdmissionWebhook', 'ResourceQuota']);
  const more = enabledPluginNames(['PodTolerationRestriction', 'PodNodeSelector'], ['Priority']);
  assert.ok(more.indexOf('PodNodeSelector') < more.indexOf('PodTolerationRestriction'));
  assert.ok(!more.includes('Priority'));
  assert.ok(!enabledPluginNames(['Priority'], ['Priority']).includes('Priority'));
  assert.throws(() => enabledPluginNames([], ['Bogus']), /disable-admission-plugins plugin "Bogus" is unknown/);
});
