/**
 * The output flags: `-o` and its companions. {@link outputFlags} is the full set of `get` (human
 * tables included); {@link OBJECT_OUTPUT_FLAGS} the set of commands that print objects they wrote
 * (create, apply, patch, label ... `-o json|yaml|name|jsonpath...`).
 */
import type { FlagSpec } from '../framework/spec.js';

/** Every `-o` format, in kubectl's order of its error message (sorted). */
export const ALL_FORMATS = [
  'custom-columns', 'custom-columns-file', 'go-template', 'go-template-file', 'json', 'jsonpath', 'jsonpath-as-json', 'jsonpath-file',
  'name', 'template', 'templatefile', 'wide', 'yaml',
] as const;

/** The formats of commands that print objects (no human table). */
export const OBJECT_FORMATS = [
  'go-template', 'go-template-file', 'json', 'jsonpath', 'jsonpath-as-json', 'jsonpath-file', 'name', 'template', 'templatefile', 'yaml',
] as const;

/** The Go template formats (`template` and `templatefile` are kubectl's other names for them). */
export const GO_TEMPLATE_FORMATS: readonly string[] = ['go-template', 'go-template-file', 'template', 'templatefile'];

const OUTPUT_COMPLETIONS = [
  'json', 'yaml', 'name', 'wide', 'custom-columns=', 'custom-columns-file=', 'go-template=', 'go-template-file=', 'template=', 'templatefile=',
  'jsonpath=', 'jsonpath-as-json=', 'jsonpath-file=',
];

// The order kubectl's help lists the formats in.
const HELP_ORDER = [
  'json', 'yaml', 'name', 'go-template', 'go-template-file', 'template', 'templatefile', 'jsonpath', 'jsonpath-as-json', 'jsonpath-file',
  'custom-columns', 'custom-columns-file', 'wide',
];

function outputFlag(formats: readonly string[], human: boolean) {
  const formatsText = HELP_ORDER.filter((f) => formats.includes(f)).join(', ');
  const description = human
    // kubectl links its own web pages here; ours are the guides in the package's docs/ folder.
    ? `Output format. One of: (${formatsText}). See custom columns and jsonpath template [docs/jsonpath.md] and golang template [docs/go-template.md, http://golang.org/pkg/text/template/#pkg-overview] in the platformctl package.`
    : `Output format. One of: (${formatsText}).`;
  return { name: 'output', short: 'o', type: 'string', default: '', description, complete: { kind: 'values', values: OUTPUT_COMPLETIONS.filter((c) => formats.includes(c.replace(/=$/, ''))) } } as const satisfies FlagSpec;
}

/** `--template`: the template of `-o go-template` and `-o jsonpath`. */
export const TEMPLATE_FLAG = { name: 'template', type: 'string', default: '', description: 'Template string or path to template file to use when -o=go-template, -o=go-template-file. The template format is golang templates [http://golang.org/pkg/text/template/#pkg-overview].', complete: { kind: 'file' } } as const satisfies FlagSpec;

/** `--allow-missing-template-keys`. */
export const ALLOW_MISSING_FLAG = { name: 'allow-missing-template-keys', type: 'bool', default: true, description: 'If true, ignore any errors in templates when a field or map key is missing in the template. Only applies to golang and jsonpath output formats.' } as const satisfies FlagSpec;

/** `--show-managed-fields`. */
export const SHOW_MANAGED_FIELDS_FLAG = { name: 'show-managed-fields', type: 'bool', default: false, description: 'If true, keep the managedFields when printing objects in JSON or YAML format.' } as const satisfies FlagSpec;

/** `--no-headers` of the human tables. */
export const NO_HEADERS_FLAG = { name: 'no-headers', type: 'bool', default: false, description: "When using the default or custom-column output format, don't print headers (default print headers)." } as const satisfies FlagSpec;

/** `--show-labels` of the human tables. */
export const SHOW_LABELS_FLAG = { name: 'show-labels', type: 'bool', default: false, description: 'When printing, show all labels as the last column (default hide labels column)' } as const satisfies FlagSpec;

/** `-L, --label-columns` of the human tables. */
export const LABEL_COLUMNS_FLAG = { name: 'label-columns', short: 'L', type: 'stringSlice', default: [], description: 'Accepts a comma separated list of labels that are going to be presented as columns. Names are case-sensitive. You can also use multiple flag options like -L label1 -L label2...' } as const satisfies FlagSpec;

/** `--show-kind` of the human tables. */
export const SHOW_KIND_FLAG = { name: 'show-kind', type: 'bool', default: false, description: 'If present, list the resource type for the requested object(s).' } as const satisfies FlagSpec;

/** `--sort-by` (a JSONPath) of the human tables. */
export const SORT_BY_FLAG = { name: 'sort-by', type: 'string', default: '', description: "If non-empty, sort list types using this field specification.  The field specification is expressed as a JSONPath expression (e.g. '{.metadata.name}'). The field in the API resource specified by this JSONPath expression must be an integer or a string." } as const satisfies FlagSpec;

/** `-o`, `--template`, `--allow-missing-template-keys`, `--show-managed-fields`: for commands that print objects. */
export const OBJECT_OUTPUT_FLAGS = [outputFlag(OBJECT_FORMATS, false), TEMPLATE_FLAG, ALLOW_MISSING_FLAG, SHOW_MANAGED_FIELDS_FLAG] as const satisfies readonly FlagSpec[];

/**
 * The output flags of `get`-like commands: {@link OBJECT_OUTPUT_FLAGS} plus the human-table flags
 * `--no-headers`, `--show-labels`, `-L`, `--show-kind` and `--sort-by`.
 */
export const outputFlags = [
  outputFlag(ALL_FORMATS, true),
  TEMPLATE_FLAG,
  ALLOW_MISSING_FLAG,
  SHOW_MANAGED_FIELDS_FLAG,
  NO_HEADERS_FLAG,
  SHOW_LABELS_FLAG,
  LABEL_COLUMNS_FLAG,
  SHOW_KIND_FLAG,
  SORT_BY_FLAG,
] as const satisfies readonly FlagSpec[];
