import { editConfig } from '../../../../sdk/config/edit.js';
import { goQuote } from '../../../../machinery/go-quote.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { startingConfig } from '../shared/access.js';
import { modifyProperty, parsePropertyPath } from '../shared/property-path.js';
import { helpError, plainError } from '../shared/usage.js';
import { spec } from './spec.js';
import { goFormat } from '../../../../machinery/json/values.js';

/** `platformctl config set PROPERTY_NAME PROPERTY_VALUE`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length !== 2) throw helpError(ctx, spec, `Unexpected args: ${goFormat(args)}`);
  const [property, value] = args as [string, string];
  if (value === '') throw plainError('you cannot use set to unset a property');
  if (property === '') throw plainError('you must specify a property');
  const loaded = await startingConfig(ctx);
  parsePropertyPath(property);
  await editConfig(loaded, (config) => modifyProperty(config, property, value, flags.bool('set-raw-bytes')), { relativizePaths: false });
  ctx.io.stdout.write(`Property ${goQuote(property)} set.\n`);
}
