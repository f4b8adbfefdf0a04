/**
 * The name of the running program, which the SDK identifies itself by, as client-go does with its
 * binary's name (`os.Args[0]`): the first word of the default `User-Agent`, under which a server
 * records writes that name no field manager, so that managedFields and audit logs say which
 * program wrote. (Applies name a field manager: `platformctl-sdk` unless the client names another.)
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
