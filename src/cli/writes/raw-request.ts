/**
 * `--raw URI` of `create`, `replace` and `delete` (kubectl's rawhttp): the file named by `-f`
 * (or stdin for `-`, or nothing) sent as the body of a POST, PUT or DELETE to the URI, and the
 * server's answer copied to stdout as it came. The flag checks kubectl makes are here too.
 */
import type { HttpMethod } from '../../sdk/transport/http-types.js';
import type { CommandContext } from '../framework/context.js';
import type { FlagReader } from '../framework/flag-reader.js';
import type { FilenameFlag, RECURSIVE_FLAG } from '../manifests/manifest-flags.js';
import type { FlagSpec } from '../framework/spec.js';
import { UsageError } from '../framework/usage-error.js';
import { TooLargeError } from '../../sdk/errors.js';

/** `--raw`, worded for the method. */
export function rawFlag(method: 'POST' | 'PUT' | 'DELETE') {
  return { name: 'raw', type: 'string', default: '', description: `Raw URI to ${method} to the server.  Uses the transport specified by the kubeconfig file.` } as const satisfies FlagSpec;
}

/** Go's `url.ParseRequestURI` check as kubectl reports it. */
export function checkRawUri(raw: string): void {
  if (!raw.startsWith('/') && !/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(raw)) {
    throw new UsageError(`--raw must be a valid URL path: parse ${JSON.stringify(raw)}: invalid URI for request`, false);
  }
}

/** The flags {@link checkRawFiles} reads. */
type RawFileFlags = FilenameFlag | typeof RECURSIVE_FLAG;

/** kubectl's checks of the files `--raw` sends: one local file or stdin, not recursive. */
export function checkRawFiles(flags: FlagReader<RawFileFlags>, options: { allowNone: boolean }): void {
  const files = flags.strings('filename');
  if (files.length > 1 || (!options.allowNone && files.length !== 1)) throw new UsageError('--raw can only use a single local file or stdin', false);
  const [file] = files;
  if (file !== undefined && (file.startsWith('http://') || file.startsWith('https://'))) throw new UsageError('--raw cannot read from a url', false);
  if (flags.bool('recursive')) throw new UsageError('--raw and --recursive are mutually exclusive', false);
}

async function readBody(ctx: CommandContext, file: string | undefined): Promise<Buffer> {
  if (file === undefined) return Buffer.alloc(0);
  const [{ MANIFEST_LIMIT, readFileLimited, readStreamLimited }, path] = await Promise.all([import('../../sdk/bounded-read.js'), import('node:path')]);
  if (file === '-') {
    try {
      return await readStreamLimited(ctx.io.stdin(), MANIFEST_LIMIT, ctx.io.signal);
    } catch (err) {
      if (err instanceof TooLargeError) throw new UsageError(`read STDIN: ${err.message}`, false);
      throw err;
    }
  }
  try {
    return await readFileLimited(path.resolve(ctx.io.cwd, file), MANIFEST_LIMIT);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (err instanceof TooLargeError) throw new UsageError(`read ${file}: ${err.message}`, false);
    throw new UsageError(`open ${file}: ${code === 'ENOENT' ? 'no such file or directory' : code === 'EACCES' ? 'permission denied' : (err as Error).message}`, false);
  }
}

/** Sends the body of the `-f` file to the `--raw` URI and writes the answer to stdout. */
export async function sendRaw(ctx: CommandContext, flags: FlagReader<ReturnType<typeof rawFlag> | FilenameFlag>, method: HttpMethod): Promise<void> {
  const raw = flags.string('raw') ?? '';
  const file = flags.strings('filename')[0];
  const body = await readBody(ctx, file);
  const client = await ctx.client({ stdinInUse: file === '-' });
  const res = await client.rest.request({ method, path: raw, body, contentType: 'application/json', accept: 'application/json, */*', signal: ctx.io.signal });
  ctx.io.stdout.write(res.body.toString('utf8'));
}
