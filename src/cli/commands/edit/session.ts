/**
 * kubectl's editor loop for the edit modes that save once (`create --edit`, `apply
 * edit-last-applied`): the objects under a comment header in YAML (or JSON with `-o json`, then
 * without a header) in a temporary file, the editor, then the saved objects handed to the mode's
 * commit. An unchanged or empty save cancels; a save that does not parse reopens the editor with
 * the error in the header; saving the same broken text again gives up and keeps the file.
 */
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { MANIFEST_LIMIT, readTextFileLimited } from '../../../sdk/bounded-read.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BINARY_NAME } from '../../../sdk/naming.js';
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { CommandContext } from '../../framework/context.js';
import { ExitError, UsageError } from '../../framework/usage-error.js';
import { editHeader, savedSyntaxError, stripComments, type EditReason } from './buffer.js';
import { launchEditor } from './editor.js';
import { goJsonValueKind } from '../../../machinery/go-json-syntax.js';

/** How a session shows the objects and what it does with the saved ones. */
export interface EditSessionOptions {
  /** The header kubectl writes above the objects. */
  header: 'object' | 'last-applied';
  /** `-o json` edits JSON (without a header); anything else YAML. */
  format: 'yaml' | 'json';
  /** `--windows-line-endings`. */
  windowsLineEndings: boolean;
  /** Writes the saved objects; an error ends the session, keeping the file. */
  commit(edited: KubeObject[]): Promise<void>;
}

const LAST_APPLIED_HEADER = [
  "# Please edit the 'last-applied-configuration' annotations below.",
  "# Lines beginning with a '#' will be ignored, and an empty file will abort the edit.",
  '#',
  '',
].join('\n');

function header(kind: EditSessionOptions['header'], reasons: readonly EditReason[]): string {
  if (kind === 'object') return editHeader(reasons);
  let out = LAST_APPLIED_HEADER;
  for (const r of reasons) {
    out += `# ${r.head.replace(/\n/g, '\n# ')}${r.other.length > 0 ? ':' : ''}\n`;
    for (const o of r.other) out += `# * ${o.replace(/\n/g, '\n# ')}\n`;
    out += '#\n';
  }
  return out;
}

/** Comment lines dropped, as kubectl's `StripComments` compares saves (trailing space ignored). */
function comparable(text: string): string {
  return stripComments(text.replace(/\r\n/g, '\n')).trim();
}

async function render(objects: readonly KubeObject[], format: EditSessionOptions['format']): Promise<string> {
  const [{ printJson, printYaml }, { toListObject }] = await Promise.all([import('../../../printers/output/json-yaml.js'), import('../../../printers/output/lists.js')]);
  const [first] = objects;
  const object = objects.length === 1 && first !== undefined ? first : toListObject(objects);
  return format === 'json' ? printJson(object) : printYaml(object);
}

/** The objects of a saved file (documents, and the items of a List), or the syntax error (its line as the editor shows it). */
async function parseEdited(saved: string): Promise<KubeObject[] | string> {
  const { loadYamlDocuments, YamlSyntaxError } = await import('../../../machinery/yaml/read.js');
  let docs: unknown[];
  try {
    docs = await loadYamlDocuments(stripComments(saved).replace(/\r\n/g, '\n'), { duplicateKeys: 'last-wins' });
  } catch (err) {
    if (!(err instanceof YamlSyntaxError)) throw err;
    return savedSyntaxError(saved, err);
  }
  const objects: KubeObject[] = [];
  for (const doc of docs) {
    if (doc === null || doc === undefined) continue;
    if (typeof doc !== 'object' || Array.isArray(doc)) return `error unmarshaling JSON: json: cannot unmarshal ${goJsonValueKind(doc)} into Go value of type map[string]interface {}`;
    const o = doc as KubeObject & { items?: unknown };
    if (Array.isArray(o.items) && String(o.kind ?? '').endsWith('List')) objects.push(...(o.items as KubeObject[]));
    else objects.push(o);
  }
  return objects;
}

/**
 * kubectl's editor prints objects with a JSON or YAML printer only: every other `-o` fails when
 * the objects are about to be shown.
 */
export function checkEditOutput(output: string): void {
  if (output !== '' && output !== 'json' && output !== 'yaml') {
    throw new UsageError(`unable to match a printer suitable for the output format ${JSON.stringify(output)}, allowed formats are: json,yaml`, false);
  }
}

/** Runs one edit session over `objects`. */
export async function runEditSession(ctx: CommandContext, objects: readonly KubeObject[], options: EditSessionOptions): Promise<void> {
  const base = ctx.io.env.TMPDIR !== undefined && ctx.io.env.TMPDIR !== '' ? ctx.io.env.TMPDIR : tmpdir();
  const file = path.join(base, `${BINARY_NAME}-edit-${randomBytes(6).toString('hex')}.${options.format}`);
  const withHeader = options.format === 'yaml';
  const body = await render(objects, options.format);
  const original = (withHeader ? header(options.header, []) : '') + body;
  let reasons: EditReason[] = [];
  let previous: string | undefined;
  const keep = (): void => ctx.io.stderr.write(`A copy of your changes has been stored to ${JSON.stringify(file)}\n`);
  for (;;) {
    const text = reasons.length === 0 ? original : header(options.header, reasons) + stripComments(previous ?? '');
    await writeFile(file, options.windowsLineEndings ? text.replace(/\r?\n/g, '\r\n') : text, { mode: 0o600 });
    await launchEditor(ctx.io.env, ctx.io.cwd, file);
    const edited = await readTextFileLimited(file, MANIFEST_LIMIT);
    if (reasons.length > 0 && previous !== undefined && comparable(previous) === comparable(edited)) {
      keep();
      throw new ExitError(1, 'error: Edit cancelled, no valid changes were saved.');
    }
    if (comparable(original) === comparable(edited)) {
      await rm(file, { force: true });
      ctx.io.stderr.write('Edit cancelled, no changes made.\n');
      return;
    }
    if (edited.trim() === '') {
      await rm(file, { force: true });
      ctx.io.stderr.write('Edit cancelled, saved file was empty.\n');
      return;
    }
    const parsed = await parseEdited(edited);
    previous = edited;
    if (typeof parsed === 'string') {
      reasons = [{ head: `The edited file had a syntax error: ${parsed}`, other: [] }];
      continue;
    }
    try {
      await options.commit(parsed);
    } catch (err) {
      keep();
      throw err;
    }
    await rm(file, { force: true });
    return;
  }
}
