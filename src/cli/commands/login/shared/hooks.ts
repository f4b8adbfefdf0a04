/**
 * What `login` needs from the world beyond CliIO: how to open a browser, and the command line
 * that runs this platformctl again (for the exec plugin entry). Tests replace both.
 */
import * as path from 'node:path';

/** The command and leading arguments that run this platformctl. */
export interface SelfCommand {
  command: string;
  args: string[];
}

/** Replaceable collaborators of the login commands. */
export interface LoginHooks {
  /** Opens a URL in the user's browser; resolves false when it could not. */
  openUrl: (url: string) => Promise<boolean>;
  /** This platformctl as an exec-plugin command line. */
  selfCommand: () => SelfCommand;
}

async function openInBrowser(url: string): Promise<boolean> {
  try {
    // Loaded lazily: only an interactive login opens a browser.
    const { default: open } = await import('open');
    const child = await open(url, { wait: false });
    return await new Promise<boolean>((resolve) => {
      child.once('error', () => resolve(false));
      // `open` hands the URL to xdg-open/open/start, which exits at once; no exit event means it is running.
      child.once('spawn', () => resolve(true));
      setTimeout(() => resolve(true), 200).unref();
    });
  } catch {
    return false;
  }
}

/**
 * The running platformctl: the executable script itself when it is an extension-less bin (so the
 * entry survives a Node upgrade), else `node <script>`. Absolute, so the plugin runs from any cwd.
 */
function defaultSelfCommand(): SelfCommand {
  const script = process.argv[1];
  if (script === undefined || script === '') return { command: process.execPath, args: [] };
  const absolute = path.resolve(script);
  if (/\.(?:[cm]?js|ts)$/.test(absolute)) return { command: process.execPath, args: [absolute] };
  return { command: absolute, args: [] };
}

/** The hooks in use (tests assign their own). */
export const loginHooks: LoginHooks = {
  openUrl: openInBrowser,
  selfCommand: defaultSelfCommand,
};
