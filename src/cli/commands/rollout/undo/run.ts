/**
 * `rollout undo`: puts an earlier revision's pod template back. For a Deployment, the ReplicaSet
 * of that revision (the previous one by default) gives the template (without its hash label) and
 * the annotations, sent as kubectl's JSON patch; for a StatefulSet or DaemonSet, the
 * ControllerRevision's template. `--dry-run=client` prints the template it would restore.
 */
import { ANNOTATIONS, BINARY_NAME, LABELS } from '../../../../sdk/naming.js';
import type { KubeObject } from '../../../../sdk/types/meta.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { dryRunMode } from '../../../writes/dry-run.js';
import { throwFailures } from '../../../writes/error-list.js';
import { withType } from '../../../manifests/live-objects.js';
import { objectOutput } from '../../../writes/object-output.js';
import { revisionsOf, type Revision } from '../shared/history.js';
import { groupKind, kindName, rolloutKind, rolloutObjects } from '../shared/objects.js';

type Json = Record<string, unknown>;

/** Annotations a rollback keeps from the Deployment instead of taking them from the ReplicaSet. */
const KEPT_ANNOTATIONS = [ANNOTATIONS.lastApplied, ANNOTATIONS.deploymentRevision, ANNOTATIONS.deploymentRevisionHistory, ANNOTATIONS.deploymentDesiredReplicas,
  ANNOTATIONS.deploymentMaxReplicas, 'deprecated.deployment.rollback.to'];

function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const o = v as Json;
  return `{${Object.keys(o).filter((k) => o[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
}

function withoutHash(template: Json | undefined): Json {
  const t = structuredClone(template ?? {});
  const meta = (t.metadata ?? {}) as Json;
  const labels = meta.labels as Record<string, string> | undefined;
  if (labels !== undefined) {
    delete labels[LABELS.podTemplateHash];
    if (Object.keys(labels).length === 0) delete meta.labels;
  }
  return t;
}

/** The revision to go back to: the given one, or the one before the newest. */
function pick(revisions: Revision[], toRevision: number, kind: string, name: string): Revision {
  if (toRevision > 0) {
    const r = revisions.find((x) => x.revision === toRevision);
    if (r === undefined) throw new UsageError(`unable to find specified revision ${toRevision} in history`, false);
    return r;
  }
  const sorted = [...revisions].sort((a, b) => b.revision - a.revision);
  const previous = sorted[1];
  if (previous === undefined) throw new UsageError(kind === 'Deployment' ? `no rollout history found for deployment ${JSON.stringify(name)}` : 'no last revision to roll back to', false);
  return previous;
}

/** Runs `rollout undo`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const toRevision = flags.int('to-revision') ?? 0;
  const dryRun = dryRunMode(flags);
  const output = await objectOutput(ctx, flags);
  const { client, objects, errors } = await rolloutObjects(ctx, args, flags);
  const { formatRevisionTemplate } = await import('../../../../printers/rollout/history.js');
  for (const o of objects) {
    try {
      const kind = rolloutKind(o);
      if (kind === undefined) throw new UsageError(`no rollbacker has been implemented for ${JSON.stringify(groupKind(o))}`, false);
      if (toRevision < 0) throw new UsageError(`unable to find specified revision ${toRevision} in history`, false);
      const live = o.object as KubeObject & { spec?: Json };
      const target = pick(await revisionsOf(client, kind, live, ctx.io.signal), toRevision, kind, o.name);
      const template = withoutHash(target.template);
      // With -o (or a template) kubectl prints the object as it read it, whatever the rollback did.
      const report = (operation: string): void => {
        if (output.printsObjects) output.printOne(withType(live, o.mapping));
        else ctx.io.stdout.write(output.resultLine(kindName(o), operation));
      };
      if (dryRun === 'client') {
        const text = formatRevisionTemplate(template, { now: ctx.io.now() });
        report(kind === 'Deployment' ? text : `will roll back to ${text}`);
        continue;
      }
      if (kind === 'Deployment' && live.spec?.paused === true) {
        throw new UsageError(`you cannot rollback a paused deployment; resume it first with '${BINARY_NAME} rollout resume' and try again`, false);
      }
      if (canonical(withoutHash(live.spec?.template as Json | undefined)) === canonical(template)) {
        report(`skipped rollback (current template already matches revision ${target.revision})`);
        continue;
      }
      const rc = client.resource(o.mapping, o.namespace);
      const options = { signal: ctx.io.signal, ...(dryRun === 'server' ? { dryRun: true } : {}) };
      if (kind === 'Deployment') {
        const annotations: Record<string, string> = {};
        for (const k of KEPT_ANNOTATIONS) {
          const v = live.metadata?.annotations?.[k];
          if (v !== undefined) annotations[k] = v;
        }
        for (const [k, v] of Object.entries(target.source.metadata?.annotations ?? {})) if (!KEPT_ANNOTATIONS.includes(k)) annotations[k] = v;
        await rc.patch(o.name, [
          { op: 'replace', path: '/spec/template', value: template },
          { op: 'replace', path: '/metadata/annotations', value: annotations },
        ], { type: 'json', ...options });
      } else {
        await rc.patch(o.name, { spec: { template: { ...template, $patch: 'replace' } } }, { type: 'strategic', ...options });
      }
      report(`rolled back${dryRun === 'server' ? ' (server dry run)' : ''}`);
    } catch (err) {
      errors.push(err);
    }
  }
  await throwFailures(errors, ctx.commandPath);
}
