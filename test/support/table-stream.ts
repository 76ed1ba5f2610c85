import { enableStream } from '../../shared/db/table';
import { documentClient } from '../../shared/wiring';

/** Turns this test file's table stream on, before the local events start reading it. */
export const withStream = (): Promise<void> => enableStream(documentClient(), process.env.TABLE_NAME ?? '');
