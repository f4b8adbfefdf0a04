/**
 * `platformctl edit`: opens the objects (arguments or `-f`) as YAML in the editor, then sends
 * each changed object as a patch (strategic merge for built-in kinds, JSON merge otherwise). A
 * save that cannot be parsed or that the server refuses reopens the editor with the reasons in
 * the header; saving the same text again gives up and keeps the file.
 */
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { MANIFEST_LIMIT, readTextFileLimited } from '../../../sdk/bounded-read.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LiveObject } from '../../manifests/live-objects.js';
import { ANNOTATIONS } from '../../../sdk/naming.js';
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { ExitError, UsageError } from '../../framework/usage-error.js';
import { holdInterrupts } from '../../interrupt.js';
import { throwFailures } from '../../writes/error-list.js';
import { hasManifestInput, readsStdin } from '../../manifests/manifest-flags.js';
import { objectOutput } from '../../writes/object-output.js';
import { fieldValidation } from '../../writes/validate.js';
import { editHeader, savedSyntaxError, stripComments, type EditReason } from './buffer.js';
import { launchEditor } from './editor.js';
import { recordedCause, withChangeCause } from '../../flags/record.js';
import { withoutManagedFields } from '../../../printers/output/lists.js';

// kubectl's editor tells it on stderr: stdout carries the edited objects' lines only.
const CANCELLED = 'Edit cancelled, no changes made.\n';

function identity(object: KubeObject): string {
  return [object.apiVersion ?? '', object.kind ?? '', object.metadata?.namespace ?? '', object.metadata?.name ?? ''].join('\u0000');
}

/** Runs `edit`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length === 0 && !hasManifestInput(flags)) throw new UsageError('one or more resources must be specified as <resource> <name> or <resource>/<name>', false);
  const output = await objectOutput(ctx, flags);
  const showManagedFields = flags.bool('show-managed-fields');
  const windowsLineEndings = flags.bool('windows-line-endings');
  const validation = fieldValidation(flags);
  const client = await ctx.client({ stdinInUse: readsStdin(flags) });
  const [{ liveObjects }, { printYaml }, { toListObject }, { loadYaml, YamlSyntaxError }, { createTwoWayPatch }, { withLastApplied }, { describeObject }] = await Promise.all([
    import('../../manifests/live-objects.js'),
    import('../../../printers/output/json-yaml.js'),
    import('../../../printers/output/lists.js'),
    import('../../../machinery/yaml/read.js'),
    import('../../../sdk/apply/two-way-patch.js'),
    import('../../../sdk/apply/last-applied.js'),
    import('../../../sdk/apply/object-ref.js'),
  ]);
  // A type alone edits every object of it, as kubectl does.
  const fetched = await liveObjects(ctx, flags, client, args, { allowBareTypes: true });
  // The editor shows no managedFields (unless asked): the patch must not read that as deleting them.
  const live = { ...fetched, objects: fetched.objects.map((o) => ({ ...o, object: showManagedFields ? o.object : withoutManagedFields(o.object) })) };
  await throwFailures(live.errors, ctx.commandPath);
  if (live.objects.length === 0) throw new UsageError('edit cancelled, no objects found', false);
  const render = (objects: readonly KubeObject[]): string =>
    objects.length === 1 && objects[0] !== undefined ? printYaml(objects[0], { showManagedFields }) : printYaml(toListObject(objects), { showManagedFields });

  const byIdentity = new Map<string, LiveObject>(live.objects.map((o) => [identity(o.object), o]));
  const base = ctx.io.env.TMPDIR !== undefined && ctx.io.env.TMPDIR !== '' ? ctx.io.env.TMPDIR : tmpdir();
  const file = path.join(base, `platformctl-edit-${randomBytes(6).toString('hex')}.yaml`);
  let body = render(live.objects.map((o) => o.object));
  let reasons: EditReason[] = [];
  let previousEdit: string | undefined;
  let anyEdited = false;
  const saveConfig = flags.bool('save-config');
  const fieldManager = flags.string('field-manager') ?? '';
  const cause = recordedCause(ctx, flags);

  try {
    for (;;) {
      const text = editHeader(reasons) + body;
      await writeFile(file, windowsLineEndings ? text.replace(/\r?\n/g, '\r\n') : text, { mode: 0o600 });
      // The editor owns the terminal (and Ctrl-C) while it runs: no forced exit under it.
      const release = holdInterrupts();
      try {
        await launchEditor(ctx.io.env, ctx.io.cwd, file);
      } finally {
        release();
      }
      const saved = await readTextFileLimited(file, MANIFEST_LIMIT);
      const edited = stripComments(saved);
      if (edited.trim() === '') {
        ctx.io.stderr.write('Edit cancelled, saved file was empty.\n');
        await rm(file, { force: true });
        return;
      }
      if (reasons.length > 0 && edited === previousEdit) {
        ctx.io.stderr.write(`A copy of your changes has been stored to "${file}"\n`);
        throw new ExitError(1, 'error: Edit cancelled, no valid changes were saved.');
      }
      if (reasons.length === 0 && edited === stripComments(body)) {
        if (!anyEdited) ctx.io.stderr.write(CANCELLED);
        await rm(file, { force: true });
        return;
      }
      previousEdit = edited;
      reasons = [];
      let parsed: unknown;
      try {
        parsed = await loadYaml(edited, { duplicateKeys: 'last-wins' });
      } catch (err) {
        if (!(err instanceof YamlSyntaxError)) throw err;
        reasons = [{ head: `The edited file had a syntax error: ${savedSyntaxError(saved, err)}`, other: [] }];
        body = edited;
        continue;
      }
      const isList = typeof parsed === 'object' && parsed !== null && Array.isArray((parsed as { items?: unknown }).items) && String((parsed as { kind?: unknown }).kind ?? '').endsWith('List');
      const editedObjects = (isList ? (parsed as { items: unknown[] }).items : [parsed]) as KubeObject[];
      const failed: KubeObject[] = [];
      for (const editedObject of editedObjects) {
        const original = byIdentity.get(identity(editedObject));
        if (original === undefined) {
          reasons.push({ head: 'At least one of apiVersion, kind and name was changed', other: [] });
          failed.push(editedObject);
          continue;
        }
        // --save-config records the edited object as the configuration apply compares against.
        // --record: the command line goes into the change-cause annotation after that.
        const saved = withChangeCause(saveConfig ? withLastApplied(configurationOf(editedObject)) : editedObject, cause);
        const { type, patch } = createTwoWayPatch(original.object, saved);
        if (Object.keys(patch).length === 0) continue;
        if (flags.bool('output-patch')) ctx.io.stdout.write(`Patch: ${JSON.stringify(patch)}\n`);
        try {
          const rc = client.resource(original.mapping, original.namespace);
          const patchOptions: Parameters<typeof rc.patch>[2] = { type, fieldManager, fieldValidation: validation, signal: ctx.io.signal };
          const subresource = flags.string('subresource') ?? '';
          if (subresource !== '') patchOptions.subresource = subresource;
          const result = await rc.patch(original.name, patch, patchOptions);
          anyEdited = true;
          if (output.printsObjects) output.printOne({ ...result, apiVersion: result.apiVersion ?? editedObject.apiVersion, kind: result.kind ?? editedObject.kind } as KubeObject);
          else ctx.io.stdout.write(output.resultLine(describeObject(editedObject), 'edited'));
        } catch (err) {
          const { formatError } = await import('../../framework/report-error.js');
          const { StatusError } = await import('../../../sdk/errors.js');
          const head = `${original.mapping.resource} ${JSON.stringify(original.name)} was not valid`;
          const causes = err instanceof StatusError && err.causes.length > 0 ? err.causes.map((c) => `${c.field === undefined ? '' : `${c.field}: `}${c.message ?? ''}`) : [formatError(err, ctx.commandPath).replace(/^error: /, '')];
          reasons.push({ head, other: causes });
          failed.push(editedObject);
        }
      }
      if (reasons.length === 0) {
        if (!anyEdited) ctx.io.stderr.write(CANCELLED);
        await rm(file, { force: true });
        return;
      }
      // Reopen with what failed, as edited, so the user can fix it.
      body = render(failed);
      previousEdit = stripComments(body);
    }
  } catch (err) {
    if (!(err instanceof ExitError)) await rm(file, { force: true });
    throw err;
  }
}

/**
 * The edited object as a configuration: without the fields the server sets (kubectl records them
 * too, which makes a later apply fight the server over them) and without the old annotation.
 */
function configurationOf(object: KubeObject): KubeObject {
  const annotations = { ...object.metadata?.annotations };
  delete annotations[ANNOTATIONS.lastApplied];
  const { uid: _u, resourceVersion: _r, creationTimestamp: _c, generation: _g, managedFields: _m, ...metadata } = object.metadata ?? {};
  const { status: _s, ...rest } = object;
  return { ...rest, metadata: { ...metadata, annotations } };
}
