import { BINARY_NAME } from '../../../sdk/naming.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { discoveryError, incompleteDiscoveryMessage } from './discovery-errors.js';
import { formatResources, type ResourcesOutput } from './format.js';
import { preferredResources } from './preferred.js';
import { selectResources, type ResourceSelection } from './select.js';

function outputOf(flags: Flags): ResourcesOutput {
  const output = flags.string('output') ?? '';
  if (output !== '' && output !== 'wide' && output !== 'name') throw new UsageError(`--output ${output} is not available`, false);
  return output;
}

function sortByOf(flags: Flags): ResourceSelection['sortBy'] {
  const sortBy = flags.string('sort-by') ?? '';
  if (sortBy !== '' && sortBy !== 'name' && sortBy !== 'kind') throw new UsageError('--sort-by accepts only name or kind', false);
  return sortBy;
}

/** `platformctl api-resources`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length > 0) {
    throw new UsageError(`unexpected arguments: [${args.join(' ')}]\nSee '${BINARY_NAME} api-resources -h' for help and examples`, false);
  }
  const output = outputOf(flags);
  const selection: ResourceSelection = {
    verbs: flags.strings('verbs'),
    categories: flags.strings('categories'),
    sortBy: sortByOf(flags),
  };
  if (flags.changed('api-group')) selection.apiGroup = flags.string('api-group') ?? '';
  if (flags.changed('namespaced')) selection.namespaced = flags.bool('namespaced');
  const noHeaders = flags.bool('no-headers');

  const client = await ctx.client();
  // Without --cached kubectl always asks the server (and refreshes the disk cache).
  const snapshot = await client.discovery.snapshot({ signal: ctx.io.signal, refresh: !flags.bool('cached') }).catch((err: unknown) => {
    // kubectl has printed the header by the time it reports the failure.
    ctx.io.stdout.write(formatResources([], output, noHeaders));
    throw discoveryError(err);
  });
  const resources = selectResources(preferredResources(snapshot), selection);
  ctx.io.stdout.write(formatResources(resources, output, noHeaders));
  if (snapshot.failed.length > 0) throw new UsageError(incompleteDiscoveryMessage(snapshot.failed), false);
}
