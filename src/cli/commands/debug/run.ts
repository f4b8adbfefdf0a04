/**
 * `debug`: for each target, an ephemeral debug container in the running pod, a copy of the pod
 * (`--copy-to`), or a pod on the node (`node/NAME`), then, with `--attach` (the default with `-i`),
 * an attach to the debug container as `attach` does. The objects are built by the SDK
 * (`src/sdk/debug/`); this file reads the targets, writes through the API and prints kubectl's lines.
 */
import type { PlatformClient } from '../../../sdk/client.js';
import { PlatformError, StatusError } from '../../../sdk/errors.js';
import {
  ephemeralContainersPatch, ephemeralDebugPod, nodeDebugPod, podCopyForDebug, type DebugContainerOptions,
} from '../../../sdk/debug/index.js';
import type { Node, Pod } from '../../../sdk/types/core.js';
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { readCommandManifests } from '../../manifests/manifest-flags.js';
import { attachToDebugContainer } from './attach.js';
import { completeOptions, validateOptions, type DebugCommandOptions } from './options.js';

/** One object to debug, as kubectl's resource builder gives it. */
interface Target {
  object: KubeObject;
  group: string;
  version: string;
  kind: string;
}

/** The objects named on the command line (`NAME` is a pod) or in `-f` files (used as written, as kubectl does). */
async function targetsOf(ctx: CommandContext, client: PlatformClient, flags: Flags, o: DebugCommandOptions, namespace: string): Promise<Target[]> {
  const out: Target[] = [];
  if (o.filenames.length > 0) {
    for (const m of await readCommandManifests(ctx, flags)) {
      const [group, version] = (m.object.apiVersion ?? '').includes('/') ? (m.object.apiVersion ?? '').split('/') : ['', m.object.apiVersion ?? ''];
      const object = { ...m.object, metadata: { ...m.object.metadata, namespace: m.object.metadata?.namespace ?? namespace } };
      out.push({ object, group: group ?? '', version: version ?? '', kind: m.object.kind ?? '' });
    }
  }
  for (const arg of o.targets) {
    const slash = arg.indexOf('/');
    const type = slash < 0 ? 'pods' : arg.slice(0, slash);
    const name = slash < 0 ? arg : arg.slice(slash + 1);
    if (name === '') throw new PlatformError(`arguments in resource/name form must have a single resource and name`);
    const rc = await client.resourceFor(type, { namespace, signal: ctx.io.signal });
    const object = await rc.get(name, { signal: ctx.io.signal });
    out.push({ object: { ...object, kind: rc.mapping.kind }, group: rc.mapping.group, version: rc.mapping.version, kind: rc.mapping.kind });
  }
  return out;
}

function containerOptions(o: DebugCommandOptions): DebugContainerOptions {
  return {
    image: o.image, container: o.container, args: o.args, argsOnly: o.argsOnly, env: o.env, pullPolicy: o.pullPolicy,
    stdin: o.stdin, tty: o.tty, profile: o.profile, keep: o.keep, ...(o.custom === undefined ? {} : { custom: o.custom }),
  };
}

/** Adds the ephemeral debug container to the running pod; returns the pod and the container. */
async function debugByEphemeralContainer(ctx: CommandContext, client: PlatformClient, pod: Pod, o: DebugCommandOptions): Promise<{ pod: Pod; container: string }> {
  const built = ephemeralDebugPod(pod, { ...containerOptions(o), targetContainer: o.targetContainer });
  if (built.name.generated && !o.quiet) ctx.io.stdout.write(`Defaulting debug container name to ${built.name.name}.\n`);
  const patch = ephemeralContainersPatch(pod, built.pod);
  const namespace = pod.metadata?.namespace ?? '';
  try {
    const result = await client.pods(namespace).patch(pod.metadata?.name ?? '', patch, { type: 'strategic', subresource: 'ephemeralcontainers', signal: ctx.io.signal });
    return { pod: result, container: built.container.name };
  } catch (err) {
    // A server without the sub-resource answers 404 with no name in the details (a missing pod names it).
    if (err instanceof StatusError && err.reason === 'NotFound' && (err.status.details?.name ?? '') === '') {
      throw new PlatformError(`ephemeral containers are disabled for this cluster (error from server: "${err.message}")`);
    }
    throw err;
  }
}

/** Creates the copy (and deletes the original with `--replace`); returns it and its debug container. */
async function debugByCopy(ctx: CommandContext, client: PlatformClient, pod: Pod, o: DebugCommandOptions): Promise<{ pod: Pod; container: string }> {
  const built = podCopyForDebug(pod, { ...containerOptions(o), copyTo: o.copyTo, sameNode: o.sameNode, setImages: o.setImages, ...(o.shareProcesses === undefined ? {} : { shareProcesses: o.shareProcesses }) });
  if (built.name.generated && !o.quiet) ctx.io.stdout.write(`Defaulting debug container name to ${built.name.name}.\n`);
  const namespace = pod.metadata?.namespace ?? '';
  const created = await client.pods(namespace).create(built.pod, { signal: ctx.io.signal });
  if (o.replace) await client.pods(namespace).delete(pod.metadata?.name ?? '', { gracePeriodSeconds: 0, signal: ctx.io.signal });
  return { pod: created, container: built.container };
}

/** Creates the node debug pod in the command's namespace. */
async function debugNode(ctx: CommandContext, client: PlatformClient, node: Node, o: DebugCommandOptions, namespace: string): Promise<{ pod: Pod; container: string }> {
  const built = nodeDebugPod(node, containerOptions(o));
  if (!o.quiet) ctx.io.stdout.write(`Creating debugging pod ${built.pod.metadata?.name ?? ''} with container ${built.container} on node ${node.metadata?.name ?? ''}.\n`);
  const created = await client.pods(namespace).create(built.pod, { signal: ctx.io.signal });
  return { pod: created, container: built.container };
}

export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<number> {
  const o = await completeOptions(ctx, args, flags);
  validateOptions(ctx, o, flags.changed('attach'));
  const client = await ctx.client();
  const { namespace } = await ctx.namespace();
  let code = 0;
  for (const target of await targetsOf(ctx, client, flags, o, namespace)) {
    let result: { pod: Pod; container: string };
    if (target.group === '' && target.kind === 'Node') result = await debugNode(ctx, client, target.object as Node, o, namespace);
    else if (target.group === '' && target.kind === 'Pod') {
      const pod = target.object as Pod;
      result = o.copyTo !== '' ? await debugByCopy(ctx, client, pod, o) : await debugByEphemeralContainer(ctx, client, pod, o);
    } else {
      // Go's GroupVersionKind.String(): `group/version, Kind=kind`, with the slash even for the core group.
      throw new PlatformError(`"${target.group}/${target.version}, Kind=${target.kind}" not supported by debug`);
    }
    if (o.attach && result.container !== '') {
      code = await attachToDebugContainer(ctx, client, result.pod.metadata?.namespace ?? namespace, result.pod.metadata?.name ?? '', result.container, o);
    }
  }
  return code;
}
