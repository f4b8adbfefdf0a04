/**
 * kubectl's resource builder errors for a command line that names nothing to act on.
 */

/** No `-f`, `-k` or resource arguments. */
export const NO_RESOURCES_MESSAGE = [
  'You must provide one or more resources by argument or filename.',
  'Example resource specifications include:',
  "   '-f rsrc.yaml'",
  "   '--filename=rsrc.json'",
  "   '<resource> <name>'",
  "   '<resource>'",
].join('\n');

/** Resource arguments given to a command run with `--local`. */
export const LOCAL_RESOURCE_MESSAGE = [
  'you must specify resources by --filename when --local is set.',
  'Example resource specifications include:',
  "   '-f rsrc.yaml'",
  "   '--filename=rsrc.json'",
].join('\n');
