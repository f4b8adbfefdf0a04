/**
 * Everything `npm run generate` writes: the completion scripts, the man pages, the command index
 * used by completion, and the `man` list of package.json. The drift test compares the same values
 * with the committed files.
 */
import { BINARY_NAME } from '../../sdk/naming.js';
import { loadAllSpecs } from '../commands/index.js';
import { completionFiles } from '../completion/files.js';
import { commandIndexSource } from './command-index-source.js';
import { manPages } from './pages.js';

/** The generated files by path relative to the package root, and package.json's `man` list. */
export interface GeneratedFiles {
  files: Map<string, string>;
  /** Paths of the man pages, as package.json lists them under `man`. */
  manList: string[];
}

/** Generates every file from the current command tree. */
export async function generateFiles(): Promise<GeneratedFiles> {
  const specs = await loadAllSpecs();
  const files = completionFiles(BINARY_NAME);
  files.set('src/cli/completion/command-index.ts', commandIndexSource(specs));
  const manList: string[] = [];
  for (const [name, text] of manPages(specs)) {
    files.set(`man/${name}`, text);
    manList.push(`man/${name}`);
  }
  manList.sort();
  return { files, manList };
}
