/**
 * Where `cluster-info dump` writes: stdout, or with `--output-directory` one file per list
 * (`nodes.json`, `<namespace>/pods.json`, `<namespace>/<pod>/logs.txt`), created or truncated
 * as kubectl's `os.Create` does, in directories made as needed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Output } from '../../../io/io.js';

/** A destination for the text of one dumped list (or one pod's logs). */
export interface DumpSink {
  /** Writes `text` as the content of `name` + `extension` (or to stdout). */
  write(name: string, extension: string, text: string): Promise<void>;
  /** The directory written to, or undefined for stdout. */
  readonly directory: string | undefined;
}

/** A sink for `--output-directory` (`''` or `-` is stdout), relative paths resolved against `cwd`. */
export function dumpSink(outputDirectory: string, cwd: string, stdout: Output): DumpSink {
  if (outputDirectory === '' || outputDirectory === '-') {
    return {
      directory: undefined,
      write(_name, _extension, text) {
        stdout.write(text);
        return Promise.resolve();
      },
    };
  }
  const root = resolve(cwd, outputDirectory);
  return {
    directory: outputDirectory,
    async write(name, extension, text) {
      const file = join(root, `${name}${extension}`);
      await mkdir(dirname(file), { recursive: true, mode: 0o755 });
      await writeFile(file, text, { mode: 0o644 });
    },
  };
}
