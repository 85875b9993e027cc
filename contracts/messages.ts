// The shared texts (contracts/texts.ts) for everything that builds a schema: importing this file configures zod first.
import { z } from 'zod';

// Every contract imports this file before it builds a schema: the pages' CSP allows no eval, and without jitless zod
// probes with Function('') when it builds an object schema (a CSP violation on every page with a form).
z.config({ jitless: true });

export { type MessageKey, msg, sameDayMessage } from './texts';
