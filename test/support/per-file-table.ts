import { documentClient } from '../../shared/db/client';
import { ensureTable } from '../../shared/db/table';

beforeAll(async () => {
  await ensureTable(documentClient(), process.env.TABLE_NAME ?? '');
});
