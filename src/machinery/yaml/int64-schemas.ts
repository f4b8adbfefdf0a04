/**
 * YAML schemas whose integers are those of json-numbers.ts: go-yaml (which the API server reads
 * YAML with) keeps an integer exactly in an int64, where js-yaml's parseInt rounds it to a double.
 * Loading gives a bigint for an int64 beyond 2^53, a number otherwise (beyond int64, the double
 * go-yaml's uint64 or float64 becomes in JSON); dumping writes a bigint as its digits.
 */
import type { Schema } from 'js-yaml';
import { INT64_MAX, INT64_MIN, canonicalInteger } from '../json-numbers.js';

/** The schemas: `load` (JSON schema, for request bodies), `dump` (default schema, for answers). */
export interface YamlNumberSchemas {
  load: Schema;
  dump: Schema;
}

/** js-yaml's integer forms: decimal, `0b`, `0o`, `0x`, with a sign. */
const INTEGER = /^[-+]?(?:0b[01]+|0o[0-7]+|0x[0-9a-fA-F]+|[0-9]+)$/;

/** The value of an integer scalar that matches {@link INTEGER} as a double (Number reads every prefix). */
function approximateInteger(text: string): number {
  const value = Number(text.replace(/^[-+]/, ''));
  return text.startsWith('-') ? -value : value;
}

/** A YAML integer as json-numbers.ts keeps it. */
function constructInteger(text: string): number | bigint {
  const approximate = approximateInteger(text);
  if (Number.isSafeInteger(approximate)) return approximate;
  // Longer than any int64 in any base (64 binary digits): not worth an exact parse.
  if (text.length > 70) return approximate;
  const digits = BigInt(text.replace(/^[-+]/, ''));
  const value = text.startsWith('-') ? -digits : digits;
  return value >= INT64_MIN && value <= INT64_MAX ? canonicalInteger(value) : approximate;
}

let schemas: Promise<YamlNumberSchemas> | undefined;

/** The schemas (js-yaml is loaded on first use). */
export function yamlNumberSchemas(): Promise<YamlNumberSchemas> {
  schemas ??= import('js-yaml').then((yaml) => {
    const integer = new yaml.Type('tag:yaml.org,2002:int', {
      kind: 'scalar',
      // As js-yaml's: integers too large for a double are not integers (they end up strings, as
      // in go-yaml, whose float64 cannot hold them either).
      resolve: (data: unknown) => typeof data === 'string' && INTEGER.test(data) && Number.isFinite(approximateInteger(data)),
      construct: (data: string) => constructInteger(data),
      predicate: (data: unknown) => typeof data === 'bigint' || (typeof data === 'number' && Number.isInteger(data) && !Object.is(data, -0)),
      represent: (data: unknown) => String(data),
    });
    // Replaces the int type of each schema (same tag and kind).
    return { load: yaml.JSON_SCHEMA.extend({ implicit: [integer] }), dump: yaml.DEFAULT_SCHEMA.extend({ implicit: [integer] }) };
  });
  return schemas;
}
