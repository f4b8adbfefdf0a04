/**
 * The specs of the four `create service` generators: the same declaration (the generator flags,
 * the type's own flags, `--tcp`) worded by the Service type.
 */
import { defineCommand } from '../../../framework/define-command.js';
import type { CommandRunner, ExampleSpec, FlagSpec } from '../../../framework/spec.js';
import { GENERATOR_FLAGS } from '../../../resource-builders/generated.js';
import { TCP_FLAG, type ServiceType } from './shared.js';

/** What one generator's help says of its own. */
interface ServiceCommandWords {
  type: ServiceType;
  /** The usage between `NAME` and the dry-run flag. */
  usage: string;
  /** The paragraph the description adds after its first sentence, if any. */
  more?: string;
  examples: ExampleSpec[];
}

/** `create service <type>`, with the flags of its type (`typeFlags`) between the generator flags and `--tcp`. */
export function serviceCommand<const X extends readonly FlagSpec[], R = CommandRunner<never>>(words: ServiceCommandWords, typeFlags: X, load: () => Promise<R>) {
  const what = `${words.type === 'ExternalName' ? 'an' : 'a'} ${words.type} service`;
  return defineCommand({
    name: words.type.toLowerCase(),
    usage: `NAME ${words.usage} [--dry-run=server|client|none] [options]`,
    summary: `Create ${what}`,
    description: `Create ${what} with the specified name.${words.more === undefined ? '' : `\n\n ${words.more}`}`,
    examples: words.examples,
    flags: [...GENERATOR_FLAGS, ...typeFlags, TCP_FLAG],
    args: 'none',
    load,
  });
}
