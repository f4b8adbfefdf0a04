/**
 * `get -o json` of a list, written item by item as the chunks arrive, so memory holds one chunk
 * instead of the whole list (kubectl builds the whole `kind: List` first). The text is exactly
 * what printing the whole List at once gives: each item is the printer's JSON of the item,
 * indented two levels deeper.
 */
import { printJson } from '../../../printers/output/json-yaml.js';
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { Output } from '../../io/io.js';

/** Writes a `{"apiVersion":"v1","items":[...],"kind":"List",...}` document incrementally. */
export class JsonListStream {
  private readonly out: Output;
  private readonly showManagedFields: boolean;
  private count = 0;

  constructor(out: Output, showManagedFields: boolean) {
    this.out = out;
    this.showManagedFields = showManagedFields;
  }

  /** Writes the items of one chunk. */
  write(items: readonly KubeObject[]): void {
    const parts: string[] = [];
    for (const item of items) {
      const text = printJson(item, { showManagedFields: this.showManagedFields });
      // The item's own final newline is dropped; separators and indentation come from the list.
      const body = text.slice(0, -1).replaceAll('\n', '\n        ');
      parts.push(this.count === 0 ? `{\n    "apiVersion": "v1",\n    "items": [\n        ${body}` : `,\n        ${body}`);
      this.count++;
    }
    if (parts.length > 0) this.out.write(parts.join(''));
  }

  /** Items written so far. */
  get written(): number {
    return this.count;
  }

  /** Ends the document. */
  end(): void {
    const tail = '    "kind": "List",\n    "metadata": {\n        "resourceVersion": ""\n    }\n}\n';
    this.out.write(this.count === 0 ? `{\n    "apiVersion": "v1",\n    "items": [],\n${tail}` : `\n    ],\n${tail}`);
  }
}
