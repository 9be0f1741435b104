// Worker-thread entry of the run service's pool. Worker threads do not inherit tsx's loader, so
// this plain-JavaScript file registers it for the thread before loading the TypeScript thread
// module. The built server (npm run build:server) replaces this file with a plain re-export.
import { register } from 'tsx/esm/api';

register();
const thread = await import('./engine-thread.ts');

export default thread.default;
