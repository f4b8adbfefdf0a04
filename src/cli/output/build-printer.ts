/**
 * The printers behind {@link printerFor}, one per format, over the pure printers of
 * `src/printers`. Loaded only when a command prints, so the printers stay off the start-up path.
 */
import { toJson } from '../../machinery/json/go-json.js';
import { GoTemplateError, PrinterError } from '../../printers/errors.js';
import type { GoTemplate } from '../../printers/gotemplate/template.js';
import { mayUseRegex } from '../../printers/jsonpath/regex.js';
import { loadRe2 } from '../../machinery/regex/re2.js';
import { compileJsonPath, type JsonPathTemplate } from '../../printers/jsonpath/template.js';
import { CustomColumnsPrinter, parseCustomColumnsSpec, parseCustomColumnsTemplate, type CustomColumn } from '../../printers/output/custom-columns.js';
import { printJson, printWatchEventJson, YamlDocumentPrinter, printYaml } from '../../printers/output/json-yaml.js';
import { objectOrList } from '../../printers/output/lists.js';
import { formatName } from '../../printers/output/name.js';
import { sortObjects } from '../../printers/sort/sorter.js';
import type { TablePrintOptions } from '../../printers/table/decorate.js';
import { buildDefaultTable } from '../../printers/table/default-table.js';
import { TableOutput } from '../../printers/table/table-output.js';
import type { KubeObject } from '../../sdk/types/meta.js';
import type { WatchEvent } from '../../sdk/types/watch.js';
import { UsageError } from '../framework/usage-error.js';
import type { OutputContext, OutputFormat, Printer } from './printer.js';

/** The flag values every printer reads. */
export interface PrinterBase {
  showManagedFields: boolean;
  allowMissingKeys: boolean;
  noHeaders: boolean;
  sortBy: string | undefined;
  table: TablePrintOptions;
}

type ReadTemplate = (cwd: string, file: string, what: string) => Promise<string>;

/** Prints each object (or event) to text; list semantics are added by {@link makePrinter}. */
interface FormatParts {
  /** Several objects printed together. */
  many(objects: readonly KubeObject[], singleItemImplied: boolean): string;
  streamed(object: KubeObject): string;
  event(event: WatchEvent): string;
}

function makePrinter(format: OutputFormat, base: PrinterBase, parts: FormatParts): Printer {
  return {
    format,
    humanReadable: format === 'table' || format === 'wide',
    table: base.table,
    sortBy: base.sortBy,
    showManagedFields: base.showManagedFields,
    printObjects(objects, singleItemImplied) {
      const sorted = base.sortBy === undefined || objects.length < 2 ? objects : sortObjects(objects, base.sortBy);
      return parts.many(sorted, singleItemImplied);
    },
    printStreamed: (object) => parts.streamed(object),
    printEvent: (event) => parts.event(event),
  };
}

function jsonPathParts(template: JsonPathTemplate): FormatParts {
  // Templates see the whole object, managedFields included: kubectl hides them only in json/yaml.
  const run = (data: unknown): string => template.execute(data);
  return {
    many: (objects, single) => run(objectOrList(objects, single)),
    streamed: (object) => run(object),
    event: (event) => run({ type: event.type, object: event.object }),
  };
}

/**
 * Go templates see the object as JSON decoded it. When execution fails kubectl prints what the
 * template wrote so far and a debugging report to standard output, then the error.
 */
function goTemplateParts(template: GoTemplate, context: OutputContext): FormatParts {
  const run = (data: unknown): string => {
    try {
      return template.execute(data);
    } catch (err) {
      if (err instanceof GoTemplateError && err.output !== '') context.stdout?.write(err.output);
      throw err;
    }
  };
  return {
    many: (objects, single) => run(objectOrList(objects, single)),
    streamed: (object) => run(object),
    event: (event) => run({ type: event.type, object: event.object }),
  };
}

function customColumnsParts(columns: readonly CustomColumn[], noHeaders: boolean): FormatParts {
  let stream: CustomColumnsPrinter | undefined;
  const streaming = (): CustomColumnsPrinter => (stream ??= new CustomColumnsPrinter(columns, { noHeaders }));
  return {
    many: (objects) => {
      if (objects.length === 0) return '';
      const p = new CustomColumnsPrinter(columns, { noHeaders });
      for (const o of objects) p.print(o);
      return p.finish();
    },
    streamed: (object) => {
      const p = streaming();
      p.print(object);
      return p.finish();
    },
    event: (event) => {
      const p = streaming();
      p.printEvent(event);
      return p.finish();
    },
  };
}

/** Builds the printer of one format (see {@link printerFor}). */
export async function buildPrinter(format: OutputFormat, template: string, base: PrinterBase, context: OutputContext, readTemplate: ReadTemplate): Promise<Printer> {
  const objectOptions = { showManagedFields: base.showManagedFields };
  // `=~` filters in custom columns and --sort-by compile synchronously: load their engine first.
  if (mayUseRegex(template) || mayUseRegex(base.sortBy ?? '')) await loadRe2();
  switch (format) {
    case 'json':
      return makePrinter(format, base, {
        many: (objects, single) => printJson(objectOrList(objects, single), objectOptions),
        streamed: (o) => printJson(o, objectOptions),
        event: (e) => printWatchEventJson(e, objectOptions),
      });
    case 'yaml': {
      const documents = new YamlDocumentPrinter(objectOptions);
      return makePrinter(format, base, {
        many: (objects, single) => printYaml(objectOrList(objects, single), objectOptions),
        streamed: (o) => documents.print(o),
        event: (e) => documents.printEvent(e),
      });
    }
    case 'name':
      return makePrinter(format, base, {
        many: (objects) => objects.map((o) => formatName(o)).join(''),
        streamed: (o) => formatName(o),
        event: (e) => formatName(e.object as KubeObject),
      });
    case 'jsonpath':
    case 'jsonpath-as-json':
    case 'jsonpath-file': {
      if (template === '') throw new UsageError('template format specified but no template given', false);
      const text = format === 'jsonpath-file' ? await readTemplate(context.cwd, template, '--template') : template;
      const compiled = await compileJsonPath(text, { allowMissingKeys: base.allowMissingKeys, asJson: format === 'jsonpath-as-json' });
      return makePrinter(format, base, jsonPathParts(compiled));
    }
    case 'go-template':
    case 'go-template-file':
    case 'template':
    case 'templatefile': {
      if (template === '') throw new UsageError('template format specified but no template given', false);
      const file = format === 'go-template-file' || format === 'templatefile';
      const text = file ? await readTemplate(context.cwd, template, '--template') : template;
      const { compileGoTemplate } = await import('../../printers/gotemplate/template.js');
      return makePrinter(format, base, goTemplateParts(compileGoTemplate(text, { allowMissingKeys: base.allowMissingKeys }), context));
    }
    case 'custom-columns':
    case 'custom-columns-file': {
      if (format === 'custom-columns-file' && template === '') throw new UsageError('custom-columns-file format specified but no custom columns file given', false);
      const columns = format === 'custom-columns'
        ? parseCustomColumnsSpec(template)
        : parseCustomColumnsTemplate(await readTemplate(context.cwd, template, 'template'));
      // kubectl ignores --no-headers for the file form.
      return makePrinter(format, base, customColumnsParts(columns, format === 'custom-columns' && base.noHeaders));
    }
    case 'table':
    case 'wide':
      return makePrinter(format, base, clientSideTableParts(base.table, context));
    default:
      throw new PrinterError(`unknown output format ${toJson(format)}`);
  }
}

/** Human output of objects without a server Table: kubectl's client-side NAME/AGE table. */
function clientSideTableParts(options: TablePrintOptions, context: OutputContext): FormatParts {
  const stream = new TableOutput();
  let started = false;
  const table = (objects: readonly KubeObject[], output: TableOutput, eventType?: string): string => {
    output.printTable(buildDefaultTable(objects, context.now()), eventType);
    output.flush();
    return output.take();
  };
  const streamed = (objects: readonly KubeObject[], eventType?: string): string => {
    if (!started) {
      stream.startType(options);
      started = true;
    }
    return table(objects, stream, eventType);
  };
  return {
    many: (objects) => {
      const out = new TableOutput();
      out.startType(options);
      return table(objects, out);
    },
    streamed: (object) => streamed([object]),
    event: (event) => streamed([event.object as KubeObject], event.type),
  };
}
