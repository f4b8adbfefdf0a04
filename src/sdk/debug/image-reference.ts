/**
 * Image references as kubectl checks `--image` and `--set-image` (distribution/reference's
 * ReferenceRegexp): `[domain[:port]/]path[/path...][:tag][@digest]`, path components in lower case.
 */

const ALNUM = '[a-z0-9]+';
const SEPARATOR = '(?:[._]|__|[-]+)';
const PATH_COMPONENT = `${ALNUM}(?:${SEPARATOR}${ALNUM})*`;
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN = `(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[[a-fA-F0-9:]+\\])(?::[0-9]+)?`;
const TAG = '[\\w][\\w.-]{0,127}';
const DIGEST = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}';
const REFERENCE = new RegExp(`^(?:${DOMAIN}/)?${PATH_COMPONENT}(?:/${PATH_COMPONENT})*(?::${TAG})?(?:@${DIGEST})?$`);

/** The error text of a reference that does not parse. */
export const INVALID_REFERENCE_FORMAT = 'invalid reference format';

/** True when `image` is a well-formed image reference. */
export function isImageReference(image: string): boolean {
  return image.length <= 4096 && REFERENCE.test(image);
}
