/**
 * The manifests reader shared by every `-f` command (apply, diff, create, replace, delete, get,
 * label, annotate, wait): files, directories, stdin and URLs; multi-document YAML, JSON streams,
 * `kind: List` and `*List` flattened, empty documents skipped; every document checked for
 * `apiVersion`, `kind` and a name before it is sent (a caller that collects `documentErrors`
 * writes the others, as kubectl's resource builder does).
 */
import { definedMembers } from '../../machinery/defined-members.js';
import { goJsonValueKind } from '../../machinery/go-json-syntax.js';
import { isJsonObject } from '../../machinery/json/values.js';
import { InputError } from '../errors.js';
import type { KubeObject } from '../types/meta.js';
import { goJsonCompact } from './go-json.js';
import { readSources, type ReadSourcesOptions } from './manifest-sources.js';
import { parseSource } from './parse-documents.js';

export type { FetchUrl, ReadProgress } from './manifest-sources.js';
export { STDIN_SOURCE, defaultFetchUrl } from './manifest-sources.js';

/** One object read from a manifest. */
export interface Manifest {
  /** The object as written (List items carry the list's apiVersion and kind when they omit their own). */
  object: KubeObject;
  /** Where it came from: the path as given (joined with names inside directories), `STDIN`, or the URL. */
  source: string;
  /** 0-based index of the document in its source (empty documents count, so indexes match the file). */
  documentIndex: number;
  /** 1-based line of the document's first content line in its source. */
  line: number;
}

/** Options of {@link readManifests}. */
export interface ReadManifestsOptions extends ReadSourcesOptions {
  /**
   * What an object must have to name it: `name` (default) requires `metadata.name`;
   * `name-or-generate` also accepts `metadata.generateName` (for `create`); `none` checks nothing
   * (for `--local` edits of objects that are never sent).
   */
  requireName?: 'name' | 'name-or-generate' | 'none' | undefined;
  /**
   * When given, a kustomization file (`kustomization.yaml`, `kustomization.yml`) read as a
   * manifest that is not one (it has no `kind`) is an error for that file only: the error is
   * added here and the other files are still read, as kubectl reports such a file and goes on.
   */
  kustomizationErrors?: unknown[] | undefined;
  /**
   * When given, a document that is not a manifest (no `apiVersion`, `kind` or name) and a file that
   * does not parse are errors of their own: they are added here and the other documents and files
   * are still read, as kubectl's resource builder goes on after such an error and reports it last.
   */
  documentErrors?: unknown[] | undefined;
  /**
   * kubectl's schema validation is on (`--validate` other than false/ignore): a document without
   * `apiVersion` or `kind` is reported as kubectl's validation reports it
   * (`error validating "f.yaml": error validating data: kind not set; ...`) and the rest of its file
   * is not read, as kubectl stops reading a file there; off, it is reported as kubectl's decoder
   * reports it (`unable to decode "f.yaml": Object 'Kind' is missing in '{...}'`). Only with
   * `documentErrors`.
   */
  validate?: boolean | undefined;
}

export type { ReadSourcesOptions };

function describeType(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}

/** A list kind whose items are flattened: `List`, or any `*List` that carries `items`. */
function isListObject(value: Record<string, unknown>): boolean {
  const kind = value.kind;
  return typeof kind === 'string' && kind.endsWith('List') && Array.isArray(value.items);
}

interface Located {
  source: string;
  documentIndex: number;
  line: number;
}

/**
 * Every problem found while reading manifests: the first is this error's own message, file and
 * line; `errors` lists them all (in input order), so that a caller can report them together.
 */
export class ManifestErrors extends InputError {
  static override readonly brand: string = 'ManifestErrors';
  override name = 'ManifestErrors';
  readonly errors: readonly InputError[];
  constructor(errors: readonly InputError[]) {
    const first = errors[0] as InputError;
    super(first.message, definedMembers(first, ['file', 'line', 'column']));
    this.errors = errors;
  }
}

/** A document without `apiVersion` or `kind`: the missing fields, for kubectl's messages. */
class MissingTypeError extends InputError {
  static override readonly brand: string = 'MissingTypeError';
  override name = 'MissingTypeError';
  constructor(message: string, where: Located, readonly object: Record<string, unknown>, readonly missing: readonly ('apiVersion' | 'kind')[]) {
    super(`document ${where.documentIndex + 1}: ${message}`, { file: where.source, line: where.line });
  }
}

const VALIDATION_HINT = 'if you choose to ignore these errors, turn validation off with --validate=false';

/** kubectl's words for a document without a type: its validation's, or (validation off) its decoder's. */
function kubectlTypeError(err: MissingTypeError, source: string, validate: boolean): InputError {
  if (validate) {
    const problems = err.missing.map((field) => `${field} not set`);
    const data = problems.length === 1 ? (problems[0] ?? '') : `[${problems.join(', ')}]`;
    return new InputError(`error validating ${JSON.stringify(source)}: error validating data: ${data}; ${VALIDATION_HINT}`);
  }
  const field = err.missing.includes('kind') ? 'Kind' : 'apiVersion';
  return new InputError(`unable to decode ${JSON.stringify(source)}: Object '${field}' is missing in '${goJsonCompact(err.object)}'`);
}

function fail(where: Located, message: string): never {
  throw new InputError(`document ${where.documentIndex + 1}: ${message}`, { file: where.source, line: where.line });
}

/** kubectl's decoding error for a metadata field of the wrong type. */
function checkMetadataTypes(metadata: Record<string, unknown>, where: Located): void {
  const wrong = (field: string, value: unknown, type: string): never =>
    fail(where, `json: cannot unmarshal ${goJsonValueKind(value)} into Go struct field ObjectMeta.metadata.${field} of type ${type}`);
  for (const field of ['name', 'generateName', 'namespace'] as const) {
    const value = metadata[field];
    if (Object.hasOwn(metadata, field) && value !== null && typeof value !== 'string') wrong(field, value, 'string');
  }
  for (const field of ['labels', 'annotations'] as const) {
    const value = metadata[field];
    if (!Object.hasOwn(metadata, field) || value === null || value === undefined) continue;
    if (!isJsonObject(value)) return wrong(field, value, 'map[string]string');
    for (const v of Object.values(value)) if (v !== null && typeof v !== 'string') wrong(field, v, 'string');
  }
}

function checkObject(value: Record<string, unknown>, where: Located, requireName: ReadManifestsOptions['requireName']): KubeObject {
  const apiVersion = value.apiVersion;
  const kind = value.kind;
  const missing: ('apiVersion' | 'kind')[] = [];
  if (typeof apiVersion !== 'string' || apiVersion === '') missing.push('apiVersion');
  if (typeof kind !== 'string' || kind === '') missing.push('kind');
  if (missing[0] === 'apiVersion') throw new MissingTypeError(`Object 'apiVersion' is missing in ${typeof kind === 'string' && kind !== '' ? `the ${kind}` : 'the object'}`, where, value, missing);
  if (missing[0] === 'kind') throw new MissingTypeError(`Object 'Kind' is missing in the ${String(apiVersion)} object`, where, value, missing);
  const metadata = value.metadata;
  if (metadata !== undefined && metadata !== null && !isJsonObject(metadata)) fail(where, `${kind}: metadata must be an object, not ${describeType(metadata)}`);
  if (isJsonObject(metadata)) checkMetadataTypes(metadata, where);
  const name = isJsonObject(metadata) ? metadata.name : undefined;
  const generateName = isJsonObject(metadata) ? metadata.generateName : undefined;
  const hasName = typeof name === 'string' && name !== '';
  const hasGenerateName = typeof generateName === 'string' && generateName !== '';
  if (requireName === 'name' && !hasName) fail(where, `${kind} has no metadata.name`);
  if (requireName === 'name-or-generate' && !hasName && !hasGenerateName) fail(where, `${kind} has neither metadata.name nor metadata.generateName`);
  return value as KubeObject;
}

function flatten(value: unknown, where: Located, options: ReadManifestsOptions, out: Manifest[], inherited?: { apiVersion: string; kind: string }): void {
  if (value === null || value === undefined) return;
  if (!isJsonObject(value)) fail(where, `expected an object, got ${describeType(value)}`);
  let object = value;
  // Items of a typed list (`ConfigMapList`) may leave out apiVersion and kind; the list names them.
  if (inherited !== undefined && object.apiVersion === undefined && object.kind === undefined) {
    object = { apiVersion: inherited.apiVersion, kind: inherited.kind, ...object };
  }
  if (isListObject(object)) {
    const kind = object.kind as string;
    const apiVersion = object.apiVersion;
    const itemType = kind !== 'List' && typeof apiVersion === 'string' ? { apiVersion, kind: kind.slice(0, -'List'.length) } : undefined;
    for (const item of object.items as unknown[]) flatten(item, where, options, out, itemType);
    return;
  }
  out.push({ object: checkObject(object, where, options.requireName ?? 'name'), ...where });
}

function collect(documents: Awaited<ReturnType<typeof parseSource>>['documents'], source: string, options: ReadManifestsOptions, manifests: Manifest[], errors: InputError[]): void {
  for (const doc of documents) {
    const found: Manifest[] = [];
    try {
      flatten(doc.value, { source, documentIndex: doc.index, line: doc.line }, options, found);
      manifests.push(...found);
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      if (options.documentErrors === undefined) {
        errors.push(err);
        continue;
      }
      if (!(err instanceof MissingTypeError)) {
        options.documentErrors.push(err);
        continue;
      }
      const validate = options.validate === true;
      options.documentErrors.push(kubectlTypeError(err, source, validate));
      // kubectl's validation ends the file at its first error; its decoder only skips the document.
      if (validate) return;
      manifests.push(...found);
    }
  }
}

/**
 * Reads manifests from `-f` sources: file paths, directories (`.json`, `.yaml`, `.yml`; all levels
 * with `recursive`), `-` for standard input, and `http(s)://` URLs. Documents are returned in input
 * order with List kinds flattened and empty documents skipped. Every source is read and checked
 * before anything is returned, so that all problems are reported together.
 *
 * @throws {@link ManifestErrors} (an {@link InputError}) listing every unreadable path, YAML/JSON
 * syntax error, invalid UTF-8, and document without apiVersion, kind or name, each naming the
 * source, document number and line(:column).
 */
export async function readManifests(sources: readonly string[], options: ReadManifestsOptions): Promise<Manifest[]> {
  const texts = await readSources(sources, options);
  const manifests: Manifest[] = [];
  const errors: InputError[] = [];
  for (const read of texts) {
    if ('error' in read) {
      errors.push(read.error);
      continue;
    }
    const parsed = await parseSource(read.text, read.source);
    (options.documentErrors ?? errors).push(...parsed.errors);
    const notManifest = options.kustomizationErrors === undefined ? undefined : kustomizationFileError(read.source, parsed.documents.map((d) => d.value));
    if (notManifest !== undefined) {
      options.kustomizationErrors?.push(notManifest);
      continue;
    }
    collect(parsed.documents, read.source, options, manifests, errors);
  }
  if (errors.length > 0) throw new ManifestErrors(errors);
  return manifests;
}

/** kubectl's error for a kustomization file read as a manifest (a document without a kind). */
function kustomizationFileError(source: string, docs: readonly unknown[]): InputError | undefined {
  const base = source.slice(source.lastIndexOf('/') + 1);
  if (base !== 'kustomization.yaml' && base !== 'kustomization.yml') return undefined;
  const kindless = docs.find((d) => isJsonObject(d) && (typeof d.kind !== 'string' || d.kind === ''));
  if (kindless === undefined) return undefined;
  return new InputError(`unable to decode ${JSON.stringify(source)}: Object 'Kind' is missing in '${goJsonCompact(kindless)}'`);
}

/**
 * Parses manifest text that is already in memory (an edited buffer, a test string) the same way
 * {@link readManifests} parses a file.
 *
 * @throws {@link ManifestErrors} as {@link readManifests} does.
 */
export async function parseManifestText(text: string, source: string, options: Pick<ReadManifestsOptions, 'requireName'> = {}): Promise<Manifest[]> {
  const manifests: Manifest[] = [];
  const errors: InputError[] = [];
  const opts: ReadManifestsOptions = { cwd: '/', stdin: () => { throw new InputError('no standard input'); }, requireName: options.requireName };
  const parsed = await parseSource(text, source);
  errors.push(...parsed.errors);
  collect(parsed.documents, source, opts, manifests, errors);
  if (errors.length > 0) throw new ManifestErrors(errors);
  return manifests;
}
