/**
 * The printers: pure functions (and small stateful printers for streams) from API objects and
 * server Tables to the text kubectl prints. They do no I/O and read no clock: the CLI passes
 * `now`, widths and options in.
 *
 * @packageDocumentation
 */
export { PrinterError, JsonPathError, GoTemplateError } from './errors.js';

// Encodings kubectl uses, for other modules (config view, edit, diff) that must match its text.
export { toJson, goJsonString } from '../machinery/json/go-json.js';
export type { ToJsonOptions } from '../machinery/json/go-json.js';
export { toYaml, compareYamlKeys } from '../machinery/yaml/emit.js';
export { goSprint } from './encoding/go-sprint.js';
export { formatGoFloat, formatGoNumber } from '../machinery/go-number.js';

// Tables
export { TabWriter, KUBECTL_TABWRITER } from './table/tabwriter.js';
export type { BlockRenderer, TabCell, TabWriterOptions } from './table/tabwriter.js';
export { createTableWriter, displayWidth, renderRows } from './table/table-writer.js';
export { TableOutput } from './table/table-output.js';
export { HumanReadablePrinter, formatEventType, renderTable } from './table/human-readable-printer.js';
export { decorateTable } from './table/decorate.js';
export type { TablePrintOptions } from './table/decorate.js';
export { formatCell } from './table/cells.js';
export { buildDefaultTable, translateTimestampSince } from './table/default-table.js';
export { formatLabels, labelColumnHeader } from './table/labels.js';
export { formatGroupKind, groupOfApiVersion } from './table/group-kind.js';
export type { GroupKind } from './table/group-kind.js';

// Object outputs
export { formatName } from './output/name.js';
export type { NamePrintOptions } from './output/name.js';
export { printJson, printYaml, printWatchEventJson, YamlDocumentPrinter } from './output/json-yaml.js';
export type { ObjectPrintOptions } from './output/json-yaml.js';
export { toListObject, objectOrList, omitManagedFields, isListObject } from './output/lists.js';
export { CustomColumnsPrinter, parseCustomColumnsSpec, parseCustomColumnsTemplate } from './output/custom-columns.js';
export type { CustomColumn, CustomColumnsOptions } from './output/custom-columns.js';

// JSONPath
export { compileJsonPath, compileJsonPathSync, parseJsonPath } from './jsonpath/template.js';
export type { JsonPathOptions, JsonPathTemplate } from './jsonpath/template.js';
export { relaxedJsonPathExpression } from './jsonpath/relaxed.js';

// Go templates
export { compileGoTemplate } from './gotemplate/template.js';
export type { GoTemplate, GoTemplateOptions } from './gotemplate/template.js';

// Sorting
export { sortObjects, sortTableRows } from './sort/sorter.js';
export { sortValueLess } from './sort/sort-values.js';

// Describe
export * from './describe/index.js';
