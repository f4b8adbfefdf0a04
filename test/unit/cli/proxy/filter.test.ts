// kubectl proxy's request filter: Go's regular expressions on RE2, so that a request's path or
// Host header cannot make a pattern backtrack.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadRe2 } from '../../../../src/machinery/regex/re2.js';
import { accepted, hostOnly, patterns, requestPath } from '../../../../src/cli/commands/proxy/filter.js';
import { UsageError } from '../../../../src/cli/framework/usage-error.js';

before(loadRe2);

/** kubectl proxy's defaults. */
const defaults = () => ({
  acceptHosts: patterns('^localhost$,^127\\.0\\.0\\.1$,^\\[::1\\]$', 'accept-hosts'),
  acceptPaths: patterns('^.*', 'accept-paths'),
  rejectPaths: patterns('^/api/.*/pods/.*/exec,^/api/.*/pods/.*/attach', 'reject-paths'),
  rejectMethods: patterns('^$', 'reject-methods'),
});

test('the defaults accept local hosts and refuse exec and attach', () => {
  const f = defaults();
  assert.equal(accepted(f, 'GET', '/api/v1/namespaces', 'localhost:8001'), true);
  assert.equal(accepted(f, 'GET', '/api/v1/namespaces', '[::1]:8001'), true);
  assert.equal(accepted(f, 'GET', '/api/v1/namespaces', 'evil.example:8001'), false);
  assert.equal(accepted(f, 'POST', '/api/v1/namespaces/d/pods/p/exec', '127.0.0.1:8001'), false);
  assert.equal(hostOnly('[::1]:8001'), '[::1]');
});

test('a pattern that nests repetitions runs in linear time against a hostile path', () => {
  const f = { ...defaults(), rejectPaths: patterns('^/(a|aa)*$', 'reject-paths') };
  const started = Date.now();
  assert.equal(accepted(f, 'GET', `/${'a'.repeat(60)}!`, 'localhost'), true);
  assert.ok(Date.now() - started < 1000, `matching took ${Date.now() - started} ms`);
});

test("a pattern Go does not compile is a usage error with Go's reason", () => {
  assert.throws(() => patterns('^/api,a(?=b)', 'accept-paths'), (e: unknown) => e instanceof UsageError
    && e.message === 'invalid --accept-paths pattern "a(?=b)": error parsing regexp: invalid or unsupported Perl syntax: `(?=`');
});

test('the filter reads the path decoded, as Go gives it to handlers', () => {
  assert.equal(requestPath('/api/v1/pods/p/%65xec'), '/api/v1/pods/p/exec');
  assert.equal(requestPath('/a+b/%2F/%E2%98%83'), '/a+b///\u2603');
  assert.equal(requestPath('/plain'), '/plain');
  for (const bad of ['/%', '/%2', '/%zz', '/%g0']) assert.equal(requestPath(bad), undefined, bad);
  assert.equal(accepted(defaults(), 'POST', requestPath('/api/v1/namespaces/d/pods/p/%65xec') ?? '', 'localhost'), false);
});
