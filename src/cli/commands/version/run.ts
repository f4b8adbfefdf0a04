import { clientVersion } from '../../build-info.js';
import type { CommandContext } from '../../framework/context.js';
import type { FlagValues } from '../../framework/flag-values.js';
import { UsageError } from '../../framework/usage-error.js';
import { fetchServerVersion } from './server-version.js';

/** `platformctl version`. */
export async function run(ctx: CommandContext, args: string[], flags: FlagValues): Promise<number> {
  if (args.length > 0) throw new UsageError(`unexpected arguments: ${args.join(' ')}`);
  const output = flags.string('output') ?? '';
  if (output !== '' && output !== 'json' && output !== 'yaml') {
    throw new UsageError(`--output must be 'yaml' or 'json'`, false);
  }
  const client = clientVersion();
  const result: { clientVersion: typeof client; serverVersion?: unknown } = { clientVersion: client };
  let serverError: unknown;
  if (!flags.bool('client')) {
    try {
      result.serverVersion = await fetchServerVersion(ctx);
    } catch (err) {
      serverError = err;
    }
  }
  const out = ctx.io.stdout;
  if (output === 'json') {
    out.write(`${JSON.stringify(result, null, 2)}\n`);
  } else if (output === 'yaml') {
    const { dump } = await import('js-yaml');
    out.write(dump(result, { lineWidth: -1, noRefs: true }));
  } else {
    out.write(`Client Version: ${client.gitVersion}\n`);
    const sv = result.serverVersion as { gitVersion?: string } | undefined;
    if (sv?.gitVersion !== undefined) out.write(`Server Version: ${sv.gitVersion}\n`);
  }
  if (serverError !== undefined) throw serverError;
  return 0;
}
