// zod with `.openapi(...)` (refs, examples, descriptions): route modules import z from here so the extension
// is in place before any schema calls it.
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

export { z };
