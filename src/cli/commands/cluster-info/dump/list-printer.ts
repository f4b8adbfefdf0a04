/**
 * The printer of `cluster-info dump`: kubectl prints each typed list (`NodeList`, `PodList` ...)
 * with its print flags: `json` (the default, typed field order), `yaml` (documents separated by
 * `---` across the whole dump, files included, as kubectl's one printer instance does), the
 * JSONPath and Go template formats, and `name`, which refuses lists.
 */
import type { KubeObject } from '../../../../sdk/types/meta.js';
import { omitManagedFields } from '../../../../printers/output/lists.js';
import { UsageError } from '../../../framework/usage-error.js';
import { toJson } from '../../../../machinery/json/go-json.js';

/** Prints one list; `goType` is the Go type kubectl names in errors (`*v1.NodeList`). */
export type ListPrinter = (list: KubeObject, goType: string) => string;

/** The formats `cluster-info dump -o` accepts. */
export const DUMP_FORMATS = [
  'go-template', 'go-template-file', 'json', 'jsonpath', 'jsonpath-as-json', 'jsonpath-file', 'name', 'template', 'templatefile', 'yaml',
] as const;

/** What the printer is built from. */
export interface ListPrinterOptions {
  /** `-o` as given (`json`, `jsonpath={.kind}` ...). */
  output: string;
  /** `--template`. */
  template: string;
  allowMissingKeys: boolean;
  showManagedFields: boolean;
  /** Reads a `jsonpath-file` template (relative to the working directory). */
  readFile: (path: string) => Promise<string>;
}

/** The file extension kubectl gives dumped lists in an output directory. */
export function fileExtension(output: string): string {
  return output === 'json' ? '.json' : output === 'yaml' ? '.yaml' : '.txt';
}

/** Builds the printer, or fails as kubectl does for an unknown format or a missing template. */
export async function listPrinter(options: ListPrinterOptions): Promise<ListPrinter> {
  const eq = options.output.indexOf('=');
  const format = eq < 0 ? options.output : options.output.slice(0, eq);
  const argument = eq < 0 ? options.template : options.output.slice(eq + 1);
  const strip = (list: KubeObject): KubeObject => (options.showManagedFields ? list : omitManagedFields(list));
  switch (format) {
    case 'json':
      return (list) => `${toJson(strip(list), { indent: '    ', fieldOrder: true })}\n`;
    case 'yaml': {
      const { YamlDocumentPrinter } = await import('../../../../printers/output/json-yaml.js');
      const printer = new YamlDocumentPrinter({ showManagedFields: options.showManagedFields });
      return (list) => printer.print(list);
    }
    case 'name':
      return (_list, goType) => {
        throw new UsageError(`list types are not supported by name printing: ${goType}`, false);
      };
    case 'jsonpath':
    case 'jsonpath-as-json':
    case 'jsonpath-file': {
      if (argument === '') throw new UsageError('template format specified but no template given', false);
      const text = format === 'jsonpath-file' ? await options.readFile(argument) : argument;
      const { compileJsonPath } = await import('../../../../printers/jsonpath/template.js');
      const template = await compileJsonPath(text, { allowMissingKeys: options.allowMissingKeys, asJson: format === 'jsonpath-as-json' });
      return (list) => template.execute(list);
    }
    case 'go-template':
    case 'go-template-file':
    case 'template':
    case 'templatefile': {
      if (argument === '') throw new UsageError('template format specified but no template given', false);
      const text = format === 'go-template-file' || format === 'templatefile' ? await options.readFile(argument) : argument;
      const { compileGoTemplate } = await import('../../../../printers/gotemplate/template.js');
      const template = compileGoTemplate(text, { allowMissingKeys: options.allowMissingKeys });
      return (list) => template.execute(list);
    }
    default:
      throw new UsageError(`unable to match a printer suitable for the output format "${options.output}", allowed formats are: ${DUMP_FORMATS.join(',')}`, false);
  }
}
