/** `npm run openapi`: writes docs/openapi.json from the route table and the handlers' zod schemas. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

process.env.LOG_LEVEL = 'silent';
const { openApiDocument } = require('../shared/openapi') as typeof import('../shared/openapi');
const out = join(__dirname, '..', 'docs', 'openapi.json');
mkdirSync(join(__dirname, '..', 'docs'), { recursive: true });
const document = openApiDocument();
writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
console.log(`wrote ${out}: ${Object.keys(document.paths).length} paths`);
