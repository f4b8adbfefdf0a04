import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTokenFile } from '../../../../src/server/auth/authn/static-token.js';

describe('token file parsing (CSV as the API server reads it)', () => {
  test('quoted group lists, doubled quotes, CRLF, a BOM and blank lines', () => {
    const users = parseTokenFile('\uFEFFt1,alice,1,"a,b"\r\n\r\n"t,2",bob,2,"",extra\nt3,"c ""q""",3\n', 'tokens.csv');
    assert.deepEqual(users, [
      { token: 't1', username: 'alice', uid: '1', groups: ['a', 'b'] },
      { token: 't,2', username: 'bob', uid: '2' },
      { token: 't3', username: 'c "q"', uid: '3' },
    ]);
  });

  test('fewer than three columns, or an empty token, is an error naming the file', () => {
    assert.throws(() => parseTokenFile('t1,alice\n', 'tokens.csv'), /token file 'tokens.csv' must have at least 3 columns \(token, user name, user uid\), found 2/);
    assert.throws(() => parseTokenFile(',alice,1\n', 'tokens.csv'), /record 1 has an empty token/);
  });
});
