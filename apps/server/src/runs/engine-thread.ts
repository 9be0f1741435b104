/**
 * An engine thread of the run service's pool (Piscina): runs one task message. A result of bytes
 * (an answer written as JSON in the thread) is transferred to the calling thread, not copied.
 * Loaded through engine-worker.mjs (which registers tsx first when running from source).
 */
import { Piscina } from 'piscina';
import { runTask, type TaskMessage } from './engine-tasks.ts';

export default function run(message: TaskMessage): unknown {
  const result = runTask(message);
  return result instanceof Uint8Array ? Piscina.move(result) : result;
}
