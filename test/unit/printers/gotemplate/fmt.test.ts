import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeGoBase64 } from '../../../../src/machinery/go-base64.js';
import { htmlEscapeString, jsEscapeString, urlQueryEscape } from '../../../../src/printers/gotemplate/escape.js';
import { type PrintArg, sprint, sprintf, sprintln } from '../../../../src/printers/gotemplate/fmt/print.js';
import { formatFloat } from '../../../../src/printers/gotemplate/strconv/format-float.js';
import { parseFloat64, parseInt64, parseUint } from '../../../../src/printers/gotemplate/strconv/parse-number.js';
import { canBackquote, quote, quoteRune, quoteToASCII, unquote } from '../../../../src/printers/gotemplate/strconv/quote.js';
import { bool, float, fromRaw, int, str } from '../../../../src/printers/gotemplate/values.js';

const json = (raw: unknown): PrintArg => {
  const v = fromRaw(raw);
  return v.kind === 'invalid' ? null : v;
};

// Expectations from Go's fmt_test.go and fmt's documentation.
test('Sprintf verbs, flags, widths and precisions', () => {
  const cases: [string, PrintArg[], string][] = [
    ['%d', [int(12345)], '12345'],
    ['%v', [int(-12345, 'int64')], '-12345'],
    ['%5d|%-5d|%05d|%+d|% d', [int(12), int(12), int(-12), int(12), int(12)], '   12|12   |-0012|+12| 12'],
    ['%.3d|%.0d|%8.3d', [int(7), int(0), int(-7)], '007||    -007'],
    ['%b|%o|%O|%x|%X|%#x|%#o|%#b', [int(10), int(10), int(10), int(255), int(255), int(255), int(8), int(5)], '1010|12|0o12|ff|FF|0xff|010|0b101'],
    ['%c|%q|%U|%#U', [int(0x65e5), int(0x65e5), int(0x65e5), int(0x65e5)], '日|\'日\'|U+65E5|U+65E5 \'日\''],
    ['%s|%q|%x|% X|%#x', [str('héllo'), str('héllo'), str('hi'), str('hi'), str('hi')], 'héllo|"héllo"|6869|68 69|0x6869'],
    ['%5s|%-5s|%.2s|%5.1s|%05s', [str('ab'), str('ab'), str('日本語'), str('abc'), str('ab')], '   ab|ab   |日本|    a|000ab'],
    ['%+q|%#q|%#q', [str('日本'), str('a\tb'), str('`')], '"\\u65e5\\u672c"|`a\tb`|"`"'],
    ['%t|%v|%5t', [bool(true), bool(false), bool(true)], 'true|false| true'],
    ['%v|%g|%e|%E|%f|%F|%G', [float(1.5), float(1e6), float(1e6), float(1e-7), float(1.5), float(1.5), float(1e-7)], '1.5|1e+06|1.000000e+06|1.000000E-07|1.500000|1.500000|1E-07'],
    ['%.2f|%8.3f|%-8.2f|%+.1e|%08.3f|% .2f', [float(3.14159), float(3.14159), float(2.5), float(12345.678), float(-3.14159), float(1)], '3.14|   3.142|2.50    |+1.2e+04|-003.142| 1.00'],
    ['%.0f %.0f %.0f %.1f %.2f', [float(0.5), float(1.5), float(2.5), float(0.05), float(1.005)], '0 2 2 0.1 1.00'],
    ['%.3g|%#g|%#.3x|%x|%b', [float(1234.5678), float(1), float(1.5), float(1.5), float(1)], '1.23e+03|1.00000|0x1.800p+00|0x1.8p+00|4503599627370496p-52'],
    ['%v %v', [json([1, 'a', null]), json({ b: [1.5], a: { c: true } })], '[1 a <nil>] map[a:map[c:true] b:[1.5]]'],
    ['%#v', [json({ a: [1, 's'], n: null })], 'map[string]interface {}{"a":[]interface {}{1, "s"}, "n":interface {}(nil)}'],
    ['%d|%s|%x', [json([1, 2.5]), json({ a: 1 }), json(['ab', 'c'])], '[1 %!d(float64=2.5)]|map[a:%!s(int64=1)]|[6162 63]'],
    ['%T %T %T %T %T', [json({}), json([]), int(1), json(1), null], 'map[string]interface {} []interface {} int int64 <nil>'],
    ['%d|%s|%t|%z', [str('x'), int(1), int(1), int(1)], '%!d(string=x)|%!s(int=1)|%!t(int=1)|%!z(int=1)'],
    ['%v|%d|%s', [null, null, null], '<nil>|%!d(<nil>)|%!s(<nil>)'],
    ['%d %d', [int(1)], '1 %!d(MISSING)'],
    ['%d', [int(1), str('x'), null], '1%!(EXTRA string=x, <nil>)'],
    ['%', [], '%!(NOVERB)'],
    ['%%|%5%', [], '%|%'],
    ['%[2]d %[1]d|%[3]d', [int(1), int(2)], '2 1|%!d(BADINDEX)'],
    ['%[2]*[1]d|', [int(12), int(5)], '   12|'],
    ['%*d|%-*d|%.*f|%*d', [int(4), int(1), int(4), int(1), int(2), float(1), str('x'), int(1)], '   1|1   |1.00|%!(BADWIDTH)1'],
    ['%w', [str('x')], '%!w(string=x)'],
  ];
  for (const [format, args, want] of cases) assert.equal(sprintf(format, args), want, format);
});

test('Sprint adds spaces between operands that are not strings; Sprintln between all', () => {
  assert.equal(sprint([int(1), int(2), str('a'), int(3), str('b'), str('c')]), '1 2a3bc');
  assert.equal(sprint([null, int(1)]), '<nil> 1');
  assert.equal(sprintln([str('a'), int(1), null]), 'a 1 <nil>\n');
  assert.equal(sprint([]), '');
});

test('FormatFloat: shortest, fixed precision rounded half to even on the exact value', () => {
  const cases: [number, Parameters<typeof formatFloat>[1], number, string][] = [
    [1, 'g', -1, '1'], [0.1, 'g', -1, '0.1'], [1e21, 'g', -1, '1e+21'], [123456789, 'g', -1, '1.23456789e+08'], [1e-5, 'g', -1, '1e-05'],
    [100000, 'g', -1, '100000'], [0, 'e', -1, '0e+00'], [-0, 'g', -1, '-0'], [5e-324, 'g', -1, '5e-324'],
    [2.5, 'f', 0, '2'], [3.5, 'f', 0, '4'], [0.125, 'f', 2, '0.12'], [0.375, 'f', 2, '0.38'], [2.675, 'f', 2, '2.67'], [1e-10, 'f', 3, '0.000'],
    [1234.5678, 'e', 3, '1.235e+03'], [1.7976931348623157e308, 'e', 3, '1.798e+308'], [123, 'g', 2, '1.2e+02'], [0.0001234, 'g', 3, '0.000123'],
    [1, 'x', -1, '0x1p+00'], [0.1, 'x', -1, '0x1.999999999999ap-04'], [1.5, 'X', 3, '0X1.800P+00'], [1, 'b', -1, '4503599627370496p-52'],
    [NaN, 'g', -1, 'NaN'], [Infinity, 'f', 2, '+Inf'],
  ];
  for (const [v, fmt, prec, want] of cases) assert.equal(formatFloat(v, fmt, prec), want, `${v} ${fmt} ${prec}`);
});

test('strconv quoting and unquoting', () => {
  assert.equal(quote('a"b\\\n\t\u0007\u007f日\u2028'), '"a\\"b\\\\\\n\\t\\a\\x7f日\\u2028"');
  assert.equal(quoteToASCII('日本\u{1F600}'), '"\\u65e5\\u672c\\U0001f600"');
  assert.equal(quoteRune(0x27), "'\\''");
  assert.equal(quoteRune(0x110000), "'�'");
  assert.equal(canBackquote('a\tb'), true);
  assert.equal(canBackquote('a`b'), false);
  assert.equal(canBackquote('a\nb'), false);
  assert.equal(unquote('"a\\x41\\u00e9\\U0001F600\\101\\n"'), 'aAé\u{1F600}A\n');
  assert.equal(unquote('`raw\\n\r`'), 'raw\\n');
  assert.throws(() => unquote('"\\z"'), /invalid syntax/);
  assert.throws(() => unquote('"\\u12"'), /invalid syntax/);
});

test('strconv number parsing with base prefixes and underscores', () => {
  assert.equal(parseInt64('0x1F'), 31n);
  assert.equal(parseInt64('-0o17'), -15n);
  assert.equal(parseInt64('0b1_0'), 2n);
  assert.equal(parseInt64('017'), 15n);
  assert.equal(parseInt64('1__0'), undefined);
  assert.equal(parseInt64('9223372036854775808'), undefined);
  assert.equal(parseInt64('-9223372036854775808'), -9223372036854775808n);
  assert.equal(parseUint('18446744073709551615'), 18446744073709551615n);
  assert.equal(parseUint('18446744073709551616'), undefined);
  assert.equal(parseUint('089'), undefined);
  assert.equal(parseFloat64('089'), 89);
  assert.equal(parseFloat64('1_000.5'), 1000.5);
  assert.equal(parseFloat64('0x1.8p1'), 3);
  assert.equal(parseFloat64('0x1.8'), undefined);
  assert.equal(parseFloat64('1e400'), undefined);
  assert.equal(parseFloat64('.5'), 0.5);
  assert.equal(parseFloat64(`${'1'.repeat(100000)}x`), undefined);
});

test('base64 decoding as Go\'s StdEncoding: padding required, line breaks skipped, offsets of bad input', () => {
  assert.equal(Buffer.from(decodeGoBase64('aGVsbG8=')).toString(), 'hello');
  assert.equal(Buffer.from(decodeGoBase64('aGVs\nbG8=\n')).toString(), 'hello');
  assert.equal(Buffer.from(decodeGoBase64('')).toString(), '');
  assert.throws(() => decodeGoBase64('aGVsbG8'), /illegal base64 data at input byte 4/);
  assert.throws(() => decodeGoBase64('aGV*'), /illegal base64 data at input byte 3/);
  assert.throws(() => decodeGoBase64('aGVsbG8=x'), /illegal base64 data at input byte 8/);
  assert.throws(() => decodeGoBase64('a==='), /illegal base64 data at input byte 1/);
});

test('the html, js and urlquery escapers', () => {
  assert.equal(htmlEscapeString(`<a href="x">'&'\0</a>`), '&lt;a href=&#34;x&#34;&gt;&#39;&amp;&#39;\ufffd&lt;/a&gt;');
  assert.equal(jsEscapeString(`a'b"c\\<>&=\n\u0001é\u2028`), 'a\\\'b\\"c\\\\\\u003C\\u003E\\u0026\\u003D\\u000A\\u0001é\\u2028');
  assert.equal(urlQueryEscape('a b/c?d=é~_.-'), 'a+b%2Fc%3Fd%3D%C3%A9~_.-');
});
