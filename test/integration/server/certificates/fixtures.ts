/**
 * A valid PKCS#10 request (ECDSA P-256, CN=client) for tests that need any signing request the
 * server accepts (its signature verifies).
 */

/** PEM text of the request. */
export const VALID_CSR_PEM = '-----BEGIN CERTIFICATE REQUEST-----\nMIHKMHMCAQAwETEPMA0GA1UEAxMGY2xpZW50MFkwEwYHKoZIzj0CAQYIKoZIzj0D\nAQcDQgAE7ajPdLp4ks4ik5HqBE6eLbRMpD9b+yTM0H9Cwt0I92oIxv8JZ773zA+n\n17zX5kBnIyMSVjIM3Cvq9NB6fvpkj6AAMAoGCCqGSM49BAMCA0cAMEQCIEVYTZoR\nIkzr9IyagG8RWPwvgViUy+w1+LN0u02AzWTnAiBUiEbS0bHFn8UG+3viOJ+EkV0u\nYT0TZifIHZENUvFfdA==\n-----END CERTIFICATE REQUEST-----\n';

/** The request as `spec.request` carries it (base64 of the PEM). */
export const VALID_CSR_B64 = Buffer.from(VALID_CSR_PEM).toString('base64');
