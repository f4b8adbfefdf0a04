// node:child_process for commander inside the CLI bundle, loaded on first use. Commander requires it
// when it loads, only to spawn executable subcommands, which platformctl does not have; loading it
// at start-up would cost every command a few milliseconds.
let loaded;
const load = () => (loaded ??= require('node:child_process'));
module.exports = { spawn: (...args) => load().spawn(...args) };
