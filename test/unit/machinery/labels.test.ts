// Label selectors: labels.Parse's grammar and messages, matching, and the string forms.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SelectorParseError, parseLabelSelector } from '../../../src/machinery/labels/parse.js';
import { formatLabels, formatObjectSelector, fromLabelMap, matchesLabels, selectorString } from '../../../src/machinery/labels/selector.js';

const matches = (selector: string, labels: Record<string, string>): boolean => matchesLabels(parseLabelSelector(selector), labels);

test('parsing: requirements sorted by key, set values sorted and unique, "()" as the empty value', () => {
  assert.equal(selectorString(parseLabelSelector('z=1, a in (y,x,x), !b, c, d!=2, e notin (q), n>3, m<4, f==5')),
    'a in (x,y),!b,c,d!=2,e notin (q),f==5,m<4,n>3,z=1');
  assert.deepEqual(parseLabelSelector('').requirements, []);
  assert.deepEqual(parseLabelSelector('a in ()').requirements, [{ key: 'a', op: 'in', values: [''] }]);
  assert.deepEqual(parseLabelSelector('a in (in, notin)').requirements, [{ key: 'a', op: 'in', values: ['in', 'notin'] }]);
});

test("parse errors are labels.Parse's", () => {
  const cases: [string, string][] = [
    ['app web', "unable to parse requirement: found 'web', expected: in, notin, =, ==, !=, gt, lt"],
    ['app,', "found '', expected: identifier after ','"],
    ['a=b c', "found 'c', expected: ',' or 'end of string'"],
    ['a=(b', "unable to parse requirement: found '(', expected: identifier"],
    ['a>b', `unable to parse requirement: values[0]: Invalid value: "b": for 'Gt', 'Lt' operators, the value must be an integer`],
    ['a=-b', `unable to parse requirement: values[0][a]: Invalid value: "-b": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`],
  ];
  for (const [selector, message] of cases) {
    assert.throws(() => parseLabelSelector(selector), (err: unknown) => err instanceof SelectorParseError && err.message === message, selector);
  }
  assert.throws(() => parseLabelSelector('a/b/c=1'), /^SelectorParseError: unable to parse requirement: <nil>: Invalid value: "a\/b\/c": a qualified name/);
});

test('matching', () => {
  const labels = { app: 'web', tier: 'front', n: '10' };
  assert.equal(matches('app=web,tier in (front,back)', labels), true);
  assert.equal(matches('app!=web', labels), false);
  assert.equal(matches('missing!=x,!missing,missing notin (a)', labels), true);
  assert.equal(matches('n>9,n<11', labels), true);
  assert.equal(matches('app>1', labels), false);
  // Only own keys are labels.
  assert.equal(matches('constructor', labels), false);
  assert.equal(matchesLabels(fromLabelMap({}), {}), true);
  assert.equal(formatObjectSelector({ matchLabels: { b: '1' }, matchExpressions: [{ key: 'a', operator: 'Exists' }] }), 'a,b=1');
  assert.equal(formatObjectSelector(undefined), '<none>');
});

test('the string forms are what kubectl 1.32 prints (describe of a Service and a Deployment)', () => {
  // labels.FormatLabels sorts the `k=v` pairs, not the keys: `a-b=x` comes before `a=y`.
  assert.equal(formatLabels({ a: 'y', 'a-b': 'x', 'a.c': 'z' }), 'a-b=x,a.c=z,a=y');
  assert.equal(formatLabels({}), '<none>');
  // LabelSelectorAsSelector keeps repeated values: `app in (b,web,web)`.
  const selector = { matchLabels: { zz: 'a' }, matchExpressions: [{ key: 'app', operator: 'In', values: ['web', 'b', 'web'] }, { key: 'aa', operator: 'Exists' }, { key: 'zz', operator: 'NotIn', values: ['q', 'q'] }] };
  assert.equal(formatObjectSelector(selector), 'aa,app in (b,web,web),zz=a,zz notin (q,q)');
});
