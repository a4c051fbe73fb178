import { z } from 'zod';

/**
 * Imported first by main.tsx, before any schema is built. Zod compiles object parsers with
 * `new Function`, probing for eval support when each schema is made; under the storefront's CSP
 * (no 'unsafe-eval') that probe is a reported violation. The interpreted parser is plenty here.
 */
z.config({ jitless: true });
