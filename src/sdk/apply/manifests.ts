/**
 * The manifests reader shared by every `-f` command (apply, diff, create, replace, delete, get,
 * label, annotate, wait): files, directories, stdin and URLs; multi-document YAML, JSON streams,
 * `kind: List` and `*List` flattened, empty documents skipped; every document checked for
 * `apiVersion`, `kind` and a name before anything is sent.
 */
import { InputError } from '../errors.js';
import type { KubeObject } from '../types/meta.js';
import { goJsonCompact } from './go-json.js';
import { readSources, type ReadSourcesOptions } from './manifest-sources.js';
import { parseDocuments } from './parse-documents.js';

export type { FetchUrl } from './manifest-sources.js';
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
}

export type { ReadSourcesOptions };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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

function fail(where: Located, message: string): never {
  throw new InputError(`document ${where.documentIndex + 1}: ${message}`, { file: where.source, line: where.line });
}

function checkObject(value: Record<string, unknown>, where: Located, requireName: ReadManifestsOptions['requireName']): KubeObject {
  const apiVersion = value.apiVersion;
  const kind = value.kind;
  if (typeof apiVersion !== 'string' || apiVersion === '') fail(where, `Object 'apiVersion' is missing in ${typeof kind === 'string' && kind !== '' ? `the ${kind}` : 'the object'}`);
  if (typeof kind !== 'string' || kind === '') fail(where, `Object 'Kind' is missing in the ${apiVersion} object`);
  const metadata = value.metadata;
  if (metadata !== undefined && metadata !== null && !isObject(metadata)) fail(where, `${kind}: metadata must be an object, not ${describeType(metadata)}`);
  const name = isObject(metadata) ? metadata.name : undefined;
  const generateName = isObject(metadata) ? metadata.generateName : undefined;
  const hasName = typeof name === 'string' && name !== '';
  const hasGenerateName = typeof generateName === 'string' && generateName !== '';
  if (requireName === 'name' && !hasName) fail(where, `${kind} has no metadata.name`);
  if (requireName === 'name-or-generate' && !hasName && !hasGenerateName) fail(where, `${kind} has neither metadata.name nor metadata.generateName`);
  return value as KubeObject;
}

function flatten(value: unknown, where: Located, options: ReadManifestsOptions, out: Manifest[], inherited?: { apiVersion: string; kind: string }): void {
  if (value === null || value === undefined) return;
  if (!isObject(value)) fail(where, `expected an object, got ${describeType(value)}`);
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

/**
 * Reads manifests from `-f` sources: file paths, directories (`.json`, `.yaml`, `.yml`; all levels
 * with `recursive`), `-` for standard input, and `http(s)://` URLs. Documents are returned in input
 * order with List kinds flattened and empty documents skipped.
 *
 * @throws {@link InputError} naming the source, document number and line(:column) for unreadable
 * paths, YAML/JSON syntax errors, and documents without apiVersion, kind or name.
 */
export async function readManifests(sources: readonly string[], options: ReadManifestsOptions): Promise<Manifest[]> {
  const texts = await readSources(sources, options);
  const manifests: Manifest[] = [];
  for (const { source, text } of texts) {
    const docs = await parseDocuments(text, source);
    const notManifest = options.kustomizationErrors === undefined ? undefined : kustomizationFileError(source, docs.map((d) => d.value));
    if (notManifest !== undefined) {
      options.kustomizationErrors?.push(notManifest);
      continue;
    }
    for (const doc of docs) {
      flatten(doc.value, { source, documentIndex: doc.index, line: doc.line }, options, manifests);
    }
  }
  return manifests;
}

/** kubectl's error for a kustomization file read as a manifest (a document without a kind). */
function kustomizationFileError(source: string, docs: readonly unknown[]): InputError | undefined {
  const base = source.slice(source.lastIndexOf('/') + 1);
  if (base !== 'kustomization.yaml' && base !== 'kustomization.yml') return undefined;
  const kindless = docs.find((d) => isObject(d) && (typeof d.kind !== 'string' || d.kind === ''));
  if (kindless === undefined) return undefined;
  return new InputError(`unable to decode ${JSON.stringify(source)}: Object 'Kind' is missing in '${goJsonCompact(kindless)}'`);
}

/**
 * Parses manifest text that is already in memory (an edited buffer, a test string) the same way
 * {@link readManifests} parses a file.
 */
export async function parseManifestText(text: string, source: string, options: Pick<ReadManifestsOptions, 'requireName'> = {}): Promise<Manifest[]> {
  const manifests: Manifest[] = [];
  const opts: ReadManifestsOptions = { cwd: '/', stdin: () => { throw new InputError('no standard input'); }, requireName: options.requireName };
  for (const doc of await parseDocuments(text, source)) {
    flatten(doc.value, { source, documentIndex: doc.index, line: doc.line }, opts, manifests);
  }
  return manifests;
}
