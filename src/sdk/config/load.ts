/**
 * Loading config files: read every file of the precedence list (missing ones are empty), check
 * each as kubectl does, and merge them.
 */
import { CONFIG_FILE_LIMIT, readTextFileLimited } from '../bounded-read.js';
import { ConfigError } from '../errors.js';
import { DecodeError, decodeConfig, emptyModel } from '../types/kubeconfig-decode.js';
import { errnoCode, goPathError, isNotFound } from './fs-errors.js';
import { mergeFiles } from './merge.js';
import { configAccess, ioPath } from './paths.js';
import type { ConfigAccessOptions } from './paths.js';
import type { ConfigAccess, ConfigFile, LoadedConfig } from './types.js';
import { YamlSyntaxError } from '../../machinery/yaml/read.js';
import { parseYaml } from './yaml-parse.js';

/** Options of {@link loadConfig}: where the files are, as {@link configAccess} finds them. */
export type LoadConfigOptions = ConfigAccessOptions;

/** Parses and checks one file's text; `path` is used in messages. */
export async function parseConfigFile(path: string, text: string): Promise<ConfigFile> {
  try {
    const { model, extra } = decodeConfig(await parseYaml(text));
    return { path, exists: true, model, extra };
  } catch (err) {
    if (err instanceof YamlSyntaxError) {
      throw new ConfigError(`error loading config file "${path}": ${err.message}`, { file: path, ...(err.line === undefined ? {} : { line: err.line }) });
    }
    if (err instanceof DecodeError) throw new ConfigError(`error loading config file "${path}": ${err.message}`, { file: path });
    throw err;
  }
}

/** Reads one file of `access` (a missing file is an empty config with `exists: false`). */
export async function readConfigFile(access: ConfigAccess, path: string): Promise<ConfigFile> {
  let text: string;
  try {
    text = await readTextFileLimited(ioPath(access, path), CONFIG_FILE_LIMIT);
  } catch (err) {
    if (isNotFound(err)) return { path, exists: false, model: emptyModel(), extra: {} };
    const op = errnoCode(err) === 'EISDIR' ? 'read' : 'open';
    throw new ConfigError(`error loading config file "${path}": ${goPathError(op, path, err)}`, { file: path, cause: err });
  }
  return parseConfigFile(path, text);
}

/** Reads and merges the files of `access`. */
export async function loadFromAccess(access: ConfigAccess): Promise<LoadedConfig> {
  const files = await Promise.all(access.precedence.map((p) => readConfigFile(access, p)));
  const { config, origins } = mergeFiles(files);
  return { access, files, config: structuredClone(config), origins };
}

/**
 * Loads the configuration as kubectl does: `--kubeconfig` alone when given; else every file of
 * `$PLATFORMCONFIG` (missing ones skipped); else `~/.platform/config` (missing: empty config).
 * A missing explicit file is not an error here (the `config` commands create it); resolving a
 * client configuration from it is.
 *
 * @throws {@link ConfigError} for unreadable or malformed files, naming the file (and the line
 * for YAML syntax errors): `error loading config file "/path": yaml: line 3: ...`.
 */
export async function loadConfig(options: LoadConfigOptions): Promise<LoadedConfig> {
  return loadFromAccess(configAccess(options));
}
