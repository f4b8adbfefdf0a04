/**
 * `set env`: sets (`KEY=VAL`, `-e`, `-e -` from stdin, `--from` a Secret or ConfigMap with
 * `--keys` and `--prefix`) and removes (`KEY-`) variables of the selected containers (`-c`, with
 * wildcards; init containers too), or lists them (`--list`, `--resolve`), as kubectl does.
 */
import { INPUT_FILE_LIMIT, readStreamLimited } from '../../../../sdk/bounded-read.js';
import { TooLargeError } from '../../../../sdk/errors.js';
import type { KubeObject } from '../../../../sdk/types/meta.js';
import type { CommandContext } from '../../../framework/context.js';
import { FlagValues } from '../../../framework/flag-values.js';
import { ALL_FLAG_COMMA_HELP, SELECTOR_FLAG_EQUALITY_HELP } from '../../../resource/selection.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { matchingContainers } from '../shared/pod-spec.js';
import { runSetCommand } from '../shared/set-command.js';
import { listContainerEnv, type DataReader } from './list.js';
import { keyToEnvName, parseEnv, splitEnvironmentFromResources, updateEnv, type EnvVar } from './parse.js';

type Json = Record<string, unknown>;

async function readAll(ctx: CommandContext): Promise<string> {
  try {
    return (await readStreamLimited(ctx.io.stdin(), INPUT_FILE_LIMIT, ctx.io.signal)).toString('utf8');
  } catch (err) {
    if (err instanceof TooLargeError) throw new UsageError(`read STDIN: ${err.message}`, false);
    throw err;
  }
}

/** The objects `--from` names: read from the server, or with `--local` those of the `-f` files. */
async function fromObjects(ctx: CommandContext, flags: Flags, from: string): Promise<KubeObject[]> {
  if (flags.bool('local')) {
    // kubectl's builder with LocalParam ignores the --from argument and visits the -f objects:
    // nothing is read from the server.
    const { readCommandManifests } = await import('../../../manifests/manifest-flags.js');
    return (await readCommandManifests(ctx, flags, { requireName: 'none' })).map((m) => m.object);
  }
  const client = await ctx.client();
  const { liveObjects } = await import('../../../manifests/live-objects.js');
  const selection = FlagValues.of([SELECTOR_FLAG_EQUALITY_HELP, ALL_FLAG_COMMA_HELP], [flags.string('selector') ?? '', flags.bool('all')]);
  const live = await liveObjects(ctx, selection, client, [from]);
  if (live.errors.length > 0) throw live.errors[0];
  return live.objects.map((o) => o.object);
}

/** The variables `--from` brings: one reference per (selected) key of each Secret or ConfigMap. */
async function fromReferences(ctx: CommandContext, flags: Flags, from: string, keys: readonly string[]): Promise<EnvVar[]> {
  const out: EnvVar[] = [];
  for (const object of await fromObjects(ctx, flags, from)) {
    const kind = object.kind;
    if (kind !== 'Secret' && kind !== 'ConfigMap') throw new UsageError('unsupported resource specified in --from', false);
    const data = (object as Json).data;
    const names = data !== null && typeof data === 'object' ? Object.keys(data).sort() : [];
    const field = kind === 'Secret' ? 'secretKeyRef' : 'configMapKeyRef';
    for (const key of names) {
      if (keys.length > 0 && !keys.includes(key)) continue;
      const name = keyToEnvName(key);
      if (name !== key) ctx.io.stderr.write(`Warning: key ${key} transferred to ${name}\n`);
      out.push({ name, valueFrom: { [field]: { name: object.metadata?.name ?? '', key } } });
    }
  }
  return out;
}

/** Runs `set env`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (flags.bool('all') && (flags.string('selector') ?? '') !== '') throw new UsageError('cannot set --all and --selector at the same time', false);
  const split = splitEnvironmentFromResources(args);
  if (split === undefined) throw new UsageError(`all resources must be specified before environment changes: ${args.join(' ')}`, false);
  const list = flags.bool('list');
  const from = flags.string('from') ?? '';
  const keys = flags.strings('keys');
  if (list && (flags.string('output') ?? '') !== '') throw new UsageError('--list and --output may not be specified together', false);
  if (keys.length > 0 && from === '') throw new UsageError('when specifying --keys, a configmap or secret must be provided with --from', false);
  const changes = await parseEnv([...flags.strings('env'), ...split.envArgs], () => readAll(ctx));
  // kubectl's resource builder refuses -f - when the variables came from stdin.
  if (changes.usedStdin && flags.strings('filename').includes('-')) throw new UsageError('standard input cannot be used for multiple arguments', false);
  // The first client made is the one kept: it must know that stdin held the variables.
  if (changes.usedStdin && !flags.bool('local')) await ctx.client({ stdinInUse: true });
  const env = [...changes.set];
  if (from !== '') env.push(...await fromReferences(ctx, flags, from, keys));
  const prefix = flags.string('prefix') ?? '';
  for (const e of env) e.name = `${prefix}${e.name}`;
  const pattern = flags.string('containers') ?? '*';
  const overwrite = flags.bool('overwrite');
  const resolveRefs = flags.bool('resolve');
  const read: DataReader = async (kind, name) => {
    const client = await ctx.client();
    const { namespace } = await ctx.namespace();
    const mapping = { group: '', version: 'v1', resource: kind === 'secret' ? 'secrets' : 'configmaps', namespaced: true, kind: kind === 'secret' ? 'Secret' : 'ConfigMap' };
    const found = await client.resource(mapping, namespace).get(name, { signal: ctx.io.signal });
    const data = (found as Json).data;
    const out: Record<string, string> = {};
    if (data !== null && typeof data === 'object') {
      for (const [k, v] of Object.entries(data)) out[k] = kind === 'secret' ? Buffer.from(String(v), 'base64').toString('utf8') : String(v);
    }
    return out;
  };
  await runSetCommand(ctx, split.resources, flags, 'env updated', async (object: KubeObject, errors, ref) => {
    const containers = matchingContainers(object, pattern, errors, ref);
    if (containers === undefined) return;
    if (containers.length === 0) {
      ctx.io.stderr.write(`Warning: ${object.kind ?? ''}/${object.metadata?.name ?? ''} does not have any containers matching ${JSON.stringify(pattern)}\n`);
      return;
    }
    for (const c of containers) {
      const existing = (Array.isArray(c.env) ? c.env : []) as EnvVar[];
      if (!overwrite) {
        const clash = env.find((e) => existing.some((x) => x.name === e.name && (x.value ?? '') !== (e.value ?? '')));
        if (clash !== undefined) {
          const current = existing.find((x) => x.name === clash.name);
          errors.push(`${ref} '${clash.name}' already has a value (${current?.value ?? ''}), and --overwrite is false`);
          return;
        }
      }
      const updated = updateEnv(existing, env, changes.remove);
      if (updated.length > 0) c.env = updated;
      else delete c.env;
      if (list) {
        const listing = await listContainerEnv(object, c, updated, resolveRefs, read);
        ctx.io.stdout.write(listing.text);
        for (const line of listing.errors) ctx.io.stderr.write(`${line}\n`);
      }
    }
  }, { write: !list, skipOnError: true, stdinInUse: changes.usedStdin });
}
