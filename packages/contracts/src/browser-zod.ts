import { config } from 'zod';

// In the browser the server's Content-Security-Policy allows no eval. zod builds fast object
// parsers with `new Function` when it may and probes for that; under the policy the caught probe
// is still reported as a violation on every page. Jitless parsing never tries. This module is the
// first one the contracts evaluate, because zod reads the setting as each schema is built. The
// server keeps the compiled parsers (no CSP applies to Node).
if (typeof (globalThis as { document?: unknown }).document !== 'undefined') config({ jitless: true });
