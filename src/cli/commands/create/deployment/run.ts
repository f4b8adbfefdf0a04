/**
 * `create deployment NAME --image=...`: an `apps/v1` Deployment labelled and selected by
 * `app=NAME`, one container per image (named after the image), the command after `--` in each,
 * `--port` as the first container's port, as kubectl's generator builds it.
 */
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { sendGenerated, startGenerator } from '../../../resource-builders/generated.js';
import { int32Flag } from '../shared/int-flags.js';
import { container, containerNameForImage, podTemplate } from '../shared/pod-template.js';
import { labelSelector, typedObject } from '../../../resource-builders/typed.js';

const DEPLOYMENTS = { group: 'apps', version: 'v1', resource: 'deployments', namespaced: true, kind: 'Deployment' } as const;

/** Runs `create deployment`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  // pflag checks the int32 range while parsing, before anything else.
  const port = int32Flag(flags, 'port', -1);
  const replicas = int32Flag(flags, 'replicas', 1, 'r');
  const invocation = await startGenerator(ctx, args, flags, ['image']);
  const { name, command, enforcedNamespace } = invocation;
  const images = flags.strings('image');
  if (images.length > 1 && command.length > 0) throw new UsageError('cannot specify multiple --image options and command', false);
  const labels = { app: name };
  const containers = images.map((image, i) => container({
    name: containerNameForImage(image),
    image,
    command,
    containerPort: i === 0 && port >= 0 ? port : undefined,
  }));
  await sendGenerated(ctx, flags, invocation, {
    descriptor: DEPLOYMENTS,
    failurePrefix: 'failed to create deployment: ',
    object: typedObject(DEPLOYMENTS, { name, namespace: enforcedNamespace, labels }, {
      spec: { replicas, selector: labelSelector(labels), template: podTemplate(labels, containers), strategy: {} },
      status: {},
    }),
  });
}
