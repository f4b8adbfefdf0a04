/**
 * The name of the running program, which the SDK identifies itself by, as client-go does with its
 * binary's name (`os.Args[0]`): the default field manager of writes and the first word of the
 * default `User-Agent`, so that a server's managedFields and audit log say which program wrote.
 */
import { basename } from 'node:path';

/**
 * The program's name: the main script's file name without its directory and extension
 * (`deploy` for `node scripts/deploy.mjs`, `platformctl` for the CLI), else the Node executable's.
 */
export function programName(argv: readonly string[] = process.argv): string {
  const script = argv[1] ?? argv[0] ?? '';
  const name = basename(script).replace(/\.(?:[cm]?[jt]s|tsx?)$/, '');
  return name === '' ? 'node' : name;
}
