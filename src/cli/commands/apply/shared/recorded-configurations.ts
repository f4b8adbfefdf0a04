/**
 * What `apply view-last-applied` and `apply edit-last-applied` start from: the live objects the
 * arguments or files name, each with the text of its last-applied annotation. Loaded by their
 * runners only, so the specs stay cheap to import.
 */
import { ANNOTATIONS } from '../../../../sdk/naming.js';
import type { PlatformClient } from '../../../../sdk/client.js';
import type { CommandContext } from '../../../framework/context.js';
import type { FlagReader } from '../../../framework/flag-reader.js';
import type { FilenameFlag } from '../../../manifests/manifest-flags.js';
import { liveObjects, type LiveObject } from '../../../manifests/live-objects.js';
import { throwFailures } from '../../../writes/error-list.js';

/** A live object and its recorded configuration (undefined when it has no annotation). */
export interface RecordedConfiguration {
  live: LiveObject;
  text: string | undefined;
}

/** The named objects with their annotations; an object that could not be read fails the whole. */
export async function recordedConfigurations(ctx: CommandContext, flags: FlagReader<FilenameFlag>, client: PlatformClient, args: readonly string[]): Promise<RecordedConfiguration[]> {
  const live = await liveObjects(ctx, flags, client, args);
  await throwFailures(live.errors, ctx.commandPath);
  return live.objects.map((o) => ({ live: o, text: o.object.metadata?.annotations?.[ANNOTATIONS.lastApplied] }));
}
