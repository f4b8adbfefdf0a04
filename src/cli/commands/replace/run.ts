/**
 * `platformctl replace -f`: PUT every manifest object with the live object's resourceVersion
 * (an unconditional replace, as kubectl's), or with `--force` delete it, wait until it is gone,
 * and create it again.
 */
import { isStatusError } from '../../../sdk/errors.js';
import { ANNOTATIONS } from '../../../sdk/naming.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { hasManifestInput } from '../../manifests/manifest-flags.js';
import { runManifestWrites } from '../../writes/manifest-writes.js';
import { deletedLine, FORCE_DELETE_WARNING, propagationPolicy } from '../delete/shared/delete-flags.js';

/** Runs `replace`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length > 0) throw new UsageError(`Unexpected args: [${args.join(' ')}]`);
  // kubectl's raw path asks for a file in the words of its filename options.
  if (!hasManifestInput(flags)) throw (flags.string('raw') ?? '') !== '' ? new UsageError('must specify one of -f and -k', false) : new UsageError('must specify --filename to replace');
  const force = flags.bool('force');
  const subresource = flags.string('subresource') ?? '';
  if (force && subresource !== '') throw new UsageError('--subresource cannot be used with --force', false);
  const policy = propagationPolicy(flags, (m) => ctx.warn(m));
  // replace takes --grace-period as given (kubectl applies delete's --force/--now rules only to delete).
  const period = flags.int('grace-period') ?? -1;
  if (period >= 0 && !force) throw new UsageError('--grace-period must have --force specified', false);
  const grace = period >= 0 ? period : undefined;
  const timeoutMs = flags.durationMs('timeout') ?? 0;
  if (timeoutMs !== 0 && !force) throw new UsageError('--timeout must have --force specified', false);
  if (force && grace === 0) ctx.warn(FORCE_DELETE_WARNING);
  if ((flags.string('raw') ?? '') !== '') {
    const { checkRawFiles, checkRawUri, sendRaw } = await import('../../writes/raw-request.js');
    checkRawFiles(flags, { allowNone: false });
    if ((flags.string('output') ?? '') !== '') throw new UsageError('--raw and --output are mutually exclusive', false);
    checkRawUri(flags.string('raw') ?? '');
    await sendRaw(ctx, flags, 'PUT');
    return;
  }
  const saveConfig = flags.bool('save-config');
  const [{ withSource }, { waitForDeletion }, { splitApiVersion }, { withoutResourceVersion }] = await Promise.all([
    import('../../../sdk/apply/apply-errors.js'),
    import('../../../sdk/apply/wait-for.js'),
    import('../../../sdk/apply/object-ref.js'),
    import('../../../sdk/apply/apply-object.js'),
  ]);
  await runManifestWrites(ctx, flags, {
    verb: 'replacing',
    past: 'replaced',
    requireName: 'name',
    // --save-config records the configuration; an annotation already in the manifest is kept current.
    savesConfig: (object) => saveConfig || object.metadata?.annotations?.[ANNOTATIONS.lastApplied] !== undefined,
    operation: async (rc, annotated, { source, dryRun, signal, writeOptions }) => {
      const name = annotated.metadata?.name ?? '';
      if (!force) {
        let body = annotated;
        if (annotated.metadata?.resourceVersion === undefined) {
          try {
            const live = await rc.get(name, { signal });
            body = { ...annotated, metadata: { ...annotated.metadata, resourceVersion: live.metadata?.resourceVersion ?? '' } };
          } catch (err) {
            if (!isStatusError(err, 'NotFound')) throw withSource(err, 'replacing', source);
          }
        }
        if (dryRun === 'client') return { action: 'replaced', object: body };
        try {
          return { action: 'replaced', object: await rc.update(body, subresource === '' ? writeOptions : { ...writeOptions, subresource }) };
        } catch (err) {
          throw withSource(err, 'replacing', source);
        }
      }
      // --force: delete, wait until the object is gone, create.
      const { group } = splitApiVersion(annotated.apiVersion ?? '');
      const notes: string[] = [];
      const suffix = dryRun === 'client' ? ' (dry run)' : dryRun === 'server' ? ' (server dry run)' : '';
      if (dryRun !== 'client') {
        try {
          const deleteOptions: Parameters<typeof rc.delete>[1] = { propagationPolicy: policy, signal };
          if (grace !== undefined) deleteOptions.gracePeriodSeconds = grace;
          if (dryRun === 'server') deleteOptions.dryRun = true;
          const before = await rc.get(name, { signal });
          await rc.delete(name, deleteOptions);
          notes.push(deletedLine(annotated.kind ?? '', group, name, `${grace === 0 ? 'force deleted' : 'deleted'}${suffix}`));
          if (dryRun === 'none') await waitForDeletion(rc, name, before.metadata?.uid, { signal, timeoutMs: timeoutMs > 0 ? timeoutMs : undefined });
        } catch (err) {
          if (!isStatusError(err, 'NotFound')) throw withSource(err, 'deleting', source);
        }
      }
      const body = withoutResourceVersion(annotated);
      if (dryRun === 'client') return { action: 'replaced', object: body, notes };
      try {
        return { action: 'replaced', object: await rc.create(body, writeOptions), notes };
      } catch (err) {
        throw withSource(err, 'creating', source);
      }
    },
  });
}
