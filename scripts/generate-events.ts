/** `npm run events`: writes a sample API Gateway event for every route under events/ (for sam local invoke). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sampleEvent, sampleEventFile } from '../shared/local/sample-events';
import { ROUTES } from '../shared/routes';

const dir = join(__dirname, '..', 'events');
mkdirSync(dir, { recursive: true });
for (const route of ROUTES) {
  writeFileSync(join(dir, sampleEventFile(route)), `${JSON.stringify(sampleEvent(route), null, 2)}\n`);
}
console.log(`wrote ${ROUTES.length} events to ${dir}`);
