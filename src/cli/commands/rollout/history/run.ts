/**
 * `rollout history`: `deployment.apps/web ` and the revision table, or with `--revision=N`
 * `deployment.apps/web with revision #N` and that revision's pod template; with `-o` the object
 * that records the revision (all of them without `--revision`). A `--template` without `-o` prints
 * the rolled-out object itself, as kubectl's history does when no output format is named.
 */
import { ANNOTATIONS } from '../../../../sdk/naming.js';
import type { KubeObject } from '../../../../sdk/types/meta.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { typedForPrinting } from '../../../output/typed-object.js';
import { throwFailures } from '../../../writes/error-list.js';
import { withType } from '../../../manifests/live-objects.js';
import { objectOutput } from '../../../writes/object-output.js';
import { revisionsOf } from '../shared/history.js';
import { groupKind, kindName, rolloutKind, rolloutObjects } from '../shared/objects.js';

/** kubectl's deployment history viewer shows the ReplicaSet's change cause among the template's annotations. */
function withChangeCause(template: Record<string, unknown> | undefined, cause: string | undefined): Record<string, unknown> | undefined {
  if (template === undefined || cause === undefined || cause === '') return template;
  const metadata = (template.metadata ?? {}) as Record<string, unknown>;
  const annotations = (metadata.annotations ?? {}) as Record<string, string>;
  return { ...template, metadata: { ...metadata, annotations: { ...annotations, [ANNOTATIONS.changeCause]: cause } } };
}

/** Runs `rollout history`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const revision = flags.int('revision') ?? 0;
  if (revision < 0) throw new UsageError(`revision must be a positive integer: ${revision}`, false);
  const output = await objectOutput(ctx, flags);
  const { client, objects, errors } = await rolloutObjects(ctx, args, flags);
  const { formatRolloutHistory, formatRevisionTemplate } = await import('../../../../printers/rollout/history.js');
  const { describeObject } = await import('../../../../sdk/apply/object-ref.js');
  const names = flags.string('output') === 'name';
  for (const o of objects) {
    const kind = rolloutKind(o);
    if (kind === undefined) {
      errors.push(new UsageError(`no history viewer has been implemented for ${JSON.stringify(groupKind(o))}`, false));
      continue;
    }
    const revisions = await revisionsOf(client, kind, o.object, ctx.io.signal);
    // What records a revision (list items come without their type).
    const recorded = (object: KubeObject): KubeObject => ({ apiVersion: 'apps/v1', kind: kind === 'Deployment' ? 'ReplicaSet' : 'ControllerRevision', ...object });
    // With -o kubectl prints the objects that record the revisions; a --template alone is no -o
    // to it, and its printer gets the workload itself.
    if (output.printsObjects && (flags.string('output') ?? '') === '') {
      output.printOne(o.object);
      continue;
    }
    if (output.printsObjects || names) {
      const picked: KubeObject[] = revision > 0 ? revisions.filter((r) => r.revision === revision).map((r) => r.source) : revisions.sort((a, b) => a.revision - b.revision).map((r) => r.source);
      if (revision > 0 && picked.length === 0) throw new UsageError(`unable to find the specified revision`, false);
      if (names) {
        for (const object of picked) ctx.io.stdout.write(`${describeObject(recorded(object))}\n`);
        continue;
      }
      // One PrintObj per revision, as kubectl does (no List around them), of the typed object.
      for (const object of picked) output.printOne(typedForPrinting(recorded(object)));
      continue;
    }
    let text: string;
    if (revision > 0) {
      const r = revisions.find((x) => x.revision === revision);
      if (r === undefined) {
        errors.push(new UsageError('unable to find the specified revision', false));
        continue;
      }
      text = formatRevisionTemplate(kind === 'Deployment' ? withChangeCause(r.template, r.changeCause) : r.template, { now: ctx.io.now() });
    } else {
      text = formatRolloutHistory(revisions.map((r) => ({ revision: r.revision, changeCause: r.changeCause })));
    }
    if (output.printsObjects) output.printOne(withType(o.object, o.mapping));
    else ctx.io.stdout.write(`${kindName(o)} ${revision > 0 ? `with revision #${revision}` : ''}\n${text}\n`);
  }
  await throwFailures(errors, ctx.commandPath);
}
