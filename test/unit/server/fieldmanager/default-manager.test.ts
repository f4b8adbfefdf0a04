import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultManager, validateFieldManager } from '../../../../src/server/fieldmanager/index.js';

test('the default field manager is the user agent up to its first slash', () => {
  assert.equal(defaultManager('kubectl/v1.32.0 (linux/amd64) kubernetes/abc'), 'kubectl');
  assert.equal(defaultManager('platformctl/0.1.0'), 'platformctl');
  assert.equal(defaultManager('Go-http-client/1.1'), 'Go-http-client');
  assert.equal(defaultManager(undefined), '');
  assert.equal(defaultManager('bad\u0000\u0007name/1'), 'badname');
  assert.equal(defaultManager('x'.repeat(200)), 'x'.repeat(128));
  assert.equal(defaultManager('é'.repeat(100)).length, 64, 'cut at 128 bytes, not characters');
  assert.equal(defaultManager('my\u00a0tool\u3000x/1'), 'mytoolx', "Go's unicode.IsPrint takes no space but the ASCII one");
});

test('field manager names are validated as the apiserver does', () => {
  assert.equal(validateFieldManager('ok-manager'), undefined);
  assert.match(validateFieldManager('x'.repeat(129)) ?? '', /Too long/);
  assert.match(validateFieldManager('tab\there') ?? '', /printable/);
  assert.equal(validateFieldManager('two words'), undefined);
  assert.match(validateFieldManager('no\u00a0break') ?? '', /printable/);
  assert.match(validateFieldManager('soft\u00adhyphen') ?? '', /printable/, 'a format character (Cf) is not printable');
});
