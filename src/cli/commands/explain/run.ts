/**
 * `platformctl explain TYPE[.field...]`: resolves the type as kubectl does (the first segment is
 * the resource, `TYPE.group.field` is recognized when it names the group), reads the group
 * version's OpenAPI v3 document (or the v2 document for `-o plaintext-openapiv2`, and when the
 * server has no v3) and prints kubectl's explain text.
 */
import type { JsonObject } from '../../../sdk/types/meta.js';
import { BINARY_NAME } from '../../../sdk/naming.js';
import type { PlatformClient } from '../../../sdk/client.js';
import { ResourceTypeError, StatusError } from '../../../sdk/errors.js';
import type { ResourceMapping } from '../../../sdk/discovery/rest-mapper.js';
import { ExplainError, explainV2, explainV3, gvrString, type ExplainTarget } from '../../../printers/explain/index.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { ExitError } from '../../framework/usage-error.js';
import { groupVersionPath } from '../../../machinery/group-version.js';

const PLAINTEXT = 'plaintext';
const PLAINTEXT_V2 = 'plaintext-openapiv2';

function withErrorPrefix(message: string): string {
  return message.startsWith('error: ') ? message : `error: ${message}`;
}

/** The field path after the resource: `pods.spec.containers` → `[spec, containers]`. */
function fieldsAfter(text: string): string[] {
  return text.replace(/\.$/, '').split('.').filter((part) => part !== '');
}

/** The resource and the field path of what the user typed (kubectl's SplitAndParseResourceRequestWithMatchingPrefix). */
async function parseRequest(client: PlatformClient, input: string, signal: AbortSignal): Promise<{ mapping: ResourceMapping; fields: string[] }> {
  const parts = fieldsAfter(input);
  const first = parts[0] ?? '';
  const mapping = await client.mapper.resourceFor(first, { signal });
  const groupResource = mapping.group === '' ? mapping.resource : `${mapping.resource}.${mapping.group}`;
  if (input.startsWith(groupResource)) {
    const rest = input.slice(groupResource.length);
    if (rest === '' || rest.startsWith('.')) return { mapping, fields: fieldsAfter(rest) };
  }
  return { mapping, fields: parts.slice(1) };
}

async function getJson(client: PlatformClient, path: string, signal: AbortSignal): Promise<JsonObject> {
  const res = await client.getRaw(path, { signal });
  return res.json<JsonObject>();
}

/** The v3 document of a group version, or undefined when the server does not list it. */
async function v3Document(client: PlatformClient, target: ExplainTarget, signal: AbortSignal): Promise<JsonObject | undefined> {
  const index = await getJson(client, '/openapi/v3', signal);
  const key = groupVersionPath(target.group, target.version).slice(1);
  const paths = index.paths;
  const entry = typeof paths === 'object' && paths !== null && !Array.isArray(paths) ? paths[key] : undefined;
  const url = typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? entry.serverRelativeURL : undefined;
  if (typeof url !== 'string') return undefined;
  return getJson(client, url, signal);
}

function parseGroupVersion(text: string): { group: string; version: string } {
  const slash = text.indexOf('/');
  if (slash < 0) return { group: '', version: text };
  if (text.indexOf('/', slash + 1) >= 0) throw new ExitError(1, `error: unexpected GroupVersion string: ${text}`);
  return { group: text.slice(0, slash), version: text.slice(slash + 1) };
}

/** `platformctl explain`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length === 0) {
    throw new ExitError(1, `error: You must specify the type of resource to explain. Use "${BINARY_NAME} api-resources" for a complete list of supported resources.\n`);
  }
  if (args.length > 1) throw new ExitError(1, 'error: We accept only this format: explain RESOURCE\n');
  const signal = ctx.io.signal;
  const client = await ctx.client();
  const { mapping, fields } = await parseRequest(client, args[0] ?? '', signal).catch((e: unknown) => {
    // kubectl prints a resource type it does not know without the `error: ` prefix here.
    if (e instanceof ResourceTypeError) throw new ExitError(1, e.message);
    throw e;
  });
  const apiVersion = flags.string('api-version') ?? '';
  const output = flags.string('output') ?? PLAINTEXT;
  const recursive = flags.bool('recursive');
  const target: ExplainTarget = { group: mapping.group, version: mapping.version, resource: mapping.resource };
  if (apiVersion !== '') Object.assign(target, parseGroupVersion(apiVersion));
  try {
    if (output === PLAINTEXT) {
      let doc: JsonObject | undefined;
      try {
        doc = await v3Document(client, target, signal);
      } catch (e) {
        // A server without OpenAPI v3: kubectl falls back to the v2 format.
        if (!(e instanceof StatusError) || e.code !== 404) throw e;
        ctx.io.stdout.write(await renderV2(client, mapping, target, fields, recursive, signal));
        return;
      }
      if (doc === undefined) throw new ExitError(1, `error: couldn't find resource for "${gvrString(target)}"`);
      ctx.io.stdout.write(explainV3(doc, target, fields, recursive));
      return;
    }
    if (output === PLAINTEXT_V2) {
      ctx.io.stdout.write(await renderV2(client, mapping, target, fields, recursive, signal));
      return;
    }
    throw new ExitError(1, `error: unrecognized format: ${output}`);
  } catch (e) {
    if (e instanceof ExplainError) {
      ctx.io.stdout.write(e.printed);
      throw new ExitError(1, withErrorPrefix(e.message));
    }
    throw e;
  }
}

async function renderV2(client: PlatformClient, mapping: ResourceMapping, target: ExplainTarget, fields: string[], recursive: boolean, signal: AbortSignal): Promise<string> {
  const doc = await getJson(client, '/openapi/v2', signal);
  return explainV2(doc, { group: target.group, version: target.version, kind: mapping.kind }, fields, recursive);
}
