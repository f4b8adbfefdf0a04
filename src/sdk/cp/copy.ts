/**
 * Copying files to and from a container, as kubectl's `cp` does: tar over exec. Into a container,
 * a local tar stream is piped to `tar -xmf - -C DIR` (after `test -d` tells whether the destination
 * is a directory); out of one, `tar cf - PATH` is read and extracted locally with kubectl's path
 * protections (`untar.ts`). The container needs a `tar` binary. `platformctl cp` runs these.
 */
import { stat } from 'node:fs/promises';
import { basename, posix } from 'node:path';
import { PassThrough } from 'node:stream';
import { InputError, PlatformError, RemoteExitError } from '../errors.js';
import type { OutputSink, RemoteCommandOptions, RemoteCommandResult } from '../streams/remote-command.js';
import { packTar } from './pack-tar.js';
import { untar } from './untar.js';

/** Options of a copy. */
export interface CopyOptions {
  /** The container (default: the pod's default-container annotation, else its first container). */
  container?: string | undefined;
  /** Into a container: do not keep the files' ownership and permissions (kubectl's `--no-preserve`). */
  noPreserve?: boolean | undefined;
  /** Into a container: receives what `tar` writes to its standard output there. */
  stdout?: OutputSink | undefined;
  /** Receives what `tar` writes to its standard error in the container. */
  stderr?: OutputSink | undefined;
  /** Out of a container: receives kubectl's warnings about entries skipped (links, paths outside the destination). */
  onWarning?: ((line: string) => void) | undefined;
  signal?: AbortSignal | undefined;
}

/** The exec a copy runs its commands with (a pod's `exec`, bound to its name). */
export type PodExec = (command: readonly string[], options: RemoteCommandOptions) => Promise<RemoteCommandResult>;

function execOptions(options: CopyOptions): RemoteCommandOptions {
  const out: RemoteCommandOptions = {};
  if (options.container !== undefined && options.container !== '') out.container = options.container;
  if (options.signal !== undefined) out.signal = options.signal;
  return out;
}

function checkExit(result: RemoteCommandResult): void {
  if (result.exitCode !== 0) throw new RemoteExitError(result.exitCode);
}

const DISCARD: OutputSink = { write: () => undefined };

/**
 * Copies the local file or directory `localPath` to `remotePath` in the container; into an
 * existing directory it lands under its own base name, as with `cp`. Rejects with a
 * {@link RemoteExitError} when `tar` fails in the container.
 */
export async function copyToPod(exec: PodExec, localPath: string, remotePath: string, options: CopyOptions = {}): Promise<void> {
  try {
    await stat(localPath);
  } catch {
    throw new PlatformError(`${localPath} doesn't exist in local filesystem`);
  }
  let destPath = remotePath;
  if (destPath === '') throw new InputError('filepath can not be empty');
  const base = execOptions(options);
  const isDir = await exec(['test', '-d', destPath], { ...base, stdout: DISCARD, stderr: DISCARD });
  if (isDir.exitCode === 0) destPath = posix.join(destPath, basename(localPath));
  const command = options.noPreserve === true ? ['tar', '--no-same-permissions', '--no-same-owner', '-xmf', '-'] : ['tar', '-xmf', '-'];
  const destDir = posix.dirname(destPath);
  if (destDir !== '') command.push('-C', destDir);
  const stdin = await packTar(localPath, posix.basename(destPath));
  checkExit(await exec(command, { ...base, stdin: stdin as AsyncIterable<Buffer>, stdout: options.stdout ?? DISCARD, stderr: options.stderr ?? DISCARD }));
}

/**
 * Copies `remotePath` (a file or directory) out of the container to `localPath`. Entries that are
 * links or would land outside `localPath` are skipped with a warning, so a hostile container
 * cannot write elsewhere. Rejects with a {@link RemoteExitError} when `tar` fails in the container.
 */
export async function copyFromPod(exec: PodExec, remotePath: string, localPath: string, options: CopyOptions = {}): Promise<void> {
  if (remotePath === '') throw new InputError('filepath can not be empty');
  const tarStream = new PassThrough();
  // kubectl strips the leading slash and path shortcuts (`./`, `../`) of the source to find the prefix.
  const prefix = remotePath.replace(/^\/+/, '').replace(/^(?:\.\.?\/)+/, '');
  const extracted = untar(tarStream, prefix, localPath, options.onWarning ?? (() => undefined));
  const execution = exec(['tar', 'cf', '-', remotePath], {
    ...execOptions(options), stdout: { write: (c) => tarStream.write(c) }, stderr: options.stderr ?? DISCARD,
  }).finally(() => tarStream.end());
  const [result] = await Promise.all([execution, extracted]);
  checkExit(result);
}
