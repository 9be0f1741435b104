// Worker bootstrap for bench/model-run.ts: register tsx's loader in this thread, then load the worker.
import { register } from 'tsx/esm/api';

register();
await import('./model-worker.ts');
