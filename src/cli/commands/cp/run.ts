/**
 * `cp`: tar over exec, as kubectl does. Into a container: a local tar stream is piped to
 * `tar -xmf - -C DIR` (after `test -d` tells whether the destination is a directory). Out of a
 * container: `tar cf - PATH` is read and extracted locally with kubectl's path protections.
 */
import { stat } from 'node:fs/promises';
import { basename, posix } from 'node:path';
import { PassThrough } from 'node:stream';
import type { PlatformClient } from '../../../sdk/client.js';
import { PlatformError } from '../../../sdk/errors.js';
import type { CommandContext } from '../../framework/context.js';
import type { FlagValues } from '../../framework/flag-values.js';
import { ExitError, UsageError } from '../../framework/usage-error.js';
import { byteSink } from '../../io/terminal.js';
import { defaultContainer, type PodObject } from '../../pods/pods-for-object.js';
import { parseFileSpec, type FileSpec } from './file-spec.js';
import { packTar } from './pack.js';
import { untar } from './untar.js';

interface Target {
  client: PlatformClient;
  namespace: string;
  pod: string;
  container: string;
}

async function target(ctx: CommandContext, spec: FileSpec, flags: FlagValues): Promise<Target> {
  const client = await ctx.client();
  const namespace = spec.namespace ?? (await ctx.namespace()).namespace;
  const name = spec.pod ?? '';
  const pod = await client.pods(namespace).get(name, { signal: ctx.io.signal }) as unknown as PodObject;
  const container = flags.string('container') || defaultContainer(pod, (line) => ctx.io.stderr.write(`${line}\n`));
  return { client, namespace, pod: name, container };
}

async function copyToPod(ctx: CommandContext, src: string, dest: FileSpec, flags: FlagValues): Promise<number> {
  try {
    await stat(src);
  } catch {
    throw new PlatformError(`${src} doesn't exist in local filesystem`);
  }
  const t = await target(ctx, dest, flags);
  const pods = t.client.pods(t.namespace);
  let destPath = dest.path;
  if (destPath === '') throw new UsageError('filepath can not be empty', false);
  const isDir = await pods.exec(t.pod, ['test', '-d', destPath], { container: t.container, stdout: { write: () => undefined }, stderr: { write: () => undefined }, signal: ctx.io.signal });
  if (isDir.exitCode === 0) destPath = posix.join(destPath, basename(src));
  const command = flags.bool('no-preserve') ? ['tar', '--no-same-permissions', '--no-same-owner', '-xmf', '-'] : ['tar', '-xmf', '-'];
  const destDir = posix.dirname(destPath);
  if (destDir !== '') command.push('-C', destDir);
  const stdin = await packTar(src, posix.basename(destPath));
  const stderr = byteSink(ctx.io.stderr);
  const result = await pods.exec(t.pod, command, { container: t.container, stdin: stdin as AsyncIterable<Buffer>, stdout: byteSink(ctx.io.stdout), stderr, signal: ctx.io.signal });
  stderr.end();
  if (result.exitCode !== 0) throw new ExitError(result.exitCode, `command terminated with exit code ${result.exitCode}`);
  return 0;
}

async function copyFromPod(ctx: CommandContext, src: FileSpec, dest: string, flags: FlagValues): Promise<number> {
  if (src.path === '') throw new UsageError('filepath can not be empty', false);
  const t = await target(ctx, src, flags);
  const pods = t.client.pods(t.namespace);
  const tarStream = new PassThrough();
  const stderr = byteSink(ctx.io.stderr);
  const warn = (line: string): void => ctx.io.stderr.write(`${line}\n`);
  // kubectl strips the leading slash and path shortcuts (`./`, `../`) of the source to find the prefix.
  const prefix = src.path.replace(/^\/+/, '').replace(/^(?:\.\.?\/)+/, '');
  const extracted = untar(tarStream, prefix, dest, warn);
  const execution = pods.exec(t.pod, ['tar', 'cf', '-', src.path], {
    container: t.container, stdout: { write: (c) => tarStream.write(c) }, stderr, signal: ctx.io.signal,
  }).finally(() => tarStream.end());
  const [result] = await Promise.all([execution, extracted]);
  stderr.end();
  if (result.exitCode !== 0) throw new ExitError(result.exitCode, `command terminated with exit code ${result.exitCode}`);
  return 0;
}

export async function run(ctx: CommandContext, args: string[], flags: FlagValues): Promise<number> {
  if (args.length !== 2) throw new UsageError('source and destination are required');
  const [src, dest] = args.map(parseFileSpec) as [FileSpec, FileSpec];
  if (src.pod !== undefined && dest.pod !== undefined) throw new UsageError('one of src or dest must be a local file specification', false);
  if (src.pod === undefined && dest.pod === undefined) throw new UsageError('one of src or dest must be a remote file specification', false);
  if (src.path === '' || dest.path === '') throw new UsageError('filepath can not be empty', false);
  if (src.pod !== undefined) return copyFromPod(ctx, src, dest.path, flags);
  return copyToPod(ctx, src.path, dest, flags);
}
