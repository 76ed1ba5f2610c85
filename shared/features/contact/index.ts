/** The contact feature's public face: what other features may use of it (docs/design/features.md). */
export { isValidEmail } from './domain/email-syntax';
export { FAMILY_NAMES, fictitiousEmail } from './domain/fictitious';
export { toE164 } from './domain/phone';
