/**
 * Locates the first syntax error in JSON text. `JSON.parse` does not always say where it failed
 * (Node 20 often gives only an excerpt), so after it throws we scan the text once more to find the
 * offset and describe the problem the way Go's encoding/json does.
 */

/** Offset (0-based) of the first error and Go's description of it. */
export interface JsonSyntaxProblem {
  offset: number;
  reason: string;
}

class Problem extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

function describe(c: string | undefined): string {
  if (c === undefined) return 'unexpected end of JSON input';
  return `invalid character ${JSON.stringify(c).replace(/^"|"$/g, "'")}`;
}

/** A tiny recursive-descent validator: returns where the text stops being JSON, or undefined. */
export function findJsonSyntaxError(text: string): JsonSyntaxProblem | undefined {
  let i = 0;
  const ws = (): void => {
    while (i < text.length && ' \t\r\n'.includes(text[i] as string)) i++;
  };
  const expect = (context: string): never => {
    const c = text[i];
    throw new Problem(i, c === undefined ? 'unexpected end of JSON input' : `${describe(c)} ${context}`);
  };
  const literal = (word: string): void => {
    for (const ch of word) {
      if (text[i] !== ch) expect(`in literal ${word} (expecting '${ch}')`);
      i++;
    }
  };
  const string = (): void => {
    i++;
    for (;;) {
      const c = text[i];
      if (c === undefined) expect('');
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        i++;
        const e = text[i];
        if (e === 'u') {
          for (let k = 1; k <= 4; k++) if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) {
            i += k;
            expect('in \\u hexadecimal character escape');
          }
          i += 5;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) expect('in string escape code');
        i++;
        continue;
      }
      if ((c as string) < ' ') expect('in string literal');
      i++;
    }
  };
  const number = (): void => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (m === null || m[0] === '' || m[0] === '-') {
      if (text[i] === '-') i++;
      expect('in numeric literal');
    }
    i += (m as RegExpExecArray)[0].length;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') expect('looking for beginning of object key string');
        string();
        ws();
        if (text[i] !== ':') expect('after object key');
        i++;
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        expect('after object key:value pair');
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        expect('after array element');
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    expect('looking for beginning of value');
  };
  try {
    value();
    ws();
    if (i < text.length) expect('after top-level value');
    return undefined;
  } catch (err) {
    if (err instanceof Problem) return { offset: err.offset, reason: err.reason };
    throw err;
  }
}
