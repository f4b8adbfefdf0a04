import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFeatureGateFlag, resolveFeatureGates } from '../../../../src/server/versioning/feature-gates.js';
import { parseRuntimeConfig } from '../../../../src/server/versioning/runtime-config.js';
import { deprecationWarning, findDeprecatedApi } from '../../../../src/server/versioning/deprecated-apis.js';

test('feature gates: defaults by stage, explicit values, errors and warnings', () => {
  const g = resolveFeatureGates(parseFeatureGateFlag('APIServerIdentity=true, OpenAPIV3=false'));
  assert.equal(g.enabled('APIServerIdentity'), true);
  assert.equal(g.enabled('OpenAPIV3'), false);
  assert.equal(g.enabled('APIListChunking'), true);
  assert.equal(g.enabled('ServerSideFieldValidation'), false);
  assert.equal(g.enabled('PodOverhead'), true);
  assert.deepEqual(g.warnings, []);
  assert.deepEqual(resolveFeatureGates({ ServerSideApply: true }).warnings, ['Setting GA feature gate ServerSideApply=true. It will be removed in a future release.']);
  assert.throws(() => resolveFeatureGates({ PodOverhead: false }), /^FeatureGateError: cannot set feature gate PodOverhead to false, feature is locked to true$/);
  assert.throws(() => resolveFeatureGates({ Nope: true }), /unrecognized feature gate: Nope/);
  assert.throws(() => parseFeatureGateFlag('A'), /missing bool value for A/);
  assert.throws(() => parseFeatureGateFlag('A=yes'), /invalid value of A=yes, err: strconv.ParseBool: parsing "yes": invalid syntax/);
});

test('runtime-config pairs: a missing value means true', () => {
  assert.deepEqual(parseRuntimeConfig('batch/v1=false,api/all,storage.platform.io/v1beta1/csistoragecapacities=true'), [
    { key: 'batch/v1', enabled: false }, { key: 'api/all', enabled: true }, { key: 'storage.platform.io/v1beta1/csistoragecapacities', enabled: true },
  ]);
});

test('deprecated API texts', () => {
  const d = findDeprecatedApi('policy', 'v1beta1', 'poddisruptionbudgets');
  assert.ok(d !== undefined);
  assert.equal(deprecationWarning(d), 'policy/v1beta1 PodDisruptionBudget is deprecated in v1.21+, unavailable in v1.25+; use policy/v1 PodDisruptionBudget');
  assert.equal(findDeprecatedApi('policy', 'v1', 'poddisruptionbudgets'), undefined);
});
