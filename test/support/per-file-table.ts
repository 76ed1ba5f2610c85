import { ensureTable } from '../../shared/db/table';
import { documentClient } from '../../shared/wiring';

beforeAll(async () => {
  await ensureTable(documentClient(), process.env.TABLE_NAME ?? '');
});
