/**
 * `platformctl create -f`: creates every manifest object (generateName allowed), Namespaces and
 * CRDs first, several at a time, results in input order, every failure listed.
 */
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { usageErrorf } from '../../framework/usage-errorf.js';
import { hasManifestInput } from '../../manifests/manifest-flags.js';
import { runManifestWrites } from '../../writes/manifest-writes.js';

/** Runs `create -f`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length > 0) throw usageErrorf(ctx.commandPath, `Unexpected args: [${args.join(' ')}]`);
  if (!hasManifestInput(flags)) throw new UsageError('must specify one of -f and -k');
  const raw = flags.string('raw') ?? '';
  if (raw !== '') {
    const { checkRawFiles, checkRawUri, sendRaw } = await import('../../writes/raw-request.js');
    if (flags.bool('edit')) throw new UsageError('--raw and --edit are mutually exclusive', false);
    checkRawFiles(flags, { allowNone: false });
    if ((flags.string('selector') ?? '') !== '') throw new UsageError('--raw and --selector (-l) are mutually exclusive', false);
    if ((flags.string('output') ?? '') !== '') throw new UsageError('--raw and --output are mutually exclusive', false);
    checkRawUri(raw);
    await sendRaw(ctx, flags, 'POST');
    return;
  }
  if (flags.bool('edit')) {
    const { editOnCreate } = await import('./edit-on-create.js');
    await editOnCreate(ctx, flags);
    return;
  }
  const saveConfig = flags.bool('save-config');
  const [{ withSource }, { withoutResourceVersion }] = await Promise.all([
    import('../../../sdk/apply/apply-errors.js'),
    import('../../../sdk/apply/apply-object.js'),
  ]);
  await runManifestWrites(ctx, flags, {
    verb: 'creating',
    past: 'created',
    // The server judges names (a SubjectAccessReview has none), as it does for kubectl.
    requireName: 'none',
    savesConfig: () => saveConfig,
    operation: async (rc, object, { source, dryRun, writeOptions }) => {
      if (dryRun === 'client') return { action: 'created', object };
      try {
        return { action: 'created', object: await rc.create(withoutResourceVersion(object), writeOptions) };
      } catch (err) {
        throw withSource(err, 'creating', source);
      }
    },
  });
}
