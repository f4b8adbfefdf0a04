/**
 * `blame`: reads one object (`TYPE NAME` or `TYPE/NAME` in the command's namespace) and prints its
 * fields with their owners: the YAML text of `printers/blame`, or for `-o json|yaml` the list of
 * fields with their values and owners.
 */
import { fieldOwnership } from '../../../sdk/blame/field-ownership.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';

/** Runs `blame`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const output = flags.string('output') ?? '';
  if (!['', 'json', 'yaml'].includes(output)) throw new UsageError(`unable to match a printer suitable for the output format "${output}", allowed formats are: json,yaml`, false);
  const [client, { parseResourceArguments, resolveResources, fetchAllObjects }, { namespace }] = await Promise.all([
    ctx.client(),
    import('../../resource/index.js'),
    ctx.namespace(),
  ]);
  const parsed = parseResourceArguments(args);
  if (parsed === undefined) throw new UsageError('Required resource not specified.');
  const selection = { labelSelector: '', fieldSelector: '', allNamespaces: false, all: false };
  const resolved = await resolveResources(client, parsed, selection, { namespace, signal: ctx.io.signal, allowBareTypes: false });
  const found = await fetchAllObjects(client, resolved.queries, { selection, signal: ctx.io.signal });
  const [first] = found;
  if (first === undefined) throw new UsageError('Required resource not specified.');
  if (found.length > 1) throw new UsageError(`blame shows one object; ${found.length} were named`, false);
  const fields = fieldOwnership(first.object);
  const manager = flags.string('manager') || undefined;
  const field = flags.string('field') || undefined;
  if (output === '') {
    const { blameYaml } = await import('../../../printers/blame/blame-yaml.js');
    ctx.io.stdout.write(blameYaml(fields, { manager, field }));
    return;
  }
  const [{ blamedFields }, { toJson }, { toYaml }] = await Promise.all([
    import('../../../printers/blame/blame-json.js'),
    import('../../../machinery/json/go-json.js'),
    import('../../../machinery/yaml/emit.js'),
  ]);
  const meta = first.object.metadata;
  const document = {
    apiVersion: first.object.apiVersion, kind: first.object.kind,
    name: meta?.name, ...(meta?.namespace === undefined ? {} : { namespace: meta.namespace }),
    fields: blamedFields(fields, { manager, field }),
  };
  ctx.io.stdout.write(output === 'json' ? `${toJson(document, { indent: '    ' })}\n` : toYaml(document));
}
