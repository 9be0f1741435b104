// Worker-thread entry of the run service's pool. Worker threads do not inherit tsx's loader, so
// this plain-JavaScript file registers it for the thread before loading the TypeScript tasks.
import { Piscina } from 'piscina';
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./engine-tasks.ts');

/**
 * Piscina calls the default export with each task message. A result of bytes (an answer written
 * as JSON in the worker) is transferred to the calling thread, not copied.
 */
export default function run(message) {
  const result = tasks.runTask(message);
  return result instanceof Uint8Array ? Piscina.move(result) : result;
}
