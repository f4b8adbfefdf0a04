/**
 * Client-side label selectors (filtering manifests by -l).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileLabelSelector } from '../../../../src/sdk/apply/label-selector.js';

test('equality, inequality, sets and existence, all required', () => {
  const labels = { app: 'web', tier: 'front' };
  const cases: [string, boolean][] = [
    ['app=web', true], ['app==web', true], ['app!=web', false], ['app!=db', true], ['missing!=x', true],
    ['app in (web, db)', true], ['app notin (web)', false], ['tier', true], ['!tier', false], ['!missing', true],
    ['app=web,tier=back', false], ['app=web,tier in (front)', true], ['', true],
  ];
  for (const [selector, want] of cases) assert.equal(compileLabelSelector(selector)(labels), want, selector);
  assert.equal(compileLabelSelector('app=web')(undefined), false);
  assert.throws(() => compileLabelSelector('a=(b'), /unable to parse requirement/);
});
