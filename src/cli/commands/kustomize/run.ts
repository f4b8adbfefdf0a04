/**
 * `platformctl kustomize`: builds with the SDK's kustomize engine and prints the objects as
 * `kubectl kustomize` does (documents in Go's YAML formatting, separated by `---`), or writes
 * them to `-o FILE`, or one file per object into `-o DIR`.
 */
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadRestrictor } from '../../../sdk/kustomize/index.js';
import { isCertainlyClusterScoped } from '../../../sdk/kustomize/model/scope.js';
import type { KubeObject } from '../../../sdk/types/meta.js';
import { toYaml } from '../../../machinery/yaml/emit.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { LOAD_RESTRICTORS } from './spec.js';
import { parseApiVersion } from '../../../machinery/group-version.js';

/** The `--load-restrictor` value (kustomize also accepts `none`). */
export function loadRestrictorFlag(flags: Flags): LoadRestrictor {
  const value = flags.string('load-restrictor') ?? '';
  if (value === 'LoadRestrictionsNone' || value === 'none') return 'LoadRestrictionsNone';
  if (value === '' || value === 'LoadRestrictionsRootOnly') return 'LoadRestrictionsRootOnly';
  throw new UsageError(`illegal flag value --load-restrictor ${value}; legal values: [${LOAD_RESTRICTORS.join(' ')}]`, false);
}

/** The documents of a build, as `kubectl kustomize` prints them. */
export function formatObjects(objects: readonly KubeObject[]): string {
  return objects.map((o) => toYaml(o)).join('---\n');
}

/** kustomize's file name for one object: `group_version_kind_name.yaml`, lower-case. */
function fileNameOf(o: KubeObject): string {
  const { group: g, version } = parseApiVersion(o.apiVersion ?? '');
  const gvk = [g, version, o.kind ?? ''].filter((p) => p !== '').join('_');
  return `${gvk}_${o.metadata?.name ?? ''}.yaml`.toLowerCase();
}

/** The namespace kustomize groups an object under, or undefined for a cluster-scoped kind. */
function namespaceOf(o: KubeObject): string | undefined {
  if (isCertainlyClusterScoped(o.apiVersion ?? '', o.kind ?? '')) return undefined;
  return o.metadata?.namespace || 'default';
}

/** `-o DIR`: one file per object, prefixed with its namespace when there are several namespaces. */
async function writeIndividualFiles(dir: string, objects: readonly KubeObject[]): Promise<void> {
  const namespaces = new Set(objects.map(namespaceOf).filter((ns) => ns !== undefined));
  for (const o of objects) {
    const ns = namespaceOf(o);
    const prefix = ns !== undefined && namespaces.size > 1 ? `${ns.toLowerCase()}_` : '';
    await writeFile(path.join(dir, prefix + fileNameOf(o)), toYaml(o));
  }
}

/** `platformctl kustomize [DIR]`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length > 1) throw new UsageError('specify one path to kustomization.yaml', false);
  const restrictor = loadRestrictorFlag(flags);
  const dir = path.resolve(ctx.io.cwd, args[0] ?? '.');
  // The engine is a side bundle of the built CLI (scripts/bundle.mjs), reached only by import().
  const { buildKustomization } = await import('../../../sdk/kustomize/index.js');
  const result = await buildKustomization(dir, { loadRestrictor: restrictor });
  for (const warning of result.warnings) ctx.io.stderr.write(`${warning}\n`);
  const output = flags.string('output') ?? '';
  if (output === '') {
    ctx.io.stdout.write(formatObjects(result.objects));
    return;
  }
  const target = path.resolve(ctx.io.cwd, output);
  const info = await stat(target).catch(() => undefined);
  if (info?.isDirectory() === true) {
    await writeIndividualFiles(target, result.objects);
    return;
  }
  await writeFile(target, formatObjects(result.objects));
}
