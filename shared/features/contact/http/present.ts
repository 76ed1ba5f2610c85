/** The verdicts of the v2 validation routes (docs/CONTRACT.md#v2-in-short). */
import { documented } from '../../../shapes/documented';
import type { V2EmailVerdict, V2PhoneVerdict } from './schemas';

/** The verdict of /validation/phone. */
export const v2PhoneVerdict = documented<V2PhoneVerdict>();
/** The verdict of /validation/email. */
export const v2EmailVerdict = documented<V2EmailVerdict>();
