/**
 * `platformctl local`: run the embedded API server on this machine (start, stop, status, repair).
 */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand } from '../../framework/define-command.js';
import { spec as repair } from './repair/spec.js';
import { spec as start } from './start/spec.js';
import { spec as status } from './status/spec.js';
import { spec as stop } from './stop/spec.js';

/** The `local` group. */
export const spec = defineCommand({
  name: 'local',
  usage: 'SUBCOMMAND [options]',
  summary: 'Run a local API server on this machine',
  description: [
    'Run the embedded API server on this machine, so that every command works without a cluster.',
    '',
    `"${BINARY_NAME} local start" serves the API over HTTPS on 127.0.0.1 with a CA it generates, writes a "local" cluster, user and context into the config and makes it current. State is kept in the data directory and survives restarts.`,
    '',
    `A store that is damaged (a log file cut short or deleted, for example) makes "${BINARY_NAME} local start" fail and name the file and offset; "${BINARY_NAME} local repair" shows what dropping the damaged part loses, and does it with --yes.`,
  ].join('\n'),
  group: 'Other Commands',
  examples: [
    { description: 'Start the local server in the background and switch to its context', command: `${BINARY_NAME} local start`, notRunnable: 'starts a background process' },
    { description: 'Show whether the local server is running', command: `${BINARY_NAME} local status`, notRunnable: 'needs a local server' },
    { description: 'Stop the local server', command: `${BINARY_NAME} local stop`, notRunnable: 'needs a local server' },
    { description: 'Show what repairing a damaged store would drop', command: `${BINARY_NAME} local repair`, notRunnable: 'needs a stopped local server' },
  ],
  flags: [],
  subcommands: [start, stop, status, repair],
});
