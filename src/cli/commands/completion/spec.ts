import { defineCommand } from '../../framework/define-command.js';
import { SHELLS } from '../../completion/shells.js';

export const spec = defineCommand({
  name: 'completion',
  usage: 'SHELL [options]',
  summary: 'Output shell completion code for the specified shell (bash, zsh, fish, or powershell)',
  description: [
    'Output shell completion code for the specified shell (bash, zsh, fish, or powershell). The shell code must be ' +
      'evaluated to provide interactive completion of platformctl commands. This can be done by sourcing it from the ' +
      '.bash_profile.',
    'The scripts complete commands, flags and flag values, config contexts, clusters and users, namespaces, resource ' +
      'types and object names by calling platformctl itself, so they follow the installed version. The same scripts ' +
      'ship in the package under completions/.',
    'Note for bash users: the script works with or without the bash-completion package; with it, file names are ' +
      'completed with its helpers.',
    'Note for zsh users: zsh completions are only supported in versions of zsh >= 5.2.',
  ].join('\n\n'),
  group: 'Settings Commands',
  examples: [
    { description: 'Print the bash completion code', command: 'platformctl completion bash' },
    {
      description: 'Load the platformctl completion code for bash into the current shell',
      command: 'source <(platformctl completion bash)',
      notRunnable: 'changes the interactive shell it runs in',
    },
    {
      description: 'Write bash completion code to a file and source it from .bash_profile',
      command: "platformctl completion bash > ~/.platform/completion.bash.inc && echo 'source ~/.platform/completion.bash.inc' >> ~/.bash_profile",
      notRunnable: "edits the user's shell start-up files",
    },
    {
      description: 'Set the platformctl completion code for zsh to autoload on startup',
      command: 'platformctl completion zsh > "${fpath[1]}/_platformctl"',
      notRunnable: 'writes into the zsh function path of the user',
    },
    {
      description: 'Load the platformctl completion code for fish into the current shell',
      command: 'platformctl completion fish | source',
      notRunnable: 'fish syntax; changes the interactive shell it runs in',
    },
    {
      description: 'Load the platformctl completion code for powershell into the current shell',
      command: 'platformctl completion powershell | Out-String | Invoke-Expression',
      notRunnable: 'PowerShell syntax; changes the interactive shell it runs in',
    },
  ],
  flags: [],
  args: { kind: 'values', values: [...SHELLS] },
  load: async () => (await import('./run.js')).run,
});
