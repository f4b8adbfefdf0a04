/**
 * `create cronjob NAME --image=... --schedule=...`: a `batch/v1` CronJob whose job template runs
 * one container named NAME with the command after `--`, restart policy `--restart` (OnFailure by
 * default; kubectl leaves its check to the server).
 */
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { sendGenerated, startGenerator } from '../../../resource-builders/generated.js';
import { container, podTemplate } from '../shared/pod-template.js';
import { objectMeta, typedObject } from '../../../resource-builders/typed.js';

const CRONJOBS = { group: 'batch', version: 'v1', resource: 'cronjobs', namespaced: true, kind: 'CronJob' } as const;

/** Runs `create cronjob`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const invocation = await startGenerator(ctx, args, flags, ['image', 'schedule']);
  const { name, command, enforcedNamespace } = invocation;
  const restart = flags.string('restart') || 'OnFailure';
  const jobContainer = container({ name, image: flags.string('image') ?? '', command });
  await sendGenerated(ctx, flags, invocation, {
    descriptor: CRONJOBS,
    failurePrefix: 'failed to create cronjob: ',
    object: typedObject(CRONJOBS, { name, namespace: enforcedNamespace }, {
      spec: {
        schedule: flags.string('schedule') ?? '',
        jobTemplate: { metadata: objectMeta({ name }), spec: { template: podTemplate(undefined, [jobContainer], restart) } },
      },
      status: {},
    }),
  });
}
