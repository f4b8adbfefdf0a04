/**
 * `create secret docker-registry NAME`: a `platform.io/dockerconfigjson` Secret whose
 * `.dockerconfigjson` holds `{"auths":{SERVER:{username,password,email,auth}}}` (Go's encoding,
 * `auth` the base64 of `user:password`), or the files of `--from-file`.
 */
import { goJsonCompact } from '../../../../../sdk/apply/go-json.js';
import { SECRET_TYPES } from '../../../../../sdk/naming.js';
import type { CommandContext } from '../../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../../framework/usage-error.js';
import { collectData } from '../../shared/data-sources.js';
import { sendGenerated, startGenerator } from '../../../../resource-builders/generated.js';
import { SECRETS, secretObject } from '../../shared/secret-object.js';
import { nonEmpty, struct } from '../../../../resource-builders/typed.js';

const DOCKER_CONFIG_JSON_KEY = '.dockerconfigjson';

/** kubectl's `handleDockerCfgJSONContent`: empty fields left out, as Go's `omitempty`. */
function dockerConfigJson(username: string, password: string, email: string, server: string): Buffer {
  const entry = struct({
    username: nonEmpty(username),
    password: nonEmpty(password),
    email: nonEmpty(email),
    auth: Buffer.from(`${username}:${password}`, 'utf8').toString('base64'),
  });
  // The entry's fields are in struct order; goJsonCompact would sort them, so only the map is encoded by it.
  const fields = Object.entries(entry).map(([k, v]) => `${goJsonCompact(k)}:${goJsonCompact(v)}`).join(',');
  return Buffer.from(`{"auths":{${goJsonCompact(server)}:{${fields}}}}`, 'utf8');
}

/** Runs `create secret docker-registry`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const invocation = await startGenerator(ctx, args, flags);
  const { name } = invocation;
  const files = flags.strings('from-file').map((f) => (f.includes('=') ? f : `${DOCKER_CONFIG_JSON_KEY}=${f}`));
  const username = flags.string('docker-username') ?? '';
  const password = flags.string('docker-password') ?? '';
  const server = flags.string('docker-server') ?? '';
  if (name === '') throw new UsageError('name must be specified', false);
  if (files.length === 0 && (username === '' || password === '' || server === '')) {
    throw new UsageError('either --from-file or the combination of --docker-username, --docker-password and --docker-server is required', false);
  }
  let data: Map<string, Buffer>;
  if (files.length > 0) {
    const entries = await collectData({ kind: 'Secret', name }, { literals: [], files, envFiles: [], cwd: ctx.io.cwd, env: ctx.io.env });
    data = entries.binary;
  } else {
    data = new Map([[DOCKER_CONFIG_JSON_KEY, dockerConfigJson(username, password, flags.string('docker-email') ?? '', server)]]);
  }
  await sendGenerated(ctx, flags, invocation, {
    descriptor: SECRETS,
    failurePrefix: 'failed to create secret ',
    object: secretObject({ name, namespace: invocation.enforcedNamespace, type: SECRET_TYPES.dockerConfigJson, data, appendHash: flags.bool('append-hash') }),
  });
}
