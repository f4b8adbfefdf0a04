import * as path from 'node:path';
import { INPUT_FILE_LIMIT, readTextFileLimited } from '../../../../sdk/bounded-read.js';
import { goPathError } from '../../../../sdk/config/fs-errors.js';
import { TooLargeError } from '../../../../sdk/errors.js';
import { encodeConfig, toGoJson } from '../../../../sdk/config/encode.js';
import { toYaml } from '../../../../machinery/yaml/emit.js';
import { flattenConfig, minifyConfig, redactConfig } from '../../../../sdk/config/view.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { startingConfig } from '../shared/access.js';
import { plainError } from '../shared/usage.js';
import { goFormat } from '../../../../machinery/json/values.js';

const FORMATS = 'go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,template,templatefile,yaml';
const GO_TEMPLATE_FORMATS = ['go-template', 'go-template-file', 'template', 'templatefile'];
const FILE_FORMATS = ['jsonpath-file', 'go-template-file', 'templatefile'];

/** The template of `-o jsonpath=...`, `-o go-template-file=...` or `-o jsonpath --template ...`. */
async function templateText(format: string, arg: string, flags: Flags, cwd: string): Promise<string> {
  const template = arg !== '' ? arg : (flags.string('template') ?? '');
  if (template === '') throw plainError(`template format specified but no template given`);
  if (FILE_FORMATS.includes(format)) {
    try {
      return await readTextFileLimited(path.resolve(cwd, template), INPUT_FILE_LIMIT);
    } catch (err) {
      if (err instanceof TooLargeError) throw plainError(goPathError('read', template, err));
      throw err;
    }
  }
  return template;
}

/** `platformctl config view`: the merged (or one) config, secrets redacted unless `--raw`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length !== 0) throw new UsageError(`unexpected arguments: ${goFormat(args)}`);
  const explicit = ctx.globals.kubeconfig !== undefined;
  // --merge defaults to false with --kubeconfig (one file is shown as it is).
  const merge = flags.changed('merge') ? flags.bool('merge') : !explicit;
  if (!merge && !explicit) throw plainError('if merge==false a precise file must be specified');
  // kubectl: --template without -o means -o go-template.
  const templateOnly = !flags.changed('output') && (flags.string('template') ?? '') !== '';
  const output = templateOnly ? 'go-template' : flags.string('output') ?? 'yaml';
  const eq = output.indexOf('=');
  const format = eq < 0 ? output : output.slice(0, eq);
  if (!['yaml', 'json', 'jsonpath', 'jsonpath-file', 'jsonpath-as-json', ...GO_TEMPLATE_FORMATS].includes(format)) {
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

  if (format === 'yaml') ctx.io.stdout.write(toYaml(object));
  else if (format === 'json') ctx.io.stdout.write(toGoJson(object));
  else if (GO_TEMPLATE_FORMATS.includes(format)) {
    const template = await templateText(format, eq < 0 ? '' : output.slice(eq + 1), flags, ctx.io.cwd);
    const [{ compileGoTemplate }, { GoTemplateError }] = await Promise.all([import('../../../../printers/gotemplate/template.js'), import('../../../../printers/errors.js')]);
    const compiled = compileGoTemplate(template, { allowMissingKeys: flags.bool('allow-missing-template-keys') });
    try {
      ctx.io.stdout.write(compiled.execute(JSON.parse(JSON.stringify(object))));
    } catch (err) {
      // kubectl prints the output so far and a debugging report before the error.
      if (err instanceof GoTemplateError) ctx.io.stdout.write(err.output);
      throw err;
    }
  } else {
    const template = await templateText(format, eq < 0 ? '' : output.slice(eq + 1), flags, ctx.io.cwd);
    const { compileJsonPath } = await import('../../../../printers/jsonpath/template.js');
    const compiled = await compileJsonPath(template, { allowMissingKeys: flags.bool('allow-missing-template-keys'), asJson: format === 'jsonpath-as-json' });
    // The template sees the object as JSON, as kubectl's printer does.
    ctx.io.stdout.write(compiled.execute(JSON.parse(JSON.stringify(object))));
  }
}
