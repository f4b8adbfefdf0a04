/**
 * `create job NAME --image=...` (one container named NAME, restart policy Never, the command
 * after `--`) and `create job NAME --from=cronjob/X` (the cron job's job template, annotated as
 * started by hand and owned by the cron job), as kubectl's generator builds them.
 */
import type { KubeObject } from '../../../../sdk/types/meta.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { sendGenerated, startGenerator } from '../../../resource-builders/generated.js';
import { JOBS, jobFromCronJob } from '../shared/job-from-cronjob.js';
import { container, podTemplate } from '../shared/pod-template.js';
import { type Struct, typedObject } from '../../../resource-builders/typed.js';

/** Reads the object `--from` names (kubectl's builder: `TYPE/NAME` in the command's namespace). */
async function fromObject(ctx: CommandContext, from: string): Promise<KubeObject> {
  const [client, { parseResourceArguments, resolveResources, fetchAllObjects }, { namespace }] = await Promise.all([
    ctx.client(),
    import('../../../resource/index.js'),
    ctx.namespace(),
  ]);
  const parsed = parseResourceArguments([from]);
  if (parsed === undefined) throw new UsageError('from must be an existing cronjob', false);
  const selection = { labelSelector: '', fieldSelector: '', allNamespaces: false, all: false };
  const resolved = await resolveResources(client, parsed, selection, { namespace, signal: ctx.io.signal, allowBareTypes: false });
  const found = await fetchAllObjects(client, resolved.queries, { selection, signal: ctx.io.signal });
  const [first] = found;
  if (found.length !== 1 || first === undefined) throw new UsageError('from must be an existing cronjob', false);
  const { mapping } = first.query;
  if (mapping.group !== 'batch' || mapping.kind !== 'CronJob') throw new UsageError(`unknown object type *${mapping.version}.${mapping.kind}`, false);
  return first.object;
}

/** Runs `create job`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const invocation = await startGenerator(ctx, args, flags);
  const { name, command, enforcedNamespace } = invocation;
  const image = flags.string('image') ?? '';
  const from = flags.string('from') ?? '';
  if ((image === '') === (from === '')) throw new UsageError('either --image or --from must be specified', false);
  if (command.length > 0 && from !== '') throw new UsageError('cannot specify --from and command', false);
  let object: Struct;
  if (image !== '') {
    object = typedObject(JOBS, { name, namespace: enforcedNamespace }, {
      spec: { template: podTemplate(undefined, [container({ name, image, command })], 'Never') },
      status: {},
    });
  } else {
    object = jobFromCronJob(name, enforcedNamespace, await fromObject(ctx, from));
  }
  await sendGenerated(ctx, flags, invocation, {
    descriptor: JOBS,
    failurePrefix: 'failed to create job: ',
    object,
  });
}
