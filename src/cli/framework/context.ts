/**
 * What a running command receives: the IO of the process, the parsed global flags, reporting
 * helpers, and the lazily created SDK services (config, client, namespace) of `services.ts`, so a
 * command that needs none of them never loads them.
 */
import type { CliIO } from '../io/io.js';
import { PLAIN_CLI, type CliColors } from '../io/colors.js';
import type { GlobalOptions } from '../flags/global.js';
import { createServices, type Services } from './services.js';

/** The context every command runner gets. */
export interface CommandContext extends Services {
  readonly io: CliIO;
  readonly globals: GlobalOptions;
  /** The command path, e.g. `['config', 'view']`. */
  readonly commandPath: readonly string[];
  /** Paints for stdout and stderr: plain unless the output is a colour terminal (io/colors.ts). */
  readonly colors: CliColors;
  /** Prints `Warning: <message>` on stderr (once per distinct message). */
  warn(message: string): void;
  /** Prints a diagnostic line on stderr when the verbosity (`-v`) is at least `level`. */
  log(level: number, message: string): void;
  /**
   * The command line as kubectl's `--record` stores it in the change-cause annotation
   * (framework/change-cause.ts): `platformctl label pods x a=b --record=true`.
   */
  commandLine(): string;
}

/** Creates a {@link CommandContext}. */
export function createContext(io: CliIO, globals: GlobalOptions, commandPath: readonly string[], colors: CliColors = PLAIN_CLI, commandLine: () => string = () => ''): CommandContext {
  const warned = new Set<string>();
  const warn = (message: string): void => {
    if (warned.has(message)) return;
    warned.add(message);
    io.stderr.write(`${colors.stderr.yellow('Warning:')} ${message}\n`);
  };
  const services = createServices(io, globals, warn);
  return {
    io,
    globals,
    commandPath,
    colors,
    warn,
    commandLine,
    log(level: number, message: string): void {
      if (globals.verbosity >= level) io.stderr.write(`${message}\n`);
    },
    loadedConfig: () => services.loadedConfig(),
    clientConfig: () => services.clientConfig(),
    client: (options) => services.client(options),
    namespace: () => services.namespace(),
    get warningCount() {
      return services.warningCount;
    },
  };
}
