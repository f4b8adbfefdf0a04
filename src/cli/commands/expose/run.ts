/**
 * `expose`: the Service kubectl's `service/v2` generator makes for an object: its selector (a
 * pod's labels, a workload's matchLabels, a service's selector), its ports (from `--port` or the
 * containers, `port-N` names when several), target ports, the object's labels, type and the other
 * options; prints `service/web exposed`.
 */
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { dryRunMode, dryRunSuffix } from '../../writes/dry-run.js';
import { throwFailures } from '../../writes/error-list.js';
import { liveObjects } from '../../manifests/live-objects.js';
import { hasManifestInput, readsStdin } from '../../manifests/manifest-flags.js';
import { applyOverrides } from '../run/overrides.js';
import { inGoFieldOrder } from '../../../machinery/json/go-json.js';
import { withTypedLastApplied } from '../../resource-builders/generated.js';
import { inStructOrder } from '../../resource-builders/schema-order.js';
import { recordedCause, withChangeCause } from '../../flags/record.js';
import { objectOutput } from '../../writes/object-output.js';
import { containersOf, podSpecOf } from '../set/shared/pod-spec.js';

type Json = Record<string, unknown>;
const SERVICES = { group: '', version: 'v1', resource: 'services', namespaced: true, kind: 'Service' } as const;

function parseMap(text: string, what: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) throw new UsageError(`unexpected ${what} spec: ${part}`, false);
    if (eq === 0) throw new UsageError(`unexpected empty ${what} key`, false);
    out[part.slice(0, eq)] = part.slice(eq + 1);
  }
  return out;
}

/** `MapBasedSelectorForObject`. */
function selectorOf(o: KubeObject): Record<string, string> {
  const spec = (o as Json).spec as Json | undefined;
  switch (o.kind) {
    case 'Pod': {
      const labels = o.metadata?.labels ?? {};
      if (Object.keys(labels).length === 0) throw new UsageError(`the pod has no labels and cannot be exposed`, false);
      return labels;
    }
    case 'Service': {
      const sel = spec?.selector as Record<string, string> | undefined;
      if (sel === undefined || Object.keys(sel).length === 0) throw new UsageError(`the service has no pod selector set`, false);
      return sel;
    }
    case 'ReplicationController': return (spec?.selector as Record<string, string> | undefined) ?? {};
    case 'Deployment': case 'ReplicaSet': {
      // apps/v1 workloads must name their selector's labels (a manifest may not; expose -f reads it as written).
      const sel = (spec?.selector ?? {}) as { matchLabels?: Record<string, string>; matchExpressions?: unknown[] };
      if (Object.keys(sel.matchLabels ?? {}).length === 0) throw new UsageError(`invalid ${o.kind.toLowerCase()}: no selectors, therefore cannot be exposed`, false);
      if ((sel.matchExpressions ?? []).length > 0) throw new UsageError(`couldn't convert expressions - "${JSON.stringify(sel.matchExpressions)}" to map-based selector format`, false);
      return sel.matchLabels ?? {};
    }
    default: throw new UsageError(`cannot extract pod selector from ${o.kind ?? ''}`, false);
  }
}

/** `PortsForObject` with the protocols of `ProtocolsForObject`. */
function portsOf(o: KubeObject): { port: string; protocol: string }[] {
  if (o.kind === 'Service') {
    return (((o as Json).spec as Json | undefined)?.ports as Json[] | undefined ?? []).map((p) => ({ port: String(p.port), protocol: String(p.protocol ?? 'TCP') }));
  }
  const spec = podSpecOf(o);
  if (spec === undefined) return [];
  const out: { port: string; protocol: string }[] = [];
  for (const c of containersOf(spec, 'containers')) {
    for (const p of (c.ports as Json[] | undefined) ?? []) out.push({ port: String(p.containerPort), protocol: String(p.protocol ?? 'TCP') });
  }
  return out;
}

/** The kinds kubectl's `canBeExposed` accepts, by group. */
const EXPOSABLE: ReadonlyMap<string, readonly string[]> = new Map([
  ['', ['ReplicationController', 'Service', 'Pod']],
  ['apps', ['Deployment', 'ReplicaSet']],
  ['extensions', ['Deployment', 'ReplicaSet']],
]);

/** kubectl's `canBeExposed`, checked before anything else about an object: `cannot expose a Node`. */
function checkExposable(mapping: { group: string; kind: string }): void {
  if (EXPOSABLE.get(mapping.group)?.includes(mapping.kind) === true) return;
  throw new UsageError(`cannot expose a ${mapping.group === '' ? mapping.kind : `${mapping.kind}.${mapping.group}`}`, false);
}

/** Runs `expose`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const dryRun = dryRunMode(flags);
  const output = await objectOutput(ctx, flags);
  if (args.length === 0 && !hasManifestInput(flags)) throw new UsageError('You must provide one or more resources by argument or filename.', false);
  const client = await ctx.client({ stdinInUse: readsStdin(flags) });
  const live = await liveObjects(ctx, flags, client, args, { fromFilesAsWritten: true });
  const suffix = dryRunSuffix(dryRun);
  const cause = recordedCause(ctx, flags);
  for (const item of live.objects) {
    const o = item.object;
    checkExposable(item.mapping);
    const selectorText = flags.string('selector') ?? '';
    let selector: Record<string, string>;
    try {
      selector = selectorText !== '' ? parseMap(selectorText, 'label') : selectorOf(o);
    } catch (err) {
      throw new UsageError(`couldn't retrieve selectors via --selector flag or introspection: ${err instanceof Error ? err.message : String(err)}`, false);
    }
    const portText = flags.string('port') ?? '';
    const inferred = portsOf(o);
    let ports: { port: string; protocol: string }[];
    if (portText !== '') ports = portText.split(',').map((p) => ({ port: p, protocol: inferred.find((x) => x.port === p)?.protocol ?? 'TCP' }));
    else if (inferred.length > 0) ports = inferred;
    else if ((flags.string('type') ?? '') !== 'ExternalName' && (flags.string('cluster-ip') ?? '') !== 'None') throw new UsageError("couldn't find port via --port flag or introspection", false);
    else ports = [];
    const protocol = flags.string('protocol') ?? '';
    const targetPort = flags.string('target-port') ?? '';
    const servicePorts = ports.map((p, i) => {
      if (!/^\d+$/.test(p.port)) throw new UsageError(`strconv.Atoi: parsing ${JSON.stringify(p.port)}: invalid syntax`, false);
      const port: Json = {};
      if (ports.length > 1) port.name = `port-${i + 1}`;
      port.port = Number(p.port);
      port.protocol = protocol !== '' ? protocol : p.protocol;
      port.targetPort = targetPort === '' ? Number(p.port) : /^\d+$/.test(targetPort) ? Number(targetPort) : targetPort;
      return port;
    });
    const labelsText = flags.string('labels') ?? '';
    const labels = labelsText !== '' ? parseMap(labelsText, 'label') : o.metadata?.labels;
    const spec: Json = { ports: servicePorts, selector };
    if ((flags.string('external-ip') ?? '') !== '') spec.externalIPs = [flags.string('external-ip') ?? ''];
    if ((flags.string('type') ?? '') !== '') spec.type = flags.string('type');
    if (spec.type === 'LoadBalancer' && (flags.string('load-balancer-ip') ?? '') !== '') spec.loadBalancerIP = flags.string('load-balancer-ip');
    const affinity = flags.string('session-affinity') ?? '';
    if (affinity !== '') {
      if (affinity !== 'None' && affinity !== 'ClientIP') throw new UsageError(`unknown session affinity: ${affinity}`, false);
      spec.sessionAffinity = affinity;
    }
    if ((flags.string('cluster-ip') ?? '') !== '') spec.clusterIP = flags.string('cluster-ip');
    // A service named after the object takes at most a DNS-1035 label's 63 characters of its name.
    const name = (flags.string('name') ?? '') || (o.metadata?.name ?? '').slice(0, 63);
    const generated = {
      apiVersion: 'v1', kind: 'Service',
      metadata: { creationTimestamp: null, ...(labels !== undefined && Object.keys(labels).length > 0 ? { labels } : {}), name },
      spec, status: { loadBalancer: {} },
    } as unknown as KubeObject;
    // kubectl decodes the overridden Service into its typed struct, records the command in it and
    // adds the last-applied annotation only to what it sends.
    const overridden = inGoFieldOrder(inStructOrder(withChangeCause(await applyOverrides(generated, flags), cause)));
    const service = dryRun !== 'client' && flags.bool('save-config') ? withTypedLastApplied(overridden) as KubeObject : overridden;
    let result = service;
    if (dryRun !== 'client') {
      result = await client.resource(SERVICES, item.namespace).create(service, { fieldManager: flags.string('field-manager') ?? '', signal: ctx.io.signal, ...(dryRun === 'server' ? { dryRun: true } : {}) });
    }
    if (output.printsObjects) output.printOne({ ...result, apiVersion: 'v1', kind: 'Service' });
    else ctx.io.stdout.write(output.resultLine(`service/${name}`, `exposed${suffix}`));
  }
  await throwFailures(live.errors, ctx.commandPath);
}
