/**
 * Launching the user's editor on a file as kubectl does: `$PLATFORM_EDITOR`, then `$EDITOR`, then
 * `vi`; a value with spaces is split into words, and one with quotes or backslashes is run by
 * `sh -c` so the shell parses it.
 */
import { spawn } from 'node:child_process';
import { EDITOR_ENV } from '../../../sdk/naming.js';

/** The command line that edits `file`: program and arguments. */
export function editorCommand(env: Readonly<Record<string, string | undefined>>, file: string): string[] {
  let editor = '';
  for (const name of [EDITOR_ENV, 'EDITOR']) {
    const value = env[name];
    if (value !== undefined && value !== '') {
      editor = value;
      break;
    }
  }
  if (editor === '') editor = 'vi';
  if (!editor.includes(' ')) return [editor, file];
  if (!/["'\\]/.test(editor)) return [...editor.split(' ').filter((w) => w !== ''), file];
  const shell = env.SHELL !== undefined && env.SHELL !== '' ? env.SHELL : '/bin/sh';
  return [shell, '-c', `${editor} ${JSON.stringify(file)}`];
}

/**
 * Runs the editor on `file` with the terminal attached and resolves when it exits.
 *
 * @throws Error when the editor cannot be started or exits with a failure
 */
export async function launchEditor(env: Readonly<Record<string, string | undefined>>, cwd: string, file: string): Promise<void> {
  const [program, ...args] = editorCommand(env, file);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(program ?? 'vi', args, { cwd, env: { ...env }, stdio: 'inherit' });
    child.on('error', (err) => reject(new Error(`unable to launch the editor "${[program, ...args].join(' ')}": ${err.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`there was a problem with the editor "${program ?? ''}"${signal === null ? '' : ` (${signal})`}`));
    });
  });
}
