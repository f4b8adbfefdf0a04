import { resolve } from 'node:path';
import { INPUT_FILE_LIMIT, readTextFileLimited } from '../../../../sdk/bounded-read.js';
import type { PlatformClient } from '../../../../sdk/client.js';
import { StatusError } from '../../../../sdk/errors.js';
import { GROUPS, NAMESPACES } from '../../../../sdk/naming.js';
import type { ResourceClient } from '../../../../sdk/rest/resource-client.js';
import { genericServerResponse } from '../../../../sdk/rest/response-errors.js';
import { TYPED_RESOURCES } from '../../../../sdk/rest/typed-resources.js';
import type { Container, Pod } from '../../../../sdk/types/core.js';
import type { KubeObject } from '../../../../sdk/types/meta.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { errorText, requestError } from '../../api-resources/discovery-errors.js';
import { fileExtension, listPrinter, type ListPrinter } from './list-printer.js';
import { dumpSink, type DumpSink } from './sink.js';
import { withTemplateCreationTimestamp } from './template-metadata.js';

/** One list kubectl dumps per namespace: its file name, the list's group version and item kind, its client. */
interface NamespacedList {
  file: string;
  apiVersion: string;
  kind: string;
  client: (client: PlatformClient, namespace: string) => ResourceClient;
  /** The kind embeds a pod template (its metadata shows a null creation time). */
  podTemplate?: boolean;
}

const NAMESPACED_LISTS: readonly NamespacedList[] = [
  { file: 'events', apiVersion: 'v1', kind: 'Event', client: (c, ns) => c.resource(TYPED_RESOURCES.events, ns) },
  {
    file: 'replication-controllers', apiVersion: 'v1', kind: 'ReplicationController',
    client: (c, ns) => c.resource({ group: GROUPS.core, version: 'v1', resource: 'replicationcontrollers', kind: 'ReplicationController', namespaced: true }, ns),
  },
  { file: 'services', apiVersion: 'v1', kind: 'Service', client: (c, ns) => c.resource(TYPED_RESOURCES.services, ns) },
  { file: 'daemonsets', apiVersion: 'apps/v1', kind: 'DaemonSet', client: (c, ns) => c.resource(TYPED_RESOURCES.daemonSets, ns), podTemplate: true },
  { file: 'deployments', apiVersion: 'apps/v1', kind: 'Deployment', client: (c, ns) => c.resource(TYPED_RESOURCES.deployments, ns), podTemplate: true },
  { file: 'replicasets', apiVersion: 'apps/v1', kind: 'ReplicaSet', client: (c, ns) => c.resource(TYPED_RESOURCES.replicaSets, ns), podTemplate: true },
  { file: 'pods', apiVersion: 'v1', kind: 'Pod', client: (c, ns) => c.resource(TYPED_RESOURCES.pods, ns) },
];

/** `*v1.PodList`, `*v1.DeploymentList`: the Go type kubectl names in printer errors. */
function goType(apiVersion: string, kind: string): string {
  return `*${apiVersion.slice(apiVersion.lastIndexOf('/') + 1)}.${kind}List`;
}

/**
 * A list as kubectl's typed client prints it: `kind`/`apiVersion` of the list set (kubectl's type
 * setter), then the list metadata and the items as the server sent them (a server sends the
 * fields of typed objects in their struct order, which is the order kubectl prints).
 */
function typedList(list: { metadata?: unknown; items: readonly KubeObject[] }, apiVersion: string, kind: string): KubeObject {
  return { kind: `${kind}List`, apiVersion, metadata: list.metadata ?? {}, items: list.items } as KubeObject;
}

/**
 * The text of a failed log request: kubectl reads logs raw, so a Status answer is reported with
 * client-go's generic message for the code (`the server could not find the requested resource
 * (get pods web-1)`) rather than the server's.
 */
function logErrorText(err: unknown, podName: string): string {
  if (!(err instanceof StatusError)) return errorText(err);
  return genericServerResponse(err.code, { method: 'GET', resource: 'pods', name: podName }, 'unknown', undefined).message ?? errorText(err);
}

function durationFlag(flags: Flags): void {
  const ms = flags.durationMs('pod-running-timeout');
  if (ms !== undefined && ms <= 0) throw new UsageError('--pod-running-timeout must be higher than zero', false);
}

async function podLogs(client: PlatformClient, pod: Pod, container: Container, signal: AbortSignal): Promise<string> {
  const namespace = pod.metadata?.namespace ?? '';
  const name = pod.metadata?.name ?? '';
  let text = `==== START logs for container ${container.name} of pod ${namespace}/${name} ====\n`;
  try {
    const path = `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(name)}/log`;
    const res = await client.rest.request({ method: 'GET', path, query: { container: container.name }, signal });
    text += res.text();
  } catch (err) {
    // kubectl notes the failure in the dump and goes on.
    text += `Request log error: ${logErrorText(err, name)}\n`;
  }
  return `${text}==== END logs for container ${container.name} of pod ${namespace}/${name} ====\n`;
}

async function dumpNamespace(client: PlatformClient, namespace: string, print: ListPrinter, sink: DumpSink, ext: string, signal: AbortSignal): Promise<void> {
  let pods: readonly Pod[] = [];
  for (const entry of NAMESPACED_LISTS) {
    const list = await entry.client(client, namespace).list({ signal }).catch((err: unknown) => {
      // A type the server does not serve (the local server has no replication controllers) is left
      // out; kubectl, written for servers that serve them all, would stop here.
      if (err instanceof StatusError && err.code === 404) return undefined;
      throw requestError(err);
    });
    if (list === undefined) continue;
    const items = entry.podTemplate === true ? list.items.map(withTemplateCreationTimestamp) : list.items;
    await sink.write(`${namespace}/${entry.file}`, ext, print(typedList({ ...list, items }, entry.apiVersion, entry.kind), goType(entry.apiVersion, entry.kind)));
    if (entry.kind === 'Pod') pods = list.items as Pod[];
  }
  for (const pod of pods) {
    let logs = '';
    for (const container of [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])]) logs += await podLogs(client, pod, container, signal);
    await sink.write(`${namespace}/${pod.metadata?.name ?? ''}/logs`, '.txt', logs);
  }
}

/** `platformctl cluster-info dump`. */
export async function run(ctx: CommandContext, _args: string[], flags: Flags): Promise<void> {
  // kubectl: --template without -o means -o go-template.
  const templateOnly = !flags.changed('output') && (flags.string('template') ?? '') !== '';
  const output = templateOnly ? 'go-template' : flags.string('output') ?? 'json';
  const print = await listPrinter({
    output,
    template: flags.string('template') ?? '',
    allowMissingKeys: flags.bool('allow-missing-template-keys'),
    showManagedFields: flags.bool('show-managed-fields'),
    readFile: (path) => readTextFileLimited(resolve(ctx.io.cwd, path), INPUT_FILE_LIMIT),
  });
  durationFlag(flags);
  const client = await ctx.client();
  const { namespace: current } = await ctx.namespace();
  const signal = ctx.io.signal;
  const sink = dumpSink(flags.string('output-directory') ?? '', ctx.io.cwd, ctx.io.stdout);
  const ext = fileExtension(output);

  // Lists are printed as generic objects: the typed accessors are for code that reads fields.
  const nodes = await client.resource(TYPED_RESOURCES.nodes).list({ signal }).catch((err: unknown) => {
    throw requestError(err);
  });
  await sink.write('nodes', ext, print(typedList(nodes, 'v1', 'Node'), goType('v1', 'Node')));

  let namespaces: string[];
  if (flags.bool('all-namespaces')) {
    const list = await client.namespaces().list({ signal }).catch((err: unknown) => {
      throw requestError(err);
    });
    namespaces = list.items.map((n) => n.metadata?.name ?? '');
  } else {
    const given = flags.strings('namespaces');
    // kubectl's default: the system namespace and the current one (twice when they are the same).
    namespaces = given.length > 0 ? given : [NAMESPACES.system, current];
  }
  for (const namespace of namespaces) await dumpNamespace(client, namespace, print, sink, ext, signal);
  if (sink.directory !== undefined) ctx.io.stdout.write(`Cluster info dumped to ${sink.directory}\n`);
}
