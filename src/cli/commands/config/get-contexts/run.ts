import { compareGoStrings } from '../../../../sdk/config/encode.js';
import { BINARY_NAME } from '../../../../sdk/naming.js';
import type { CommandContext } from '../../../framework/context.js';
import { ExitError } from '../../../framework/usage-error.js';
import type { Flags } from './spec.js';
import { startingConfig } from '../shared/access.js';
import { renderRows } from '../../../../printers/table/table-writer.js';
import { plainError } from '../shared/usage.js';

/** `platformctl config get-contexts [NAME...]`: kubectl's CURRENT NAME CLUSTER AUTHINFO NAMESPACE table. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const output = flags.string('output') ?? '';
  if (output !== '' && output !== 'name') {
    throw plainError(`--output ${output} is not available in ${BINARY_NAME} config get-contexts; resetting to default output format`);
  }
  const nameOnly = output === 'name';
  const showHeaders = !nameOnly && !flags.bool('no-headers');
  const loaded = await startingConfig(ctx);
  const contexts = loaded.config.contexts;
  const problems: string[] = [];
  const names: string[] = [];
  if (args.length === 0) names.push(...contexts.keys());
  for (const name of args) {
    if (contexts.has(name)) names.push(name);
    else problems.push(`context ${name} not found`);
  }
  names.sort(compareGoStrings);
  if (nameOnly) {
    ctx.io.stdout.write(names.map((n) => `${n}\n`).join(''));
  } else {
    const rows: string[][] = showHeaders ? [['CURRENT', 'NAME', 'CLUSTER', 'AUTHINFO', 'NAMESPACE']] : [];
    for (const name of names) {
      const c = contexts.get(name) ?? {};
      rows.push([loaded.config.currentContext === name ? '*' : ' ', name, c.cluster ?? '', c.user ?? '', c.namespace ?? '']);
    }
    ctx.io.stdout.write(renderRows(rows));
  }
  if (problems.length === 1) throw plainError(problems[0] as string);
  // Several problems are listed one per line without the `error: ` prefix, as kubectl does.
  if (problems.length > 1) throw new ExitError(1, problems.join('\n'));
}
