import { writeFileSync } from 'node:fs';
import { renderOpenApi } from './openapi';

writeFileSync(new URL('../../openapi.json', import.meta.url), renderOpenApi());
console.log('wrote simulator/openapi.json');
