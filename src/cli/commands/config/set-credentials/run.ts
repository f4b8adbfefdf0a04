import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import { CREDENTIAL_FILE_LIMIT, readFileLimited } from '../../../../sdk/bounded-read.js';
import { editConfig } from '../../../../sdk/config/edit.js';
import type { UserEntry } from '../../../../sdk/config/types.js';
import { goPathError } from '../../../../sdk/config/fs-errors.js';
import { goQuote } from '../../../../machinery/go-quote.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { startingConfig } from '../shared/access.js';
import { helpError, plainError } from '../shared/usage.js';
import { parsePairs } from './pairs.js';
import type { Pairs } from './pairs.js';
import { spec } from './spec.js';
import { goFormat } from '../../../../machinery/json/values.js';

const INTERACTIVE_MODES = new Set(['IfAvailable', 'Never', 'Always']);

async function readForEmbed(file: string, flag: string, cwd: string): Promise<string> {
  try {
    await stat(path.resolve(cwd, file));
  } catch (err) {
    throw plainError(`could not stat ${flag} file ${file}: ${goPathError('stat', file, err)}`);
  }
  try {
    return (await readFileLimited(path.resolve(cwd, file), CREDENTIAL_FILE_LIMIT)).toString('base64');
  } catch (err) {
    throw plainError(`could not read ${flag} file ${file}: ${goPathError('read', file, err)}`);
  }
}

/** Applies the exec flags to an existing (or just created) exec entry. */
function modifyExec(user: UserEntry, flags: Flags, args: string[] | undefined, env: Pairs | undefined): void {
  const exec = user.exec;
  if (exec === undefined) return;
  if (flags.changed('exec-api-version')) exec.apiVersion = flags.string('exec-api-version') ?? '';
  if (args !== undefined) exec.args = args;
  if (env !== undefined) {
    const kept = (exec.env ?? []).filter((v) => !env.remove.includes(v.name));
    for (const [name, value] of env.set) {
      const existing = kept.find((v) => v.name === name);
      if (existing !== undefined) existing.value = value;
      else kept.push({ name, value });
    }
    exec.env = kept;
  }
  if (flags.changed('exec-interactive-mode')) exec.interactiveMode = flags.string('exec-interactive-mode') ?? '';
  if (flags.changed('exec-provide-cluster-info')) exec.provideClusterInfo = flags.bool('exec-provide-cluster-info');
}

/** `platformctl config set-credentials NAME`: creates or updates a user entry. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length !== 1) throw helpError(ctx, spec, `unexpected args: ${goFormat(args)}`);
  let providerArgs: Pairs | undefined;
  let execEnv: Pairs | undefined;
  try {
    const p = flags.strings('auth-provider-arg');
    if (p.length > 0) providerArgs = parsePairs(p, 'auth-provider-arg');
    const e = flags.strings('exec-env');
    if (e.length > 0) execEnv = parsePairs(e, 'exec-env');
  } catch (err) {
    throw helpError(ctx, spec, (err as Error).message);
  }
  const execArgs = flags.strings('exec-arg');
  const name = args[0] as string;

  if (name === '') throw plainError('you must specify a non-empty user name');
  const token = flags.string('token') ?? '';
  const username = flags.string('username') ?? '';
  const password = flags.string('password') ?? '';
  const methods: string[] = [];
  if (token !== '') methods.push('--token');
  if (username !== '' || password !== '') methods.push('--username/--password');
  if (methods.length > 1) throw plainError(`you cannot specify more than one authentication method at the same time: ${methods.join(', ')}`);
  if (flags.changed('exec-interactive-mode') && !INTERACTIVE_MODES.has(flags.string('exec-interactive-mode') ?? '')) {
    throw plainError('invalid interactive mode type, can be only IfAvailable, Never, Always');
  }
  const cwd = ctx.io.cwd;
  const embed = flags.bool('embed-certs');
  const certPath = flags.string('client-certificate') ?? '';
  const keyPath = flags.string('client-key') ?? '';
  let certData: string | undefined;
  let keyData: string | undefined;
  if (embed) {
    if (certPath === '' && keyPath === '') throw plainError('you must specify a --client-certificate or --client-key to embed');
    if (certPath !== '') certData = await readForEmbed(certPath, 'client-certificate', cwd);
    if (keyPath !== '') keyData = await readForEmbed(keyPath, 'client-key', cwd);
  }

  const loaded = await startingConfig(ctx);
  await editConfig(loaded, (config) => {
    const user: UserEntry = config.users.get(name) ?? {};
    const files = [
      ['client-certificate', 'client-certificate-data', certPath, certData],
      ['client-key', 'client-key-data', keyPath, keyData],
    ] as const;
    for (const [fileField, dataField, file, data] of files) {
      if (!flags.changed(fileField)) continue;
      if (embed) {
        if (data !== undefined) user[dataField] = data;
        delete user[fileField];
      } else if (file === '') {
        delete user[fileField];
      } else {
        user[fileField] = path.resolve(cwd, file);
        delete user[dataField];
      }
    }
    let setToken = false;
    let setBasic = false;
    if (flags.changed('token')) {
      user.token = token;
      setToken = token !== '';
    }
    if (flags.changed('username')) {
      user.username = username;
      setBasic ||= username !== '';
    }
    if (flags.changed('password')) {
      user.password = password;
      setBasic ||= password !== '';
    }
    if (flags.changed('auth-provider')) {
      const providerName = flags.string('auth-provider') ?? '';
      if (user['auth-provider'] === undefined || user['auth-provider'].name !== providerName) user['auth-provider'] = { name: providerName };
    }
    const provider = user['auth-provider'];
    if (provider !== undefined) {
      const cfg = { ...(provider.config ?? {}) };
      for (const key of providerArgs?.remove ?? []) delete cfg[key];
      for (const [key, value] of providerArgs?.set ?? []) cfg[key] = value;
      provider.config = cfg;
    }
    if (flags.changed('exec-command')) {
      const command = flags.string('exec-command') ?? '';
      if (user.exec === undefined) user.exec = { command };
      else {
        user.exec.command = command;
        // A new command invalidates the old arguments.
        delete user.exec.args;
      }
    }
    modifyExec(user, flags, execArgs.length > 0 ? execArgs : undefined, execEnv);
    // Setting one kind of credentials clears the other.
    if (setToken || setBasic) {
      if (!setToken) delete user.token;
      if (!setBasic) {
        delete user.username;
        delete user.password;
      }
    }
    config.users.set(name, user);
  });
  ctx.io.stdout.write(`User ${goQuote(name)} set.\n`);
}
