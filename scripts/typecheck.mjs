// Type-checks every workspace with its own tsconfig (each is strict; see tsconfig.base.json).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = ['packages/engine', 'packages/contracts', 'apps/server', 'apps/cli', 'apps/web', 'e2e', 'bench', 'scripts'];
let failed = 0;
for (const dir of projects) {
  if (!existsSync(`${dir}/tsconfig.json`)) continue;
  const run = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', dir], { stdio: 'inherit' });
  if (run.status !== 0) { failed += 1; console.error(`typecheck failed: ${dir}`); }
}
process.exit(failed ? 1 : 0);
