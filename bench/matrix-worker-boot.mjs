// Worker bootstrap: register tsx's TypeScript loader in this thread, then load the worker.
import { register } from 'tsx/esm/api';

register();
await import('./matrix-worker.ts');
