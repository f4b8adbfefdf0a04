// The bearer token of a request, read from a header any client chooses: the same tokens as
// `/^Bearer\s+(.+)$/i`, in time linear in the header.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { bearerToken } from '../../../../src/server/auth/authenticator.js';

const withHeader = (authorization: string | undefined): IncomingMessage => ({ headers: authorization === undefined ? {} : { authorization } }) as IncomingMessage;

test('the token after Bearer in any case and any white space', () => {
  assert.equal(bearerToken(withHeader('Bearer abc')), 'abc');
  assert.equal(bearerToken(withHeader('bearer\tabc ')), 'abc');
  assert.equal(bearerToken(withHeader('  BEARER   a b  ')), 'a b');
  for (const h of [undefined, '', 'Bearer', 'Bearer   ', 'Bearerabc', 'Basic abc', 'Bear abc']) assert.equal(bearerToken(withHeader(h)), undefined, JSON.stringify(h));
});

test('a header of white space is read in linear time', () => {
  const started = Date.now();
  for (let i = 0; i < 50; i++) assert.equal(bearerToken(withHeader(`Bearer\n${'\t'.repeat(16_000)}\n`)), undefined);
  assert.ok(Date.now() - started < 1000, `50 reads took ${Date.now() - started} ms`);
});
