import { clientVersion, KUSTOMIZE_VERSION } from '../../build-info.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { fetchServerVersion } from './server-version.js';

/** `platformctl version`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<number> {
  if (args.length > 0) throw new UsageError(`extra arguments: [${args.join(' ')}]`, false);
  const output = flags.string('output') ?? '';
  if (output !== '' && output !== 'json' && output !== 'yaml') {
    throw new UsageError(`--output must be 'yaml' or 'json'`, false);
  }
  const client = clientVersion();
  // kubectl's Version struct: client, the embedded kustomize, then the server.
  const result: { clientVersion: typeof client; kustomizeVersion: string; serverVersion?: unknown } = { clientVersion: client, kustomizeVersion: KUSTOMIZE_VERSION };
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
    // sigs.k8s.io/yaml's keys in order, and the blank line of kubectl's Println after it.
    const { toYaml } = await import('../../../machinery/yaml/emit.js');
    out.write(`${toYaml(result)}\n`);
  } else {
    out.write(`Client Version: ${client.gitVersion}\nKustomize Version: ${KUSTOMIZE_VERSION}\n`);
    const sv = result.serverVersion as { gitVersion?: string } | undefined;
    if (sv?.gitVersion !== undefined) out.write(`Server Version: ${sv.gitVersion}\n`);
  }
  if (serverError !== undefined) throw serverError;
  return 0;
}
