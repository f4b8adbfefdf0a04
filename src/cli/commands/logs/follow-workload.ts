/**
 * `logs -f` of a workload, a service or a label selector: every pod it picks and every pod that
 * comes later, through the SDK's `followLogs`. Lines get kubectl's `[pod/NAME/CONTAINER]` prefix
 * when asked, or once a second container is followed (as kubectl prefixes several streams), in a
 * colour per pod on a terminal. Pods joining and leaving, restarts and dropped streams are told on
 * stderr, once each, so that stdout stays the log.
 */
import type { PlatformClient } from '../../../sdk/client.js';
import { followLogs, type FollowLogsEvent, type FollowTarget } from '../../../sdk/logs/follow-logs.js';
import type { CommandContext } from '../../framework/context.js';
import { colorsFor } from '../../io/colors.js';

/** What to follow and how to print it. */
export interface FollowWorkloadOptions {
  target: FollowTarget;
  namespace: string;
  container?: string | undefined;
  allContainers: boolean;
  tailLines?: number | undefined;
  sinceSeconds?: number | undefined;
  sinceTime?: string | undefined;
  maxStreams: number;
  timestamps: boolean;
  prefix: boolean;
}

/** The stderr line of a follow event, or undefined for one not worth a line. */
function eventLine(e: FollowLogsEvent): string | undefined {
  switch (e.type) {
    case 'pod-added':
      return `pod/${e.pod} joined`;
    case 'pod-removed':
      return `pod/${e.pod} left`;
    case 'container-started':
      return e.restartCount > 0 ? `pod/${e.pod}/${e.container} restarted (restart ${e.restartCount})` : undefined;
    case 'reconnecting':
      return `pod/${e.pod}/${e.container}: ${e.error}; reading again`;
    case 'waiting-for-slot':
      return `pod/${e.pod}/${e.container} waits for a stream: --max-log-requests=${e.maxStreams} are open`;
    case 'note':
      return e.message;
  }
}

/** Follows until the follow ends on its own (a pod's, a Job's) or Ctrl-C. */
export async function followWorkload(ctx: CommandContext, client: PlatformClient, o: FollowWorkloadOptions): Promise<void> {
  const colors = await colorsFor(ctx.io, ctx.io.stdout);
  const podColors = new Map<string, number>();
  const streams = new Set<string>();
  // A dropped stream is said once, until that container's next line.
  const dropped = new Set<string>();
  const onEvent = (e: FollowLogsEvent): void => {
    if (e.type === 'reconnecting') {
      const key = `${e.pod}/${e.container}`;
      if (dropped.has(key)) return;
      dropped.add(key);
    }
    const line = eventLine(e);
    if (line !== undefined) ctx.io.stderr.write(`${line}\n`);
  };
  const lines = followLogs(client, o.target, {
    namespace: o.namespace, container: o.container, allContainers: o.allContainers,
    tailLines: o.tailLines, sinceSeconds: o.sinceSeconds, sinceTime: o.sinceTime,
    maxStreams: o.maxStreams, signal: ctx.io.signal, onEvent,
  });
  for await (const l of lines) {
    const key = `${l.pod}/${l.container}`;
    streams.add(key);
    dropped.delete(key);
    let text = o.timestamps && l.time !== '' ? `${l.time} ${l.line}` : l.line;
    if (o.prefix || streams.size > 1) {
      let index = podColors.get(l.pod);
      if (index === undefined) {
        index = podColors.size;
        podColors.set(l.pod, index);
      }
      text = `${colors.series(index, `[pod/${l.pod}/${l.container}]`)} ${text}`;
    }
    ctx.io.stdout.write(`${text}\n`);
  }
}
