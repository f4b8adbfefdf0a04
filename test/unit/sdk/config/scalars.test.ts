import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CorruptInputError, canonicalGoBase64, decodeGoBase64 } from '../../../../src/machinery/go-base64.js';
import { resolvePlain } from '../../../../src/machinery/yaml/resolve.js';

test('base64 with Go\'s rules and offsets', () => {
  const offset = (s: string): number | undefined => {
    try {
      decodeGoBase64(s);
      return undefined;
    } catch (err) {
      assert.ok(err instanceof CorruptInputError);
      return err.offset;
    }
  };
  assert.equal(offset('aGVsbG8='), undefined);
  assert.equal(offset('aGVs\nbG8='), undefined);
  assert.equal(offset(''), undefined);
  assert.equal(offset('hello'), 4);
  assert.equal(offset('!!notbase64'), 0);
  assert.equal(offset('aGVsbG8'), 4);
  assert.equal(offset('aG=='), undefined);
  assert.equal(offset('aG=x'), 2);
  assert.equal(offset('aGVsbG8=x'), 8);
  assert.equal(offset('a==='), 1);
  assert.equal(canonicalGoBase64('aGVs\r\nbG8='), 'aGVsbG8=');
});

test('plain scalars resolve as go-yaml v2 (YAML 1.1) resolves them', () => {
  const tags: [string, string][] = [
    ['yes', 'bool'], ['Off', 'bool'], ['y', 'bool'], ['true', 'bool'], ['~', 'null'], ['', 'null'], ['Null', 'null'],
    ['5', 'int'], ['-7', 'int'], ['0x1F', 'int'], ['012', 'int'], ['0o17', 'int'], ['1_000', 'int'], ['0b101', 'int'], ['08', 'float'],
    ['1e3', 'float'], ['.5', 'float'], ['1.', 'float'], ['.inf', 'float'], ['-.Inf', 'float'], ['.nan', 'float'],
    ['2001-12-14', 'timestamp'], ['12:30', 'str'], ['yesno', 'str'], ['0x', 'str'], ['+', 'str'], ['.', 'str'], ['1.2.3', 'str'],
  ];
  for (const [text, tag] of tags) assert.equal(resolvePlain(text).tag, tag, text);
  assert.equal(resolvePlain('0x1F').value, 31);
  assert.equal(resolvePlain('012').value, 10);
  assert.equal(resolvePlain('8080').value, 8080);
  // Go's ParseInt and ParseUint both refuse a hexadecimal literal beyond uint64, and it is no float either.
  assert.equal(resolvePlain('0x10000000000000000').tag, 'str');
  assert.equal(resolvePlain('-0x8000000000000000').tag, 'int');
  assert.equal(resolvePlain('+0x8000000000000000').tag, 'str');
  // A float beyond float64 is not one for Go's ParseFloat: the text stays a string (as the YAML writer leaves it unquoted).
  assert.equal(resolvePlain('1e400').tag, 'str');
  assert.equal(resolvePlain('.5e999').tag, 'str');
});
