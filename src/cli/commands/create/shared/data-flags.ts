/**
 * The `--from-*` flags of `create configmap` and `create secret generic`.
 */
import type { CommandContext } from '../../../framework/context.js';
import type { FlagsOf } from '../../../framework/flag-reader.js';
import type { FlagSpec } from '../../../framework/spec.js';
import type { DataSources } from './data-sources.js';

/** The data source flags, worded for `configmap` or `secret` as kubectl words them. */
export function dataSourceFlags(noun: 'configmap' | 'secret') {
  const fromFile = noun === 'configmap'
    ? 'Key file can be specified using its file path, in which case file basename will be used as configmap key, or optionally with a key and file path, in which case the given key will be used.  Specifying a directory will iterate each named file in the directory whose basename is a valid configmap key.'
    : 'Key files can be specified using their file path, in which case a default name will be given to them, or optionally with a name and file path, in which case the given name will be used.  Specifying a directory will iterate each named file in the directory that is a valid secret key.';
  return [
    { name: 'from-env-file', type: 'stringSlice', default: [], description: `Specify the path to a file to read lines of key=val pairs to create a ${noun}.`, complete: { kind: 'file' } },
    { name: 'from-file', type: 'stringSlice', default: [], description: fromFile, complete: { kind: 'file' } },
    { name: 'from-literal', type: 'stringArray', default: [], description: `Specify a key and literal value to insert in ${noun} (i.e. mykey=somevalue)` },
  ] as const satisfies readonly FlagSpec[];
}

/** The data sources the flags name. */
export function dataSourcesFrom(ctx: CommandContext, flags: FlagsOf<ReturnType<typeof dataSourceFlags>>): DataSources {
  return { literals: flags.strings('from-literal'), files: flags.strings('from-file'), envFiles: flags.strings('from-env-file'), cwd: ctx.io.cwd, env: ctx.io.env };
}
