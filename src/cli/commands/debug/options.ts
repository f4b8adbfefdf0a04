/**
 * `debug`'s Complete and Validate: the flags read into the SDK's debug options, checked in
 * kubectl's order with its messages, and the informational lines kubectl prints while validating.
 */
import { PlatformError } from '../../../sdk/errors.js';
import type { JsonMap } from '../../../sdk/apply/patches.js';
import type { EnvVar } from '../../../sdk/types/core.js';
import {
  INVALID_REFERENCE_FORMAT, isDebugProfile, isImageReference, parseCustomProfile, type DebugProfile, type KeepFlags,
} from '../../../sdk/debug/index.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';

/** Everything `debug` was asked to do. */
export interface DebugCommandOptions {
  targets: string[];
  filenames: string[];
  args: string[];
  argsOnly: boolean;
  attach: boolean;
  container: string;
  copyTo: string;
  replace: boolean;
  env: EnvVar[];
  image: string;
  pullPolicy: string;
  stdin: boolean;
  tty: boolean;
  quiet: boolean;
  sameNode: boolean;
  setImages: Record<string, string>;
  /** `--share-processes` when given. */
  shareProcesses: boolean | undefined;
  targetContainer: string;
  profile: DebugProfile;
  keep: KeepFlags;
  custom: JsonMap | undefined;
}

/** `KEY=VALUE` pairs of a string-to-string flag (pflag's StringToString). */
function pairs(flag: string, values: readonly string[]): [string, string][] {
  return values.map((v) => {
    const i = v.indexOf('=');
    if (i < 0) throw new PlatformError(`invalid argument "${values.join(',')}" for "--${flag}" flag: ${v} must be formatted as key=value`);
    return [v.slice(0, i), v.slice(i + 1)];
  });
}

/** Reads the flags (kubectl's Complete). */
export async function completeOptions(ctx: CommandContext, args: string[], flags: Flags): Promise<DebugCommandOptions> {
  const dash = flags.argsLenAtDash();
  const targets = dash >= 0 ? args.slice(0, dash) : [...args];
  const rest = dash >= 0 ? args.slice(dash) : [];
  const stdin = flags.bool('stdin');
  const profileName = flags.string('profile') ?? 'legacy';
  if (!isDebugProfile(profileName)) throw new PlatformError(`unknown profile: ${profileName}`);
  const customFile = flags.string('custom') ?? '';
  let custom: JsonMap | undefined;
  if (customFile !== '') {
    const [{ INPUT_FILE_LIMIT, readTextFileLimited }, { resolve }] = await Promise.all([import('../../../sdk/bounded-read.js'), import('node:path')]);
    let text: string;
    try {
      text = await readTextFileLimited(resolve(ctx.io.cwd, customFile), INPUT_FILE_LIMIT);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new PlatformError(`must pass a container spec json file for custom profile: open ${customFile}: ${code === 'ENOENT' ? 'no such file or directory' : code === 'EISDIR' ? 'is a directory' : e instanceof Error ? e.message : String(e)}`);
    }
    custom = await parseCustomProfile(text, customFile);
  }
  return {
    targets, filenames: flags.strings('filename'), args: rest, argsOnly: flags.bool('arguments-only'),
    attach: flags.changed('attach') ? flags.bool('attach') : stdin,
    container: flags.string('container') ?? '', copyTo: flags.string('copy-to') ?? '', replace: flags.bool('replace'),
    env: pairs('env', flags.strings('env')).map(([name, value]) => ({ name, value })),
    image: flags.string('image') ?? '', pullPolicy: flags.string('image-pull-policy') ?? '',
    stdin, tty: flags.bool('tty'), quiet: flags.bool('quiet'), sameNode: flags.bool('same-node'),
    setImages: Object.fromEntries(pairs('set-image', flags.strings('set-image'))),
    shareProcesses: flags.changed('share-processes') ? flags.bool('share-processes') : undefined,
    targetContainer: flags.string('target') ?? '', profile: profileName,
    keep: {
      labels: flags.bool('keep-labels'), annotations: flags.bool('keep-annotations'), liveness: flags.bool('keep-liveness'),
      readiness: flags.bool('keep-readiness'), startup: flags.bool('keep-startup'), initContainers: flags.bool('keep-init-containers'),
    },
    custom,
  };
}

/** kubectl's Validate: the first problem, in its order and words; prints its notes on the way. */
export function validateOptions(ctx: CommandContext, o: DebugCommandOptions, attachChanged: boolean): void {
  if (o.attach && attachChanged && o.image === '' && o.container === '') {
    throw new PlatformError('you must specify --container or create a new container using --image in order to attach.');
  }
  if (o.copyTo !== '') {
    if (o.image === '' && Object.keys(o.setImages).length === 0 && o.args.length === 0) throw new PlatformError('you must specify --image, --set-image or command arguments.');
    if (o.args.length > 0 && o.container === '' && o.image === '') throw new PlatformError('you must specify an existing container or a new image when specifying args.');
  } else if (o.replace) {
    throw new PlatformError('--replace may only be used with --copy-to.');
  } else if (o.sameNode) {
    throw new PlatformError('--same-node may only be used with --copy-to.');
  } else if (Object.keys(o.setImages).length > 0) {
    throw new PlatformError('--set-image may only be used with --copy-to.');
  } else if (o.image === '') {
    throw new PlatformError('you must specify --image when not using --copy-to.');
  }
  if (o.image !== '' && !isImageReference(o.image)) throw new PlatformError(`invalid image name "${o.image}": ${INVALID_REFERENCE_FORMAT}`);
  if (o.targets.length === 0 && o.filenames.length === 0) throw new PlatformError('NAME or filename is required for debug');
  if (!['Always', 'IfNotPresent', 'Never', ''].includes(o.pullPolicy)) throw new PlatformError(`invalid image pull policy: ${o.pullPolicy}`);
  for (const [name, image] of Object.entries(o.setImages)) {
    if (!isImageReference(image)) throw new PlatformError(`invalid image name "${image}" for container "${name}": ${INVALID_REFERENCE_FORMAT}`);
  }
  if (o.targetContainer !== '') {
    if (o.copyTo !== '') throw new PlatformError('--target is incompatible with --copy-to. Use --share-processes instead.');
    if (!o.quiet) ctx.io.stdout.write(`Targeting container "${o.targetContainer}". If you don't see processes from this container it may be because the container runtime doesn't support this feature.\n`);
  }
  if (o.tty && !o.stdin) throw new PlatformError('-i/--stdin is required for containers with -t/--tty=true');
  if (o.profile === 'legacy') {
    ctx.io.stderr.write('--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".\n');
  }
}
