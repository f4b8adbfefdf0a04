/**
 * `create ingress NAME`: a `networking.platform.io/v1` Ingress from `--rule`, `--class`,
 * `--default-backend` and `--annotation`.
 */
import { GROUPS } from '../../../../sdk/naming.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { sendGenerated, startGenerator } from '../../../resource-builders/generated.js';
import { typedObject } from '../../../resource-builders/typed.js';
import { ingressAnnotations, ingressSpec, validateIngressFlags } from './rules.js';

const INGRESSES = { group: GROUPS.networking, version: 'v1', resource: 'ingresses', namespaced: true, kind: 'Ingress' } as const;

/** Runs `create ingress`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const invocation = await startGenerator(ctx, args, flags);
  const { name, enforcedNamespace } = invocation;
  const rules = flags.strings('rule');
  const annotations = flags.strings('annotation');
  const defaultBackend = flags.string('default-backend') ?? '';
  validateIngressFlags(rules, annotations, defaultBackend);
  await sendGenerated(ctx, flags, invocation, {
    descriptor: INGRESSES,
    failurePrefix: 'failed to create ingress: ',
    object: typedObject(INGRESSES, { name, namespace: enforcedNamespace, annotations: ingressAnnotations(annotations) }, {
      spec: ingressSpec(flags.string('class') ?? '', defaultBackend, rules),
      status: { loadBalancer: {} },
    }),
  });
}
