/**
 * `cp`: tar over exec, as kubectl does (the SDK's `cp` module does the copying): the pod and
 * container are picked here, the copy's failure becomes the command's exit code.
 */
import { stat } from 'node:fs/promises';
import type { PlatformClient } from '../../../sdk/client.js';
import { copyFromPod, copyToPod, type CopyOptions, type PodExec } from '../../../sdk/cp/copy.js';
import { PlatformError, RemoteExitError } from '../../../sdk/errors.js';
import { defaultContainer, type PodObject } from '../../../sdk/pods/pods-for-object.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { ExitError, UsageError } from '../../framework/usage-error.js';
import { byteSink } from '../../io/terminal.js';
import { parseFileSpec, type FileSpec } from './file-spec.js';

interface Target {
  client: PlatformClient;
  namespace: string;
  pod: string;
  container: string;
}

async function target(ctx: CommandContext, spec: FileSpec, flags: Flags): Promise<Target> {
  const client = await ctx.client();
  const namespace = spec.namespace ?? (await ctx.namespace()).namespace;
  const name = spec.pod ?? '';
  const pod = await client.pods(namespace).get(name, { signal: ctx.io.signal }) as unknown as PodObject;
  const container = flags.string('container') || defaultContainer(pod, (line) => ctx.io.stderr.write(`${line}\n`));
  return { client, namespace, pod: name, container };
}

function podExec(t: Target): PodExec {
  const pods = t.client.pods(t.namespace);
  return (command, options) => pods.exec(t.pod, command, options);
}

/** Runs a copy with the command's streams; a failing `tar` gives its exit code, as kubectl's. */
async function copying(ctx: CommandContext, copy: (options: CopyOptions) => Promise<void>, options: CopyOptions): Promise<number> {
  const stderr = byteSink(ctx.io.stderr);
  try {
    await copy({ ...options, stderr, signal: ctx.io.signal });
  } catch (err) {
    if (err instanceof RemoteExitError) throw new ExitError(err.exitCode, err.message);
    throw err;
  } finally {
    stderr.end();
  }
  return 0;
}

async function copyIntoPod(ctx: CommandContext, src: string, dest: FileSpec, flags: Flags): Promise<number> {
  // The local source is checked before the pod is read, as kubectl does.
  try {
    await stat(src);
  } catch {
    throw new PlatformError(`${src} doesn't exist in local filesystem`);
  }
  const t = await target(ctx, dest, flags);
  if (dest.path === '') throw new UsageError('filepath can not be empty', false);
  return copying(ctx, (o) => copyToPod(podExec(t), src, dest.path, o), { container: t.container, noPreserve: flags.bool('no-preserve'), stdout: byteSink(ctx.io.stdout) });
}

async function copyOutOfPod(ctx: CommandContext, src: FileSpec, dest: string, flags: Flags): Promise<number> {
  if (src.path === '') throw new UsageError('filepath can not be empty', false);
  const t = await target(ctx, src, flags);
  return copying(ctx, (o) => copyFromPod(podExec(t), src.path, dest, o), { container: t.container, onWarning: (line) => ctx.io.stderr.write(`${line}\n`) });
}

export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<number> {
  if (args.length !== 2) throw new UsageError('source and destination are required');
  const [src, dest] = args.map(parseFileSpec) as [FileSpec, FileSpec];
  if (src.pod !== undefined && dest.pod !== undefined) throw new UsageError('one of src or dest must be a local file specification', false);
  if (src.pod === undefined && dest.pod === undefined) throw new UsageError('one of src or dest must be a remote file specification', false);
  if (src.path === '' || dest.path === '') throw new UsageError('filepath can not be empty', false);
  if (src.pod !== undefined) return copyOutOfPod(ctx, src, dest.path, flags);
  return copyIntoPod(ctx, src.path, dest, flags);
}
