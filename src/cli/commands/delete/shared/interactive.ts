/**
 * `delete --interactive`: the objects about to be deleted, then a y/n question on stdout; only an
 * answer of `y` (any case) goes on, as kubectl's confirmation.
 */
import type { DeleteTarget } from '../../../../sdk/apply/delete-objects.js';
import type { CommandContext } from '../../../framework/context.js';
import { kindString } from './delete-flags.js';

/** More input than this without a whole word is no `y`: the answer is read no further. */
const MAX_ANSWER = 64 * 1024;

/** The first whitespace-separated word of stdin (Go's `fmt.Fscan`), or undefined at its end. */
async function readWord(ctx: CommandContext): Promise<string | undefined> {
  let text = '';
  for await (const chunk of ctx.io.stdin()) {
    text += Buffer.from(chunk as Uint8Array).toString('utf8');
    const match = /^\s*(\S+)\s/.exec(text);
    if (match !== null) return match[1];
    if (text.length > MAX_ANSWER) return text.trim().slice(0, MAX_ANSWER);
  }
  const word = text.trim().split(/\s+/)[0];
  return word === '' ? undefined : word;
}

/** Asks for confirmation; false (with kubectl's message) when there is nothing to do or the answer is not `y`. */
export async function confirmDeletion(ctx: CommandContext, targets: readonly DeleteTarget[]): Promise<boolean> {
  if (targets.length === 0) {
    ctx.io.stdout.write('No resources found\n');
    return false;
  }
  const lines = targets.map((t) => `${kindString(t.mapping.kind, t.mapping.group)}/${t.name}\n`);
  ctx.io.stdout.write(`You are about to delete the following ${targets.length} resource(s):\n${lines.join('')}Do you want to continue? (y/n): `);
  await ctx.io.stdout.flush();
  const answer = await readWord(ctx);
  if (answer?.toLowerCase() === 'y') return true;
  ctx.io.stdout.write('deletion is cancelled\n');
  return false;
}
