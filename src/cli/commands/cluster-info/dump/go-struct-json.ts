/**
 * JSON as Go's `json.MarshalIndent(obj, "", "    ")` writes a typed object: keys in the order
 * they come (a typed struct's field order, which the server's answer already has) rather than
 * sorted as for unstructured objects, with Go's string escaping (`<`, `>`, `&` as `\u003c` ...).
 */
import { goJsonString } from '../../../../machinery/json/go-json.js';

function write(value: unknown, indent: string, out: string[]): void {
  if (value === null || value === undefined) {
    out.push('null');
  } else if (typeof value === 'string') {
    out.push(goJsonString(value));
  } else if (typeof value === 'number' || typeof value === 'boolean') {
    out.push(JSON.stringify(value));
  } else if (Array.isArray(value)) {
    if (value.length === 0) {
      out.push('[]');
      return;
    }
    const inner = `${indent}    `;
    out.push('[');
    value.forEach((item, i) => {
      out.push(i === 0 ? `\n${inner}` : `,\n${inner}`);
      write(item, inner, out);
    });
    out.push(`\n${indent}]`);
  } else if (typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) {
      out.push('{}');
      return;
    }
    const inner = `${indent}    `;
    out.push('{');
    entries.forEach(([k, v], i) => {
      out.push(`${i === 0 ? '\n' : ',\n'}${inner}${goJsonString(k)}: `);
      write(v, inner, out);
    });
    out.push(`\n${indent}}`);
  } else {
    out.push('null');
  }
}

/** The indented JSON text of `value`, keys in insertion order, with a final newline. */
export function goStructJson(value: unknown): string {
  const out: string[] = [];
  write(value, '', out);
  out.push('\n');
  return out.join('');
}
