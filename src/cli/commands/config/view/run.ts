import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { encodeConfig, toGoJson } from '../../../../sdk/config/encode.js';
import { toGoYaml } from '../../../../sdk/config/goyaml.js';
import { flattenConfig, minifyConfig, redactConfig } from '../../../../sdk/config/view.js';
import type { CommandContext } from '../../../framework/context.js';
import type { FlagValues } from '../../../framework/flag-values.js';
import { UsageError } from '../../../framework/usage-error.js';
import { startingConfig } from '../shared/access.js';
import { goList, plainError } from '../shared/usage.js';

const FORMATS = 'json,jsonpath,jsonpath-as-json,jsonpath-file,yaml';

/** The JSONPath template of `-o jsonpath=...`, `-o jsonpath-file=...` or `-o jsonpath --template ...`. */
async function jsonPathTemplate(format: string, arg: string, flags: FlagValues, cwd: string): Promise<string> {
  const template = arg !== '' ? arg : (flags.string('template') ?? '');
  if (template === '') throw plainError(`template format specified but no template given`);
  if (format === 'jsonpath-file') return readFile(path.resolve(cwd, template), 'utf8');
  return template;
}

/** `platformctl config view`: the merged (or one) config, secrets redacted unless `--raw`. */
export async function run(ctx: CommandContext, args: string[], flags: FlagValues): Promise<void> {
  if (args.length !== 0) throw new UsageError(`unexpected arguments: ${goList(args)}`);
  const explicit = ctx.globals.kubeconfig !== undefined;
  // --merge defaults to false with --kubeconfig (one file is shown as it is).
  const merge = flags.changed('merge') ? flags.bool('merge') : !explicit;
  if (!merge && !explicit) throw plainError('if merge==false a precise file must be specified');
  const output = flags.string('output') ?? 'yaml';
  const eq = output.indexOf('=');
  const format = eq < 0 ? output : output.slice(0, eq);
  if (!['yaml', 'json', 'jsonpath', 'jsonpath-file', 'jsonpath-as-json'].includes(format)) {
    throw plainError(`unable to match a printer suitable for the output format ${JSON.stringify(output)}, allowed formats are: ${FORMATS}`);
  }

  const loaded = await startingConfig(ctx);
  const config = structuredClone(loaded.config);
  if (flags.bool('minify')) {
    if (ctx.globals.context !== undefined) config.currentContext = ctx.globals.context;
    minifyConfig(config);
  }
  if (flags.bool('flatten')) await flattenConfig(config, loaded);
  else if (!flags.bool('raw')) redactConfig(config);
  const object = encodeConfig(config);

  if (format === 'yaml') ctx.io.stdout.write(toGoYaml(object));
  else if (format === 'json') ctx.io.stdout.write(toGoJson(object));
  else {
    const template = await jsonPathTemplate(format, eq < 0 ? '' : output.slice(eq + 1), flags, ctx.io.cwd);
    const { compileJsonPath } = await import('../../../../printers/jsonpath/template.js');
    const compiled = await compileJsonPath(template, { allowMissingKeys: flags.bool('allow-missing-template-keys'), asJson: format === 'jsonpath-as-json' });
    // The template sees the object as JSON, as kubectl's printer does.
    ctx.io.stdout.write(compiled.execute(JSON.parse(JSON.stringify(object))));
  }
}
