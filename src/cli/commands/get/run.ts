/**
 * `platformctl get`: checks the flags as kubectl does, resolves the resources (arguments or
 * `-f`), then prints tables (human output), objects (`-o ...`) or a watch.
 */
import { BINARY_NAME } from '../../../sdk/naming.js';
import type { CommandContext } from '../../framework/context.js';
import { queriesFromInput } from './queries.js';
import type { Flags } from './spec.js';
import { ExitError, UsageError } from '../../framework/usage-error.js';
import { printerFor } from '../../output/printer.js';
import { selectionFromFlags } from '../../resource/selection.js';
import { hasManifestInput } from '../../manifests/manifest-flags.js';
import { throwCollected } from './errors.js';

const SUBRESOURCES = ['status', 'scale'];

function validate(args: readonly string[], flags: Flags): void {
  const raw = flags.string('raw') ?? '';
  const output = flags.string('output') ?? '';
  if (raw !== '') {
    if (args.length > 0) throw new UsageError('arguments may not be passed when --raw is specified', false);
    if (flags.bool('watch') || flags.bool('watch-only') || (flags.string('selector') ?? '') !== '') {
      throw new UsageError('--raw may not be specified with other flags that filter the server request or alter the output', false);
    }
    if (output !== '') throw new UsageError('--raw and --output are mutually exclusive', false);
    if (!raw.startsWith('/')) throw new UsageError(`--raw must be a valid URL path: parse "${raw}": invalid URI for request`, false);
    return;
  }
  if (flags.bool('show-labels') && output !== '' && output !== 'wide') {
    throw new UsageError(`--show-labels option cannot be used with ${output} printer`, false);
  }
  if (flags.bool('output-watch-events') && !(flags.bool('watch') || flags.bool('watch-only'))) {
    throw new UsageError('--output-watch-events option can only be used with --watch or --watch-only', false);
  }
  const sub = flags.string('subresource') ?? '';
  if (sub !== '' && !SUBRESOURCES.includes(sub)) {
    throw new UsageError(`invalid subresource value: "${sub}". Must be one of [${SUBRESOURCES.join(' ')}]`, false);
  }
  const chunk = flags.int('chunk-size') ?? 500;
  if (chunk < 0) throw new UsageError(`invalid chunk size ${chunk}: it must not be negative`, false);
}

/** Runs `get`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  validate(args, flags);
  const raw = flags.string('raw') ?? '';
  if (raw !== '') {
    const { getRaw } = await import('./raw.js');
    await getRaw(ctx, raw);
    return;
  }
  const files = flags.strings('filename');
  const fromFiles = hasManifestInput(flags);
  if (args.length === 0 && !fromFiles) {
    ctx.io.stderr.write(`You must specify the type of resource to get. Use "${BINARY_NAME} api-resources" for a complete list of supported resources.\n\n`);
    throw new ExitError(1, `error: Required resource not specified.\nUse "${BINARY_NAME} explain <resource>" for a detailed description of that resource (e.g. ${BINARY_NAME} explain pods).\nSee '${BINARY_NAME} get -h' for help and examples`);
  }
  if (fromFiles && args.length > 0) {
    throw new UsageError('when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well', false);
  }
  // The printer first: a bad -o or template fails before anything is sent.
  const printer = await printerFor(flags, ctx.io, { human: true });
  if (printer === undefined) throw new Error('get: no printer');
  const client = await ctx.client({ stdinInUse: files.includes('-') });
  const selection = selectionFromFlags(flags);
  const { resolved, namespace, readErrors } = await queriesFromInput(ctx, flags, client, args, fromFiles);
  const subresource = (flags.string('subresource') ?? '') === '' ? undefined : flags.string('subresource');
  if (subresource !== undefined && !resolved.named) throw new UsageError('subresource cannot be used when bulk resources are specified', false);
  const common = {
    printer,
    selection,
    chunkSize: flags.int('chunk-size') ?? 500,
    ignoreNotFound: flags.bool('ignore-not-found'),
    subresource,
    serverPrint: flags.bool('server-print'),
  };
  if (flags.bool('watch') || flags.bool('watch-only')) {
    const { watchResources } = await import('./watch.js');
    await watchResources(ctx, client, resolved, {
      ...common,
      watchOnly: flags.bool('watch-only'),
      outputWatchEvents: flags.bool('output-watch-events'),
      ...((flags.int('watch-request-seconds') ?? 0) > 0 ? { timeoutSeconds: flags.int('watch-request-seconds') ?? 0 } : {}),
    });
    return;
  }
  let errors: unknown[];
  if (printer.humanReadable) {
    const { printHuman } = await import('./human.js');
    errors = await printHuman(ctx, client, resolved, { ...common, namespace });
  } else {
    const { printGeneric } = await import('./generic.js');
    errors = await printGeneric(ctx, client, resolved, common);
  }
  throwCollected([...errors, ...readErrors], ctx.commandPath);
}
