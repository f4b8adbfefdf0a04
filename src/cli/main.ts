/**
 * Process entry point of the CLI: wires signals and process IO to `run`, and is the only module
 * that exits the process.
 */
import { LineTrackingOutput, processInterrupts } from './interrupt.js';
import { processIO } from './io/process-io.js';
import { run } from './run.js';

/** After an interrupt, the terminal line is ended so that the shell prompt starts on its own line. */
function endTerminalLine(): void {
  if (stdout.isTTY) stdout.endLine();
  else if (stderr.isTTY) stderr.endLine();
}

const interrupts = processInterrupts({
  exit: (code) => process.exit(code),
  endLine: endTerminalLine,
  report: (line) => {
    endTerminalLine();
    stderr.write(`${line}\n`);
  },
});
const io = processIO(() => interrupts.signal());
const stdout = new LineTrackingOutput(io.stdout);
const stderr = new LineTrackingOutput(io.stderr);
io.stdout = stdout;
io.stderr = stderr;

void run(process.argv.slice(2), io).then((code) => {
  const exitCode = interrupts.exitCode(code);
  if (exitCode !== code) endTerminalLine();
  process.exit(exitCode);
});
