import { test } from 'node:test';
import assert from 'node:assert/strict';
import { numberLiteralOf, readExact, readExactly, readJson, writeJson } from '../../../src/machinery/json-numbers.js';

test('integers beyond 2^53 within int64 are bigints, exactly; safe ones stay numbers', () => {
  const v = readJson('{"a":9007199254740993,"b":9007199254740991,"c":-9223372036854775808,"d":9223372036854775807,"e":[1000000000000000,-9007199254740992]}') as Record<string, unknown>;
  assert.deepEqual(v, { a: 9007199254740993n, b: 9007199254740991, c: -9223372036854775808n, d: 9223372036854775807n, e: [1000000000000000, -9007199254740992n] });
  assert.ok(readExactly(v));
});

test('what a Go decoder holds as a float64 is a number, and its text is kept for the typed decoders', () => {
  const v = readJson('{"big":123456789012345678901234567890,"tiny":1e-400,"huge":1e400,"one":1.0,"k":1e3,"half":0.50}') as Record<string, unknown>;
  assert.deepEqual(v, { big: 1.2345678901234568e+29, tiny: 0, huge: Infinity, one: 1, k: 1000, half: 0.5 });
  assert.deepEqual(['big', 'tiny', 'huge', 'one', 'k', 'half'].map((k) => numberLiteralOf(v, k)), ['123456789012345678901234567890', '1e-400', '1e400', '1.0', '1e3', '0.50']);
  const list = readJson('[1, 2.50, 3]') as unknown[];
  assert.deepEqual([numberLiteralOf(list, 0), numberLiteralOf(list, 1)], [undefined, '2.50']);
});

test('text without such numbers is JSON.parse\'s result (no side table, not marked exact)', () => {
  const text = '{"image":"nginx:1.25","v":"9007199254740993","n":12,"f":[1,2],"s":"a:1.5}"}';
  const v = readJson(text);
  assert.deepEqual(v, JSON.parse(text));
  assert.equal(readExactly(v), false);
});

test('the exact reader gives what JSON.parse gives for everything but the numbers it keeps', () => {
  const samples = [
    '{"a":{"b":[1,true,false,null,"x\\"y\\\\z\\u00e9\\n",{"c":[]},{}],"__proto__":{"p":1},"constructor":2},"a2":-0.5e-3}',
    '  [ { "k" : "v" } , [ [ ] ] , -1 , 1.5E+2 ]  ',
    '{"dup":1,"other":2,"dup":3}',
    '"just a string"',
    '17',
  ];
  for (const text of samples) {
    const exact = readExact(text);
    assert.deepEqual(exact, JSON.parse(text), text);
  }
  const proto = readExact('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(proto), Object.prototype);
  assert.deepEqual(Object.keys(proto), ['__proto__']);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});

test('random documents read the same both ways', () => {
  let seed = 7;
  const rand = (k: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % k;
  };
  const gen = (depth: number): unknown => {
    switch (depth > 4 ? rand(4) : rand(7)) {
      case 0: return rand(2) === 0;
      case 1: return null;
      case 2: return (rand(2) === 0 ? -1 : 1) * rand(100000) / (rand(3) === 0 ? 7 : 1);
      case 3: return `s${rand(1000)}\u00e9"\\`;
      case 4: return rand(1e9);
      case 5: return Array.from({ length: rand(4) }, () => gen(depth + 1));
      default: return Object.fromEntries(Array.from({ length: rand(4) }, (_, i) => [`k${i}${rand(10)}`, gen(depth + 1)]));
    }
  };
  for (let i = 0; i < 300; i++) {
    const text = JSON.stringify(gen(0), null, rand(2) === 0 ? undefined : 1);
    assert.deepEqual(readExact(text), JSON.parse(text), text);
  }
});

test('writeJson prints bigints as digits, with JSON.stringify\'s spacing', () => {
  const v = { a: 9007199254740993n, b: [1, -9223372036854775808n, { c: 'x', u: undefined }], d: {}, e: [], f: 1.5, g: null };
  assert.equal(writeJson(v), '{"a":9007199254740993,"b":[1,-9223372036854775808,{"c":"x"}],"d":{},"e":[],"f":1.5,"g":null}');
  // The same tree with small numbers where the bigints are: the spacing must be JSON.stringify's.
  const plain = { a: 11, b: [1, -22, { c: 'x', u: undefined }], d: {}, e: [], f: 1.5, g: null };
  assert.equal(writeJson(v, 2), JSON.stringify(plain, null, 2).replace('11', '9007199254740993').replace('-22', '-9223372036854775808'));
  assert.equal(writeJson({ a: 1 }), '{"a":1}');
  assert.throws(() => writeJson({ a: 1n, b: Infinity }), TypeError);
});

test('what writeJson writes, readJson reads back exactly', () => {
  const v = readJson('{"a":[9007199254740993,-9223372036854775807],"b":{"c":18014398509481985}}');
  assert.deepEqual(readJson(writeJson(v)), v);
});
