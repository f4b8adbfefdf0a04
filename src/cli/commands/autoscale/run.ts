/**
 * `autoscale`: one autoscaling/v1 HorizontalPodAutoscaler per scalable object (a `scale`
 * sub-resource), named after it unless `--name`, with `--min`, `--max` and `--cpu-percent`;
 * prints `horizontalpodautoscaler.autoscaling/web autoscaled`.
 */
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { recordedCause, withChangeCause } from '../../flags/record.js';
import { dryRunMode, dryRunSuffix } from '../../writes/dry-run.js';
import { throwFailures } from '../../writes/error-list.js';
import { liveObjects } from '../../manifests/live-objects.js';
import { readsStdin } from '../../manifests/manifest-flags.js';
import { withLastApplied } from '../../../sdk/apply/last-applied.js';
import { objectOutput } from '../../writes/object-output.js';
import { inGoFieldOrder } from '../../../machinery/json/go-json.js';
import { inStructOrder } from '../../resource-builders/schema-order.js';
import { apiVersionOf } from '../../../machinery/group-version.js';

const HPA = { group: 'autoscaling', version: 'v1', resource: 'horizontalpodautoscalers', namespaced: true, kind: 'HorizontalPodAutoscaler' } as const;

/** Runs `autoscale`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const max = flags.int('max') ?? -1;
  const min = flags.int('min') ?? -1;
  const cpu = flags.int('cpu-percent') ?? -1;
  if (max < 1) throw new UsageError(`--max=MAXPODS is required and must be at least 1, max: ${max}`, false);
  if (max < min) throw new UsageError(`--max=MAXPODS must be larger or equal to --min=MINPODS, max: ${max}, min: ${min}`, false);
  const dryRun = dryRunMode(flags);
  const output = await objectOutput(ctx, flags);
  const client = await ctx.client({ stdinInUse: readsStdin(flags) });
  const live = await liveObjects(ctx, flags, client, args, { fromFilesAsWritten: true });
  let count = 0;
  const cause = recordedCause(ctx, flags);
  for (const o of live.objects) {
    if (!o.mapping.subresources.includes('scale')) throw new UsageError(`cannot autoscale a ${o.mapping.kind}: no scale subresource`, false);
    const spec: Record<string, unknown> = {
      scaleTargetRef: { kind: o.mapping.kind, name: o.name, apiVersion: apiVersionOf(o.mapping) },
      maxReplicas: max,
    };
    if (min > 0) spec.minReplicas = min;
    if (cpu >= 0) spec.targetCPUUtilizationPercentage = cpu;
    // The typed HorizontalPodAutoscaler kubectl builds: an unset creationTimestamp and the status
    // counts (no omitempty) are there, fields in struct order.
    const generated = inGoFieldOrder(inStructOrder({
      apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler',
      metadata: { name: (flags.string('name') ?? '') || o.name, creationTimestamp: null },
      spec, status: { currentReplicas: 0, desiredReplicas: 0 },
    } as unknown as KubeObject));
    // kubectl records the command in the HPA and adds the last-applied annotation only to what it sends.
    const recorded = inGoFieldOrder(inStructOrder(withChangeCause(generated, cause)));
    const hpa = dryRun !== 'client' && flags.bool('save-config') ? withLastApplied(recorded) : recorded;
    count++;
    if (dryRun === 'client') {
      if (output.printsObjects) output.printOne(hpa);
      else ctx.io.stdout.write(output.resultLine(`horizontalpodautoscaler.autoscaling/${hpa.metadata?.name ?? ''}`, `created${dryRunSuffix(dryRun)}`));
      continue;
    }
    const created = await client.resource(HPA, o.namespace).create(hpa, { fieldManager: flags.string('field-manager') ?? '', signal: ctx.io.signal, ...(dryRun === 'server' ? { dryRun: true } : {}) });
    if (output.printsObjects) output.printOne({ ...created, apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler' });
    else ctx.io.stdout.write(output.resultLine(`horizontalpodautoscaler.autoscaling/${created.metadata?.name ?? ''}`, `autoscaled${dryRunSuffix(dryRun)}`));
  }
  await throwFailures(live.errors, ctx.commandPath);
  if (count === 0) throw new UsageError('no objects passed to autoscale', false);
}
