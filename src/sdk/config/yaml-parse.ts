/**
 * The client's fast way into the YAML reader (`src/machinery/yaml/read.ts`): plain block YAML, as
 * config files are written, parsed by `plain-yaml.ts` without loading js-yaml.
 */
import { loadYaml } from '../../machinery/yaml/read.js';
import { parsePlainBlockYaml } from './plain-yaml.js';

/**
 * Parses the first YAML document of `text` within the client's bounds (an empty text is `null`):
 * plain block YAML, as config files are written, by the fast path of `plain-yaml.ts`, everything
 * else by js-yaml.
 */
export function parseYaml(text: string): Promise<unknown> {
  const plain = parsePlainBlockYaml(text);
  if (plain !== undefined) return Promise.resolve(plain);
  return loadYaml(text, { firstDocument: true });
}
