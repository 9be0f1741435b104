// Worker-thread entry of the run service's pool. Worker threads do not inherit tsx's loader, so
// this plain-JavaScript file registers it for the thread before loading the TypeScript tasks.
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./engine-tasks.ts');

/** Piscina calls the default export with each task message. */
export default function run(message) {
  return tasks.runTask(message);
}
