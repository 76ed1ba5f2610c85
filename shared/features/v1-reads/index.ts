/** The v1-reads feature's public face: what other features may use of it (docs/design/features.md). */

export { V1Appointment, V1Health } from './http/schemas';
