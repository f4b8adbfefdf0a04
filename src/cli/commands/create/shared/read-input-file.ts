/**
 * Reading a file named by a generator flag, with Go's wording of the error (`open tls.crt: no
 * such file or directory`) after the generator's own prefix.
 */
import path from 'node:path';
import { INPUT_FILE_LIMIT, readFileLimited } from '../../../../sdk/bounded-read.js';
import { InputError, TooLargeError } from '../../../../sdk/errors.js';

const REASONS: Readonly<Record<string, string>> = { ENOENT: 'no such file or directory', EACCES: 'permission denied', ENOTDIR: 'not a directory' };

/** The bytes of `file` (relative to `cwd`); failures are `${prefix}${Go's error}`. */
export async function readInputFile(cwd: string, file: string, prefix: string): Promise<Buffer> {
  try {
    return await readFileLimited(path.resolve(cwd, file), INPUT_FILE_LIMIT);
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (err instanceof TooLargeError) throw new InputError(`${prefix}read ${file}: ${err.message}`);
    if (code === 'EISDIR') throw new InputError(`${prefix}read ${file}: is a directory`);
    throw new InputError(`${prefix}open ${file}: ${REASONS[code] ?? (err as Error).message}`);
  }
}
