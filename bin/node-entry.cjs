#!/usr/bin/env node
// bin/platformctl without its sh line, for harnesses that run a file with a Node shebang under
// their own Node: the kubectl suite's shim does, and watches itself so that killing it ends
// platformctl too. Both files require the same loader.
'use strict';
require('../dist/cli/start.cjs');
