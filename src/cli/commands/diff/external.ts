/**
 * Running the program named by `PLATFORM_EXTERNAL_DIFF` as kubectl runs `KUBECTL_EXTERNAL_DIFF`:
 * the live and merged objects are written as files into two temporary directories (`LIVE-*` and
 * `MERGED-*`), the program gets its own arguments followed by the two directories, its output is
 * passed through, and its exit code becomes the command's.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CliIO } from '../../io/io.js';

/** One object's two versions. */
export interface DiffFile {
  name: string;
  live: string;
  merged: string;
}

/** Runs the external program on the files; resolves with its exit code. */
export async function runExternalDiff(command: string, files: readonly DiffFile[], io: CliIO): Promise<number> {
  const words = command.trim().split(/\s+/).filter((w) => w !== '');
  const [program, ...args] = words;
  if (program === undefined) throw new Error('the external diff command is empty');
  const base = io.env.TMPDIR !== undefined && io.env.TMPDIR !== '' ? io.env.TMPDIR : tmpdir();
  const liveDir = await mkdtemp(path.join(base, 'LIVE-'));
  const mergedDir = await mkdtemp(path.join(base, 'MERGED-'));
  try {
    for (const f of files) {
      // -N semantics: an absent side is an absent file, not an empty one.
      if (f.live !== '') await writeFile(path.join(liveDir, f.name), f.live);
      if (f.merged !== '') await writeFile(path.join(mergedDir, f.name), f.merged);
    }
    return await new Promise<number>((resolve, reject) => {
      const child = spawn(program, [...args, liveDir, mergedDir], { env: { ...io.env }, cwd: io.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.setEncoding('utf8').on('data', (d: string) => io.stdout.write(d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => io.stderr.write(d));
      child.on('error', (err) => reject(new Error(`failed to run "${program}": ${err.message}`)));
      child.on('close', (code, signal) => resolve(signal !== null ? 2 : (code ?? 2)));
    });
  } finally {
    await Promise.all([rm(liveDir, { recursive: true, force: true }), rm(mergedDir, { recursive: true, force: true })]);
  }
}
