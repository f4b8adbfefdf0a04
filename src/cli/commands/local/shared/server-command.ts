/**
 * The specs of `local status` and `local stop`: commands about the server running on a data
 * directory, which take no argument and only `--data-dir`. Their help differs only in its words.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand } from '../../../framework/define-command.js';
import type { CommandRunner } from '../../../framework/spec.js';
import { DATA_DIR_FLAG } from './data-dir-flag.js';

/** The words of one such command's help. */
interface ServerCommandWords {
  name: string;
  summary: string;
  description: string;
  /** The description of the example, which runs the command without flags. */
  example: string;
}

/** `local <name> [--data-dir DIR]`. */
export function serverCommand<R = CommandRunner<never>>(words: ServerCommandWords, load: () => Promise<R>) {
  return defineCommand({
    name: words.name,
    usage: '[--data-dir DIR] [options]',
    summary: words.summary,
    description: words.description,
    examples: [{ description: words.example, command: `${BINARY_NAME} local ${words.name}`, notRunnable: 'needs a local server' }],
    flags: [DATA_DIR_FLAG],
    args: 'none',
    load,
  });
}
