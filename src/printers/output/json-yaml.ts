import type { KubeObject } from '../../sdk/types/meta.js';
import type { WatchEvent } from '../../sdk/types/watch.js';
import { toJson } from '../../machinery/json/go-json.js';
import { toYaml } from '../../machinery/yaml/emit.js';
import { PrinterError } from '../errors.js';
import { omitManagedFields } from './lists.js';

/** Options shared by the object printers. */
export interface ObjectPrintOptions {
  /** `--show-managed-fields`: keep `metadata.managedFields` (hidden by default, as kubectl hides them). */
  showManagedFields?: boolean;
}

function prepare(object: KubeObject, options: ObjectPrintOptions): KubeObject {
  if (!object.apiVersion && !object.kind) {
    throw new PrinterError('missing apiVersion or kind; try GetObjectKind().SetGroupVersionKind() if you know the type');
  }
  return options.showManagedFields ? object : omitManagedFields(object);
}

/** `-o json` for one object (or a list): four-space indented, keys sorted, with a final newline. */
export function printJson(object: KubeObject, options: ObjectPrintOptions = {}): string {
  return `${toJson(prepare(object, options), { indent: '    ' })}\n`;
}

/** `-o yaml` for one object (or a list), without a document separator. */
export function printYaml(object: KubeObject, options: ObjectPrintOptions = {}): string {
  return toYaml(prepare(object, options));
}

/**
 * A watch event for `--output-watch-events -o json`: one compact line `{"type":...,"object":...}`
 * (type first, as kubectl writes the event), so scripts can read the stream line by line.
 */
export function printWatchEventJson(event: WatchEvent, options: ObjectPrintOptions = {}): string {
  const object = options.showManagedFields ? event.object : omitManagedFields(event.object as KubeObject);
  return `{"type":${toJson(event.type)},"object":${toJson(object)}}\n`;
}

/**
 * kubectl's YAML printer, which separates documents: every document after the first one it
 * prints is preceded by `---`. Use one instance per command (for `get -w` and for watches).
 */
export class YamlDocumentPrinter {
  private count = 0;
  private readonly options: ObjectPrintOptions;

  constructor(options: ObjectPrintOptions = {}) {
    this.options = options;
  }

  /** The YAML of one object, with `---\n` before it unless it is the first. */
  print(object: KubeObject): string {
    const text = printYaml(object, this.options);
    return this.separator() + text;
  }

  /** A watch event as a YAML document (`object:` then `type:`, keys sorted as kubectl sorts them). */
  printEvent(event: WatchEvent): string {
    const object = this.options.showManagedFields ? event.object : omitManagedFields(event.object as KubeObject);
    return this.separator() + toYaml({ object, type: event.type });
  }

  private separator(): string {
    this.count++;
    return this.count > 1 ? '---\n' : '';
  }
}
