/**
 * `rollout history`: `deployment.apps/web ` and the revision table, or with `--revision=N`
 * `deployment.apps/web with revision #N` and that revision's pod template; with `-o` the object
 * that records the revision (all of them without `--revision`). A `--template` without `-o` prints
 * the rolled-out object itself, as kubectl's history does when no output format is named.
 */
import type { KubeObject } from '../../../../sdk/types/meta.js';
import type { CommandContext } from '../../../framework/context.js';
import type { FlagValues } from '../../../framework/flag-values.js';
import { UsageError } from '../../../framework/usage-error.js';
import { failuresError } from '../../apply/shared/error-list.js';
import { withType } from '../../apply/shared/live-objects.js';
import { objectOutput } from '../../apply/shared/object-output.js';
import { revisionsOf } from '../shared/history.js';
import { groupKind, kindName, rolloutKind, rolloutObjects } from '../shared/objects.js';

/** `replicaset.apps/web-5d8f7c6b9`: the name of an object that records a revision. */
function revisionName(o: KubeObject): string {
  const [group = '', version] = (o.apiVersion ?? '').split('/');
  const kind = (o.kind ?? '').toLowerCase();
  return `${version === undefined || group === '' ? kind : `${kind}.${group}`}/${o.metadata?.name ?? ''}`;
}

/** Runs `rollout history`. */
export async function run(ctx: CommandContext, args: string[], flags: FlagValues): Promise<void> {
  const revision = flags.int('revision') ?? 0;
  if (revision < 0) throw new UsageError(`revision must be a positive integer: ${revision}`, false);
  const output = await objectOutput(ctx, flags);
  // kubectl prints the revisions' objects only when -o names a format (OutputFlagSpecified).
  const explicitOutput = (flags.string('output') ?? '') !== '';
  const { client, objects, errors } = await rolloutObjects(ctx, args, flags);
  const { formatRolloutHistory, formatRevisionTemplate } = await import('../../../../printers/rollout/history.js');
  for (const o of objects) {
    const kind = rolloutKind(o);
    if (kind === undefined) {
      errors.push(new UsageError(`no history viewer has been implemented for ${JSON.stringify(groupKind(o))}`, false));
      continue;
    }
    const revisions = await revisionsOf(client, kind, o.object, ctx.io.signal);
    if (explicitOutput) {
      const picked: KubeObject[] = revision > 0 ? revisions.filter((r) => r.revision === revision).map((r) => r.source) : revisions.sort((a, b) => a.revision - b.revision).map((r) => r.source);
      if (revision > 0 && picked.length === 0) throw new UsageError(`unable to find the specified revision`, false);
      if (output.printsObjects) await output.printObjects(picked);
      else for (const p of picked) ctx.io.stdout.write(output.resultLine(revisionName(p), ''));
      continue;
    }
    let text: string;
    if (revision > 0) {
      const r = revisions.find((x) => x.revision === revision);
      if (r === undefined) {
        errors.push(new UsageError('unable to find the specified revision', false));
        continue;
      }
      text = formatRevisionTemplate(r.template, { now: ctx.io.now() });
    } else {
      text = formatRolloutHistory(revisions.map((r) => ({ revision: r.revision, changeCause: r.changeCause })));
    }
    if (output.printsObjects) output.printOne(withType(o.object, o.mapping));
    else ctx.io.stdout.write(`${kindName(o)} ${revision > 0 ? `with revision #${revision}` : ''}\n${text}\n`);
  }
  const failure = await failuresError(errors, ctx.commandPath);
  if (failure !== undefined) throw failure;
}
