import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// npm's own range semantics (semver comes with npm's dependency tree; it ships no types).
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Issue 26: `npm install` on the Node the project declares gives no EBADENGINE warning. Every
 * package the lock file installs must accept the oldest Node of the root's `engines` (>= 20.19);
 * content-disposition 3 and cookie 2 want Node 22, so package.json's overrides keep
 * @fastify/static on content-disposition 2 (same `create` API, CommonJS) and fastify's
 * light-my-request (app.inject) on 6.6 (cookie 1).
 */
describe('installed packages support the declared Node', () => {
  it('every package in package-lock.json accepts the oldest Node of engines.node', () => {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { engines: { node: string } };
    const oldest = semver.minVersion(manifest.engines.node)?.version;
    expect(oldest).toBe('20.19.0');
    const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(lock.packages).flatMap(([where, pkg]) => {
      const range = !Array.isArray(pkg.engines) ? pkg.engines?.node : undefined;
      return range && !semver.satisfies(oldest as string, range) ? [`${where}@${pkg.version}: node ${range}`] : [];
    });
    expect(refusing).toEqual([]);
  });
});
