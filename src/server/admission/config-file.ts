/**
 * `--admission-control-config-file`: an `AdmissionConfiguration` (`apiserver.config.platform.io/v1`,
 * or the deprecated `apiserver.platform.io/v1alpha1` with a warning) whose `plugins[]` carry each
 * plugin's configuration inline (`configuration`) or in a file (`path`, relative to the file).
 */
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { DOMAIN, GROUPS } from '../../sdk/naming.js';
import type { JsonObject } from '../../sdk/types/meta.js';
import { asArray, asObject, asString } from '../util/json.js';
import { loadYaml, YamlSyntaxError } from '../../machinery/yaml/read.js';

/** Plugin name → configuration object, and the file's directory (for relative paths inside). */
export interface AdmissionConfig {
  plugins: Map<string, { configuration: JsonObject; baseDir: string }>;
  warnings: string[];
}

/** An unusable configuration file. */
export class AdmissionConfigError extends Error {
  override name = 'AdmissionConfigError';
}

const CURRENT = `${GROUPS.apiserverConfig}/v1`;
const DEPRECATED = `apiserver.${DOMAIN}/v1alpha1`;

async function parse(path: string): Promise<JsonObject> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new AdmissionConfigError(`unable to read admission control configuration from "${path}" [${e instanceof Error ? e.message : String(e)}]`);
  }
  let value: unknown;
  try {
    value = await loadYaml(text);
  } catch (e) {
    if (!(e instanceof YamlSyntaxError)) throw e;
    throw new AdmissionConfigError(`unable to read admission control configuration from "${path}": ${e.message}`);
  }
  const doc = asObject(value);
  if (doc === undefined) throw new AdmissionConfigError(`unable to read admission control configuration from "${path}": not an object`);
  return doc;
}

/** Reads the file. */
export async function loadAdmissionConfig(path: string): Promise<AdmissionConfig> {
  const doc = await parse(path);
  const warnings: string[] = [];
  const apiVersion = asString(doc.apiVersion) ?? '';
  if (doc.kind !== 'AdmissionConfiguration' || (apiVersion !== CURRENT && apiVersion !== DEPRECATED)) {
    throw new AdmissionConfigError(`unable to read admission control configuration from "${path}": unexpected kind ${asString(doc.kind) ?? ''} in ${apiVersion}, want AdmissionConfiguration in ${CURRENT}`);
  }
  if (apiVersion === DEPRECATED) warnings.push(`${DEPRECATED} AdmissionConfiguration is deprecated, use ${CURRENT}`);
  const baseDir = dirname(path);
  const plugins = new Map<string, { configuration: JsonObject; baseDir: string }>();
  for (const p of asArray(doc.plugins) ?? []) {
    const entry = asObject(p) ?? {};
    const name = asString(entry.name) ?? '';
    if (name === '') continue;
    const inline = asObject(entry.configuration);
    const file = asString(entry.path);
    if (inline !== undefined) plugins.set(name, { configuration: inline, baseDir });
    else if (file !== undefined && file !== '') {
      const full = isAbsolute(file) ? file : resolve(baseDir, file);
      plugins.set(name, { configuration: await parse(full), baseDir: dirname(full) });
    }
  }
  return { plugins, warnings };
}

/** The `kubeConfigFile` of a WebhookAdmissionConfiguration, resolved against its directory. */
export function webhookKubeconfigPath(config: AdmissionConfig, plugin: string): string | undefined {
  const entry = config.plugins.get(plugin);
  if (entry === undefined) return undefined;
  const file = asString(entry.configuration.kubeConfigFile);
  if (file === undefined || file === '') return undefined;
  return isAbsolute(file) ? file : resolve(entry.baseDir, file);
}
