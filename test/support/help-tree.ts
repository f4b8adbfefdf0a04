/**
 * Walks a kubectl-style `--help` tree: from the root's command groups down through each command's
 * "Available Commands:", collecting every command path and the flags its "Options:" section lists.
 * Works on kubectl's help and on ours alike (both print kubectl's layout), so the two trees can be
 * compared.
 */

/** Runs `<binary> ...args --help` and returns its stdout. */
export type HelpRunner = (path: readonly string[]) => Promise<string>;

/** One command of a help tree and the long names of its flags. */
export interface HelpNode {
  path: string;
  flags: Set<string>;
}

/** The sub-command names of a help text: indented `name   summary` lines under a `...Commands...:` heading. */
export function subcommandsOf(help: string): string[] {
  const names: string[] = [];
  let inCommands = false;
  for (const line of help.split('\n')) {
    if (/^\S.*:$/.test(line)) {
      inCommands = /Commands.*:$/.test(line);
      continue;
    }
    if (line.trim() === '') continue;
    if (!inCommands) continue;
    const m = /^ {2}([a-z][a-z0-9-]*)\s{2,}\S/.exec(line) ?? /^ {2}([a-z][a-z0-9-]*)$/.exec(line);
    if (m !== null) names.push(m[1] as string);
  }
  return names;
}

/** The long flag names an `Options:` section (or `<binary> options`) lists. */
export function flagsOf(help: string): Set<string> {
  const flags = new Set<string>();
  for (const m of help.matchAll(/^ {4}(?:-[A-Za-z0-9], )?--([a-z0-9][a-z0-9-]*)=/gm)) flags.add(m[1] as string);
  return flags;
}

/** Walks the tree from the root; `limit` bounds how many help runs are in flight. */
export async function walkHelpTree(run: HelpRunner, limit = 4): Promise<Map<string, HelpNode>> {
  const nodes = new Map<string, HelpNode>();
  const queue: string[][] = [[]];
  let inFlight = 0;
  const workers = Array.from({ length: limit }, async () => {
    for (;;) {
      const path = queue.shift();
      if (path === undefined) {
        // Another worker may still add children: wait for it while any walk is in flight.
        if (inFlight === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
        continue;
      }
      inFlight++;
      try {
        const help = await run(path);
        nodes.set(path.join(' '), { path: path.join(' '), flags: flagsOf(help) });
        for (const name of subcommandsOf(help)) {
          // `help` is a command of its own in both trees, not a sub-command to walk twice.
          if (path.length === 0 && name === 'help') continue;
          queue.push([...path, name]);
        }
      } finally {
        inFlight--;
      }
    }
  });
  await Promise.all(workers);
  return nodes;
}

/** What `ours` lacks of `reference`: missing commands, and missing flags of the commands both have. */
export function missingFrom(reference: Map<string, HelpNode>, ours: Map<string, HelpNode>): string[] {
  const missing: string[] = [];
  for (const [path, node] of reference) {
    const mine = ours.get(path);
    if (mine === undefined) {
      missing.push(`command: ${path}`);
      continue;
    }
    for (const flag of node.flags) if (!mine.flags.has(flag)) missing.push(`flag: ${path === '' ? '' : `${path} `}--${flag}`);
  }
  return missing.sort();
}
