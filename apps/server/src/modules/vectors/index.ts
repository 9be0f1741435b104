/** What other modules use from vectors: named-vector lookup for simulation inputs. */
export { resolveUserVector } from './vectors.service.ts';
