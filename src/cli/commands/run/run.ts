/**
 * `run`: the pod kubectl's `run-pod/v1` generator makes (label `run=NAME` unless `--labels`,
 * one container named NAME, `--env`, `--port`, args or `--command` after `--`, the restart
 * policy), optionally a ClusterIP Service with `--expose`. Attaching (`-i`, `-t`, `--attach`,
 * `--rm`) needs the streaming protocols, which are not there yet: that is refused with a clear error.
 */
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { usageErrorf } from '../../framework/usage-errorf.js';
import { applyOverrides } from './overrides.js';
import { inGoFieldOrder } from '../../../machinery/json/go-json.js';
import { inStructOrder } from '../../resource-builders/schema-order.js';
import { withTypedLastApplied } from '../../resource-builders/generated.js';
import { recordedCause, withChangeCause } from '../../flags/record.js';
import { dryRunMode, dryRunSuffix } from '../../writes/dry-run.js';
import { objectOutput } from '../../writes/object-output.js';

const PODS = { group: '', version: 'v1', resource: 'pods', namespaced: true, kind: 'Pod' } as const;
const SERVICES = { group: '', version: 'v1', resource: 'services', namespaced: true, kind: 'Service' } as const;

function parseLabels(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split(',')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    if (eq <= 0) throw new UsageError(`invalid label spec: ${part}`, false);
    out[part.slice(0, eq)] = part.slice(eq + 1);
  }
  return out;
}

/** Runs `run`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<number> {
  const name = args[0] ?? '';
  if (name === '') throw usageErrorf(ctx.commandPath, 'NAME is required for run');
  const image = flags.string('image') ?? '';
  if (image === '') throw new UsageError('--image is required', false);
  const [{ isImageReference, INVALID_REFERENCE_FORMAT }, { goQuote }] = await Promise.all([import('../../../sdk/debug/image-reference.js'), import('../../../machinery/go-quote.js')]);
  if (!isImageReference(image)) throw new UsageError(`Invalid image name ${goQuote(image)}: ${INVALID_REFERENCE_FORMAT}`, false);
  if (flags.bool('tty') && !flags.bool('stdin')) throw usageErrorf(ctx.commandPath, '-i/--stdin is required for containers with -t/--tty=true');
  const port = flags.string('port') ?? '';
  if (flags.bool('expose') && port === '') throw usageErrorf(ctx.commandPath, '--port must be set when exposing a service');
  const attach = flags.bool('attach') || flags.bool('stdin');
  if (flags.bool('rm') && !attach) throw usageErrorf(ctx.commandPath, '--rm should only be used for attached containers');
  const dryRun = dryRunMode(flags);
  if (dryRun !== 'none' && attach) throw usageErrorf(ctx.commandPath, "--dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)");
  const restart = flags.string('restart') ?? 'Always';
  if (!['Always', 'OnFailure', 'Never'].includes(restart)) throw usageErrorf(ctx.commandPath, `invalid restart policy: ${restart}`);
  const pullPolicy = flags.string('image-pull-policy') ?? '';
  if (pullPolicy !== '' && !['Always', 'IfNotPresent', 'Never'].includes(pullPolicy)) throw usageErrorf(ctx.commandPath, `invalid image pull policy: ${pullPolicy}`);
  const labelText = flags.string('labels') ?? '';
  const labels = labelText === '' ? { run: name } : parseLabels(labelText);
  const container: Record<string, unknown> = { name, image };
  const rest = args.slice(1);
  if (rest.length > 0) container[flags.bool('command') ? 'command' : 'args'] = rest;
  const env = flags.strings('env').map((e) => {
    const eq = e.indexOf('=');
    if (eq <= 0) throw new UsageError(`invalid env: ${e}`, false);
    return { name: e.slice(0, eq), value: e.slice(eq + 1) };
  });
  if (env.length > 0) container.env = env;
  if (pullPolicy !== '') container.imagePullPolicy = pullPolicy;
  if (port !== '') {
    if (!/^\d+$/.test(port)) throw new UsageError(`invalid port: ${port}`, false);
    container.ports = [{ containerPort: Number(port) }];
  }
  container.resources = {};
  if (flags.bool('stdin')) {
    container.stdin = true;
    // kubectl closes stdin after the first attach unless asked to leave it open.
    if (!flags.bool('leave-stdin-open')) container.stdinOnce = true;
  }
  if (flags.bool('tty')) container.tty = true;
  if (flags.bool('privileged')) container.securityContext = { privileged: true };
  const annotations: Record<string, string> = {};
  for (const a of flags.strings('annotations')) {
    const eq = a.indexOf('=');
    if (eq <= 0) throw new UsageError(`invalid annotation: ${a}`, false);
    annotations[a.slice(0, eq)] = a.slice(eq + 1);
  }
  let pod: KubeObject = {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { ...(Object.keys(annotations).length > 0 ? { annotations } : {}), creationTimestamp: null as unknown as string, labels, name },
    spec: { containers: [container], dnsPolicy: 'ClusterFirst', restartPolicy: restart },
    status: {},
  } as KubeObject;
  // kubectl decodes the overridden object into the typed Pod again: printed in struct order.
  // kubectl decodes the overridden object into the typed Pod again (struct order), records the
  // command in it, and adds the last-applied annotation only to what it sends.
  const cause = recordedCause(ctx, flags);
  const typed = (o: KubeObject): KubeObject => {
    const recorded = inGoFieldOrder(inStructOrder(withChangeCause(o, cause)));
    return dryRun !== 'client' && flags.bool('save-config') ? withTypedLastApplied(recorded) as KubeObject : recorded;
  };
  pod = typed(await applyOverrides(pod, flags));
  const output = await objectOutput(ctx, flags);
  const suffix = dryRunSuffix(dryRun);
  const generatedService: KubeObject | undefined = flags.bool('expose')
    // kubectl's service generator gets --labels as given: the Service selects run=NAME but is not labelled with it.
    ? { apiVersion: 'v1', kind: 'Service', metadata: { creationTimestamp: null as unknown as string, ...(labelText === '' ? {} : { labels }), name }, spec: { ports: [{ port: Number(port), protocol: 'TCP', targetPort: Number(port) }], selector: labels }, status: { loadBalancer: {} } } as KubeObject
    : undefined;
  const service = generatedService === undefined ? undefined : typed(generatedService);
  const printed: KubeObject[] = [];
  const report = (o: KubeObject, kind: string): void => {
    if (output.printsObjects) printed.push(inGoFieldOrder(inStructOrder(o)));
    else ctx.io.stdout.write(output.resultLine(`${kind}/${o.metadata?.name ?? ''}`, `created${suffix}`));
  };
  const printAll = (): void => {
    for (const o of printed) {
      output.printOne({ ...o, apiVersion: o.apiVersion ?? 'v1', kind: o.kind ?? '' });
      // kubectl separates its Service from the pod with a --- of its own, besides the printer's.
      if (o.kind === 'Service' && flags.string('output') === 'yaml') ctx.io.stdout.write('---\n');
    }
  };
  if (dryRun === 'client') {
    if (service !== undefined) report(service, 'service');
    report(pod, 'pod');
  } else {
    const client = await ctx.client();
    const { namespace } = await ctx.namespace();
    const options = { fieldManager: flags.string('field-manager') ?? '', signal: ctx.io.signal, ...(dryRun === 'server' ? { dryRun: true } : {}) };
    // kubectl creates the pod first; a Service that cannot be created is reported after the pod.
    const created = await client.resource(PODS, namespace).create(pod, options);
    let serviceError: unknown;
    if (service !== undefined) {
      try {
        report(await client.resource(SERVICES, namespace).create(service, options), 'service');
      } catch (err) {
        serviceError = err;
      }
    }
    // Attached, the session is the output (kubectl prints no "created" line for the pod).
    if (attach) {
      if (service !== undefined) printAll();
      const { attachToRun } = await import('./attached.js');
      return attachToRun(ctx, client, namespace, created.metadata?.name ?? name, restart, flags);
    }
    report(created, 'pod');
    if (serviceError !== undefined) {
      printAll();
      throw serviceError;
    }
  }
  printAll();
  return 0;
}
