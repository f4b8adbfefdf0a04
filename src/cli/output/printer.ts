/**
 * Turns the output flags into a printer: {@link printerFor}. Commands hand it objects (a `get`
 * result, a chunk of one, the objects a write returned, watch events) and write the text it
 * returns. Human tables need the server's Table and the per-type decoration `get` does, so for
 * `table`/`wide` the printer gives the {@link Printer.table} options and prints objects only as a
 * client-side NAME/AGE table.
 */
import type { KubeObject } from '../../sdk/types/meta.js';
import type { WatchEvent } from '../../sdk/types/watch.js';
import type { TablePrintOptions } from '../../printers/table/decorate.js';
import type { FlagReader } from '../framework/flag-reader.js';
import { UsageError } from '../framework/usage-error.js';
import { ALL_FORMATS, GO_TEMPLATE_FORMATS, LABEL_COLUMNS_FLAG, NO_HEADERS_FLAG, OBJECT_FORMATS, SHOW_KIND_FLAG, SHOW_LABELS_FLAG, SORT_BY_FLAG } from './flags.js';
import type { OBJECT_OUTPUT_FLAGS } from './flags.js';

/** The formats whose argument `--template` can give instead (`-o jsonpath --template '{.x}'`). */
const TEMPLATE_ARGUMENT_FORMATS = new Set([...GO_TEMPLATE_FORMATS, 'jsonpath', 'jsonpath-as-json', 'jsonpath-file', 'custom-columns', 'custom-columns-file']);

/** An `-o` format; `table` is the default human output. */
export type OutputFormat = 'table' | (typeof ALL_FORMATS)[number];

/** What {@link printerFor} needs from the command. */
export interface OutputContext {
  /** Directory relative file names (`-o jsonpath-file=FILE`, `custom-columns-file`) resolve against. */
  cwd: string;
  /** The clock ages are computed against (client-side tables). */
  now: () => Date;
  /**
   * Standard output, for what kubectl writes there before a Go template's execution error (the
   * output so far and its debugging report); without it that text is dropped.
   */
  stdout?: { write(text: string): void };
}

/** Options of {@link printerFor}. */
export interface PrinterForOptions {
  /**
   * Whether the command has human tables (`get`: yes; create, apply, patch ...: no, only
   * {@link OBJECT_FORMATS}, and no `-o` at all means the command's own result lines).
   */
  human: boolean;
}

/** A printer chosen by the output flags. */
export interface Printer {
  /** The format (`table` when `-o` is absent on a human command, `none` never). */
  readonly format: OutputFormat;
  /** Whether the output is a human table (`table`, `wide`): print server Tables with {@link table}. */
  readonly humanReadable: boolean;
  /** The table flags (`wide`, `--no-headers`, `--show-labels`, `-L`, `--show-kind`) for human output. */
  readonly table: TablePrintOptions;
  /** `--sort-by` (a JSONPath), or undefined. */
  readonly sortBy: string | undefined;
  /** `--show-managed-fields`. */
  readonly showManagedFields: boolean;
  /**
   * The text of objects printed as one result (a `get`): one object alone when
   * `singleItemImplied`, else a `kind: List` for json/yaml/jsonpath, one line or row per object for
   * name and custom-columns; sorted by {@link sortBy}. An empty array prints nothing for name and
   * custom-columns, and an empty List for json/yaml/jsonpath (as kubectl).
   */
  printObjects(objects: readonly KubeObject[], singleItemImplied: boolean): string;
  /**
   * The text of one object of a stream (`get -w`, or a command printing as it goes): JSON objects
   * one after another, YAML documents separated by `---`, custom-columns rows under one header.
   */
  printStreamed(object: KubeObject): string;
  /**
   * The text of one watch event for `--output-watch-events`: one compact JSON line
   * `{"type":...,"object":...}`, a YAML `{object, type}` document, a custom-columns row whose paths
   * see `{type, object}`, a JSONPath over `{type, object}`, or the object's name.
   */
  printEvent(event: WatchEvent): string;
}

/** The `-o` value split into format and argument (`jsonpath={.x}` -> `jsonpath`, `{.x}`). */
export function splitOutputFlag(output: string): { format: string; argument: string | undefined } {
  const eq = output.indexOf('=');
  return eq < 0 ? { format: output, argument: undefined } : { format: output.slice(0, eq), argument: output.slice(eq + 1) };
}

function unknownFormat(output: string, formats: readonly string[]): UsageError {
  return new UsageError(`unable to match a printer suitable for the output format "${output}", allowed formats are: ${[...formats].sort().join(',')}`, false);
}

async function readTemplateFile(cwd: string, file: string, what: string): Promise<string> {
  const [{ INPUT_FILE_LIMIT, readTextFileLimited }, { resolve }] = await Promise.all([import('../../sdk/bounded-read.js'), import('node:path')]);
  try {
    return await readTextFileLimited(resolve(cwd, file), INPUT_FILE_LIMIT);
  } catch (err) {
    const message = (err as NodeJS.ErrnoException).code === 'ENOENT' ? `open ${file}: no such file or directory` : (err as Error).message;
    throw new UsageError(`error reading ${what} ${file}, ${message}`, false);
  }
}

/**
 * Builds the printer the output flags ask for. Flags the command does not define read as their
 * zero values, so commands with {@link OBJECT_OUTPUT_FLAGS} and with {@link outputFlags} both work:
 * the command must declare the former; the human-table flags of the latter are optional reads.
 *
 * @returns the printer, or undefined when `-o` is absent on a non-human command (the command
 *   prints its own result lines)
 * @throws UsageError for an unknown format or a missing template; PrinterError / JsonPathError /
 *   GoTemplateError for a bad template or column spec
 */
export async function printerFor(flags: FlagReader<(typeof OBJECT_OUTPUT_FLAGS)[number]>, context: OutputContext, options: PrinterForOptions): Promise<Printer | undefined> {
  const output = flags.string('output') ?? '';
  const templateFlag = flags.string('template') ?? '';
  const split = splitOutputFlag(output);
  const allowed: readonly string[] = options.human ? ALL_FORMATS : OBJECT_FORMATS;
  // kubectl: --template alone means -o go-template; with --template, -o names a format only
  // (`-o go-template=X --template=Y` is no format at all).
  const format = split.format === '' && templateFlag !== '' ? 'go-template' : split.format;
  if (templateFlag !== '' && split.argument !== undefined && TEMPLATE_ARGUMENT_FORMATS.has(format)) throw unknownFormat(output, allowed);
  const template = templateFlag !== '' ? templateFlag : split.argument ?? '';
  if (format === '' && !options.human) return undefined;
  if (format !== '' && !allowed.includes(format)) throw unknownFormat(output, allowed);
  const sortBy = flags.optional(SORT_BY_FLAG) ?? '';
  const base = {
    showManagedFields: flags.bool('show-managed-fields'),
    allowMissingKeys: flags.changed('allow-missing-template-keys') ? flags.bool('allow-missing-template-keys') : true,
    noHeaders: flags.optional(NO_HEADERS_FLAG) ?? false,
    sortBy: sortBy === '' ? undefined : sortBy,
    table: {
      wide: format === 'wide',
      noHeaders: flags.optional(NO_HEADERS_FLAG) ?? false,
      showLabels: flags.optional(SHOW_LABELS_FLAG) ?? false,
      columnLabels: (flags.optional(LABEL_COLUMNS_FLAG) ?? []).filter((l) => l !== ''),
      withKind: flags.optional(SHOW_KIND_FLAG) ?? false,
    } satisfies TablePrintOptions,
  };
  const { buildPrinter } = await import('./build-printer.js');
  return buildPrinter((format === '' ? 'table' : format) as OutputFormat, template, base, context, readTemplateFile);
}
