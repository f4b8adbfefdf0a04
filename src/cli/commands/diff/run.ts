/**
 * `platformctl diff`: server dry runs of the apply for every manifest, then the live and merged
 * objects as YAML, compared in-process (or by `PLATFORM_EXTERNAL_DIFF`). Exit 0 without
 * differences, 1 with differences, 2 when something failed.
 */
import { paintDiff } from '../../io/colors.js';
import type { DiffEntry } from '../../../sdk/apply/diff-manifests.js';
import { EXTERNAL_DIFF_ENV, FIELD_MANAGER, FIELD_MANAGER_CLIENT_SIDE_APPLY } from '../../../sdk/naming.js';
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { ExitError, UsageError } from '../../framework/usage-error.js';
import { usageErrorf } from '../../framework/usage-errorf.js';
import { failuresError } from '../../writes/error-list.js';
import { readCommandManifests, readsStdin } from '../../manifests/manifest-flags.js';
import { allowConcurrentListeners } from '../../writes/signal.js';
import type { DiffFile } from './external.js';
import { unifiedDiff } from './unified.js';

/** Exit code when the diff could not be computed. */
const ERROR_EXIT = 2;

/** kubectl's file name of an object: `[group.]version.Kind.namespace.name`. */
function fileName(entry: DiffEntry): string {
  const object = entry.merged ?? entry.live ?? entry.manifest.object;
  const apiVersion = object.apiVersion ?? entry.manifest.object.apiVersion ?? '';
  const slash = apiVersion.lastIndexOf('/');
  const group = slash < 0 ? '' : `${apiVersion.slice(0, slash)}.`;
  const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
  return `${group}${version}.${object.kind ?? ''}.${entry.namespace ?? ''}.${object.metadata?.name ?? ''}`;
}

/**
 * Runs `diff`. Every failure, usage errors included, exits with 2 (kubectl's `CheckDiffErr`):
 * 1 means only that there are differences.
 */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<number> {
  try {
    return await runDiff(ctx, args, flags);
  } catch (err) {
    if (err instanceof ExitError) throw err;
    const { formatError } = await import('../../framework/report-error.js');
    throw new ExitError(ERROR_EXIT, formatError(err instanceof UsageError ? new UsageError(err.message, false) : err, ctx.commandPath));
  }
}

async function runDiff(ctx: CommandContext, args: string[], flags: Flags): Promise<number> {
  if (args.length > 0) throw usageErrorf(ctx.commandPath, `Unexpected args: [${args.join(' ')}]`);
  const serverSide = flags.bool('server-side');
  if (flags.bool('force-conflicts') && !serverSide) throw new UsageError('--force-conflicts only works with --server-side', false);
  const fieldManager = flags.changed('field-manager') ? (flags.string('field-manager') ?? '') : serverSide ? FIELD_MANAGER : FIELD_MANAGER_CLIENT_SIDE_APPLY;
  const selector = flags.string('selector') ?? '';
  const showManagedFields = flags.bool('show-managed-fields');
  if ((flags.string('applyset') ?? '') !== '' && !flags.bool('prune')) throw new UsageError('--applyset requires --prune', false);
  const { parsePruneKind } = await import('../../../sdk/apply/prune.js');
  const allowlist = flags.strings('prune-allowlist').map(parsePruneKind);

  const readErrors: unknown[] = [];
  let manifests = await readCommandManifests(ctx, flags, { errors: readErrors });
  if (selector !== '') manifests = (await import('../../../sdk/apply/label-selector.js')).selectManifests(manifests, selector);
  const [client, { namespace }, diffModule, { printYaml }] = await Promise.all([
    ctx.client({ stdinInUse: readsStdin(flags) }),
    ctx.namespace(),
    import('../../../sdk/apply/diff-manifests.js'),
    import('../../../printers/output/json-yaml.js'),
  ]);
  allowConcurrentListeners(ctx.io.signal, flags.int('concurrency') ?? 8);
  const enforceNamespace = ctx.globals.namespace !== undefined;
  const applySetRef = flags.string('applyset') ?? '';
  const applySet = applySetRef === '' ? undefined
    : await (await import('../../../sdk/apply/applyset/applyset.js')).ApplySet.open(client, { parent: applySetRef, namespace: enforceNamespace ? namespace : undefined }, '', ctx.io.signal);
  // The objects as `apply --applyset` sends them: with the member label.
  if (applySet !== undefined) manifests = manifests.map((m) => ({ ...m, object: applySet.label(m.object) }));
  const entries = await diffModule.diffManifests(client, manifests, {
    serverSide, fieldManager, forceConflicts: flags.bool('force-conflicts'), namespace, enforceNamespace,
    concurrency: flags.int('concurrency') ?? 8, signal: ctx.io.signal, ignorePaths: flags.strings('ignore-path'),
  });
  const errors: unknown[] = [...readErrors, ...entries.filter((e) => e.error !== undefined).map((e) => e.error)];

  if (applySet !== undefined && errors.length === 0) {
    // What `apply --applyset --prune` would delete: the set's members that no manifest names.
    const keep = new Set(entries.map((e) => e.live?.metadata?.uid).filter((u): u is string => u !== undefined));
    for await (const p of applySet.staleMembers(keep, ctx.io.signal)) {
      entries.push({ index: entries.length, manifest: { object: p.object, source: '', documentIndex: 0, line: 0 }, description: p.description, mapping: p.mapping, namespace: p.namespace, live: p.object });
    }
  } else if (flags.bool('prune') && errors.length === 0) {
    const { pruneObjects } = await import('../../../sdk/apply/prune.js');
    const results = entries.map((e) => ({ index: e.index, manifest: e.manifest, description: e.description, namespace: e.namespace, object: e.merged }));
    const pruned = await pruneObjects(client, results, {
      selector, allowlist: allowlist.length > 0 ? allowlist : undefined, namespaceSpecified: enforceNamespace, namespace,
      serverSide, fieldManager, dryRun: 'client', signal: ctx.io.signal,
    });
    for (const p of pruned) {
      entries.push({ index: entries.length, manifest: { object: p.object, source: '', documentIndex: 0, line: 0 }, description: p.description, mapping: p.mapping, namespace: p.namespace, live: p.object });
    }
  }

  const yaml = (object: KubeObject | undefined): string => {
    if (object === undefined) return '';
    const clean = showManagedFields ? object : diffModule.withoutDiffNoise(object);
    return printYaml(clean, { showManagedFields });
  };
  const files: DiffFile[] = [];
  for (const entry of entries) {
    if (entry.error !== undefined) continue;
    const [live, merged] = diffModule.maskSecrets(entry.live, entry.merged);
    files.push({ name: fileName(entry), live: yaml(live), merged: yaml(merged) });
  }

  let code = 0;
  const external = ctx.io.env[EXTERNAL_DIFF_ENV];
  if (external !== undefined && external.trim() !== '') {
    const { runExternalDiff } = await import('./external.js');
    code = await runExternalDiff(external, files, ctx.io);
  } else {
    // GNU diff compares the two directories in file-name order; so does the in-process diff.
    files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const f of files) {
      const text = await unifiedDiff(`LIVE/${f.name}`, `MERGED/${f.name}`, f.live, f.merged);
      if (text !== '') {
        ctx.io.stdout.write(paintDiff(text, ctx.colors.stdout));
        code = 1;
      }
    }
  }
  const failure = await failuresError(errors, ctx.commandPath);
  if (failure !== undefined) throw new ExitError(ERROR_EXIT, failure.message);
  return code;
}
