/**
 * Process entry point of the CLI: wires signals and process IO to `run`, and is the only module
 * that exits the process.
 */
import { processIO } from './io/process-io.js';
import { run } from './run.js';

let controller: AbortController | undefined;

/** The abort signal of the process; the first call installs the SIGINT/SIGTERM handlers. */
function abortSignal(): AbortSignal {
  if (controller === undefined) {
    const c = new AbortController();
    controller = c;
    let interrupts = 0;
    const onSignal = (signal: NodeJS.Signals): void => {
      interrupts++;
      // The first Ctrl-C lets watches and waits finish cleanly; a second one forces the exit.
      if (interrupts > 1) process.exit(signal === 'SIGINT' ? 130 : 143);
      c.abort();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  return controller.signal;
}

void run(process.argv.slice(2), processIO(abortSignal)).then((code) => process.exit(code));
