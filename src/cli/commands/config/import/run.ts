/**
 * `config import FILE...`: reads each file as a config file (bounded, as every config file is read),
 * merges its entries into ours inside one locked edit, and prints a line per entry; with a
 * conflict under the default policy the edit is abandoned, so nothing is written.
 */
import { dirname, resolve } from 'node:path';
import { CONFIG_FILE_LIMIT, readTextFileLimited } from '../../../../sdk/bounded-read.js';
import { editConfig } from '../../../../sdk/config/edit.js';
import { goPathError } from '../../../../sdk/config/fs-errors.js';
import { importConfig, ImportConflictError, type ImportConflictPolicy, type ImportedEntry } from '../../../../sdk/config/import.js';
import { parseConfigFile } from '../../../../sdk/config/load.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { startingConfig } from '../shared/access.js';
import { plainError } from '../shared/usage.js';

const POLICIES: readonly ImportConflictPolicy[] = ['refuse', 'rename', 'skip', 'overwrite'];

function line(e: ImportedEntry): string {
  const what = `${e.kind.slice(0, -1)} ${JSON.stringify(e.name)}`;
  switch (e.result) {
    case 'added': return `added        ${what}`;
    case 'unchanged': return e.newName === undefined ? `unchanged    ${what}` : `unchanged    ${what} (imported before as ${JSON.stringify(e.newName)})`;
    case 'conflict': return `conflict     ${what}: ours differs`;
    case 'renamed': return `renamed      ${what} as ${JSON.stringify(e.newName ?? '')}`;
    case 'skipped': return `skipped      ${what}: ours kept`;
    case 'overwritten': return `overwritten  ${what}`;
  }
}

/** Runs `config import`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length === 0) throw new UsageError('at least one config file to import is required');
  const policy = flags.string('on-conflict') ?? 'refuse';
  if (!POLICIES.includes(policy as ImportConflictPolicy)) throw new UsageError(`invalid --on-conflict ${JSON.stringify(policy)}: one of ${POLICIES.join(', ')}`, false);
  const incoming: { arg: string; path: string; file: Awaited<ReturnType<typeof parseConfigFile>> }[] = [];
  for (const arg of args) {
    const path = resolve(ctx.io.cwd, arg);
    const text = await readTextFileLimited(path, CONFIG_FILE_LIMIT).catch((e: unknown) => {
      throw plainError(goPathError('open', arg, e));
    });
    incoming.push({ arg, path, file: await parseConfigFile(path, text) });
  }
  const loaded = await startingConfig(ctx);
  const report: ImportedEntry[] = [];
  try {
    await editConfig(loaded, (config) => {
      for (const { arg, path, file } of incoming) report.push(...importConfig(config, file.model, arg, dirname(path), policy as ImportConflictPolicy));
      if (report.some((e) => e.result === 'conflict')) throw new ImportConflictError(report);
    });
  } finally {
    let source = '';
    for (const e of report) {
      if (e.source !== source && args.length > 1) ctx.io.stdout.write(`${e.source}:\n`);
      source = e.source;
      ctx.io.stdout.write(`${line(e)}\n`);
    }
  }
}
