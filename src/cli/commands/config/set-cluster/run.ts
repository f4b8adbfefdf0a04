import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import { CREDENTIAL_FILE_LIMIT, readFileLimited } from '../../../../sdk/bounded-read.js';
import { editConfig } from '../../../../sdk/config/edit.js';
import { goPathError } from '../../../../sdk/config/fs-errors.js';
import { goQuote } from '../../../../machinery/go-quote.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { startingConfig } from '../shared/access.js';
import { helpError, plainError } from '../shared/usage.js';
import { spec } from './spec.js';
import { goFormat } from '../../../../machinery/json/values.js';

/** `platformctl config set-cluster NAME`: creates or updates a cluster entry. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length !== 1) throw helpError(ctx, spec, `Unexpected args: ${goFormat(args)}`);
  const name = args[0] as string;
  if (name === '') throw plainError('you must specify a non-empty cluster name');
  const insecure = flags.bool('insecure-skip-tls-verify');
  const caPath = flags.string('certificate-authority') ?? '';
  const embed = flags.bool('embed-certs');
  if (insecure && caPath !== '') throw plainError('you cannot specify a certificate authority and insecure mode at the same time');
  const cwd = ctx.io.cwd;
  let caData: string | undefined;
  if (embed) {
    if (caPath === '') throw plainError('you must specify a --certificate-authority to embed');
    const file = path.resolve(cwd, caPath);
    try {
      await stat(file);
    } catch (err) {
      throw plainError(`could not stat certificate-authority file ${caPath}: ${goPathError('stat', caPath, err)}`);
    }
    try {
      caData = (await readFileLimited(file, CREDENTIAL_FILE_LIMIT)).toString('base64');
    } catch (err) {
      throw plainError(`could not read certificate-authority file ${caPath}: ${goPathError('read', caPath, err)}`);
    }
  }
  const loaded = await startingConfig(ctx);
  await editConfig(loaded, (config) => {
    const cluster = config.clusters.get(name) ?? {};
    if (flags.changed('server')) {
      cluster.server = flags.string('server') ?? '';
      // A new server makes the old TLS server name meaningless; --tls-server-name below sets a new one.
      delete cluster['tls-server-name'];
    }
    if (flags.changed('tls-server-name')) cluster['tls-server-name'] = flags.string('tls-server-name') ?? '';
    if (flags.changed('insecure-skip-tls-verify')) {
      cluster['insecure-skip-tls-verify'] = insecure;
      if (insecure) {
        delete cluster['certificate-authority'];
        delete cluster['certificate-authority-data'];
      }
    }
    if (flags.changed('certificate-authority')) {
      if (caData !== undefined) {
        cluster['certificate-authority-data'] = caData;
        cluster['insecure-skip-tls-verify'] = false;
        delete cluster['certificate-authority'];
      } else if (caPath === '') {
        delete cluster['certificate-authority'];
      } else {
        cluster['certificate-authority'] = path.resolve(cwd, caPath);
        cluster['insecure-skip-tls-verify'] = false;
        delete cluster['certificate-authority-data'];
      }
    }
    if (flags.changed('proxy-url')) cluster['proxy-url'] = flags.string('proxy-url') ?? '';
    config.clusters.set(name, cluster);
  });
  ctx.io.stdout.write(`Cluster ${goQuote(name)} set.\n`);
}
