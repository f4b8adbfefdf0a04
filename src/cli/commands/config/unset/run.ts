import { editConfig } from '../../../../sdk/config/edit.js';
import { goQuote } from '../../../../machinery/go-quote.js';
import type { CommandContext } from '../../../framework/context.js';
import { startingConfig } from '../shared/access.js';
import { modifyProperty, parsePropertyPath } from '../shared/property-path.js';
import { helpError, plainError } from '../shared/usage.js';
import { spec } from './spec.js';
import { goFormat } from '../../../../machinery/json/values.js';

/** `platformctl config unset PROPERTY_NAME`. */
export async function run(ctx: CommandContext, args: string[]): Promise<void> {
  if (args.length !== 1) throw helpError(ctx, spec, `Unexpected args: ${goFormat(args)}`);
  const property = args[0] as string;
  if (property === '') throw plainError('you must specify a property');
  const loaded = await startingConfig(ctx);
  parsePropertyPath(property);
  await editConfig(loaded, (config) => modifyProperty(config, property, undefined), { relativizePaths: false });
  ctx.io.stdout.write(`Property ${goQuote(property)} unset.\n`);
}
