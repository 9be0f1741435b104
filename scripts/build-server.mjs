// `npm run build:server`: the server as plain JavaScript in apps/server/dist, so `npm start`,
// `npm run serve` and `npm run worker` run node on it with no TypeScript loader (tsx) at run time.
//
// Each .ts file is transpiled on its own (TypeScript's transpileModule: types erased, relative
// `.ts` imports rewritten to `.js`, a source map beside it: run with --enable-source-maps for
// stack traces into the .ts). The tree keeps the source layout (apps/server/dist mirrors
// apps/server/src, at the same depth), so paths modules compute from import.meta.url (the demo
// data, the docs, worker files) still point where they did. Other files (worker .mjs, JSON, SQL,
// docs) are copied. The workspace packages the server imports (engine, contracts) are built into
// dist/node_modules/@opencrt/, which Node finds before the TypeScript sources their package.json
// exports. Type checking is `npm run typecheck`'s job, not this one's.
//
// Written to a fresh directory and swapped in, so a process starting meanwhile never sees half a build.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/server/dist');
// Staging and the replaced build live in node_modules/.cache (ignored by git), on the same disk.
const cache = path.join(root, 'node_modules/.cache/opencrt-server-build');
const staging = path.join(cache, `building-${process.pid}`);

const compilerOptions = {
  target: ts.ScriptTarget.ES2023,
  module: ts.ModuleKind.ESNext,
  verbatimModuleSyntax: true,
  rewriteRelativeImportExtensions: true,
  sourceMap: true,
};

const isTest = (name) => /\.test\.tsx?$/.test(name) || name.endsWith('.e2e.ts');
let files = 0;

/** Transpiles (or copies) every file of `from` into `to`, keeping the layout. */
function build(from, to) {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'test' || entry.name === 'fuzz' || entry.name === 'node_modules') continue;
      build(source, path.join(to, entry.name));
      continue;
    }
    if (isTest(entry.name) || entry.name.includes('.scratch.')) continue;
    mkdirSync(to, { recursive: true });
    if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
      const out = path.join(to, entry.name.replace(/\.ts$/, '.js'));
      const { outputText, sourceMapText } = ts.transpileModule(readFileSync(source, 'utf8'), { compilerOptions, fileName: source });
      // The map names the source relative to where the file will be once the build is swapped in.
      const map = JSON.parse(sourceMapText ?? '{}');
      map.sources = [path.relative(path.join(dist, path.relative(staging, path.dirname(out))), source)];
      map.sourceRoot = '';
      writeFileSync(out, outputText.replace(/\/\/# sourceMappingURL=.*$/m, `//# sourceMappingURL=${path.basename(out)}.map`));
      writeFileSync(`${out}.map`, JSON.stringify(map));
    } else {
      cpSync(source, path.join(to, entry.name));
    }
    files += 1;
  }
}

/** A workspace package built under dist/node_modules, its exports pointing at the built files. */
function buildPackage(dir) {
  const manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
  const to = path.join(staging, 'node_modules', manifest.name);
  build(path.join(root, dir, 'src'), path.join(to, 'src'));
  const exportsJs = JSON.parse(JSON.stringify(manifest.exports).replaceAll('.ts"', '.js"'));
  writeFileSync(path.join(to, 'package.json'), `${JSON.stringify({ name: manifest.name, version: manifest.version, type: 'module', exports: exportsJs }, null, 2)}\n`);
}

const started = Date.now();
rmSync(staging, { recursive: true, force: true });
build(path.join(root, 'apps/server/src'), staging);
buildPackage('packages/engine');
buildPackage('packages/contracts');
// The engine threads' entry: under tsx it registers the loader first (runs/engine-worker.mjs);
// built, it is the compiled thread module itself.
writeFileSync(path.join(staging, 'runs/engine-worker.mjs'), "// Built: the engine thread needs no loader.\nexport { default } from './engine-thread.js';\n");

const old = path.join(cache, `old-${process.pid}`);
if (existsSync(dist) && statSync(dist).isDirectory()) renameSync(dist, old);
renameSync(staging, dist);
rmSync(old, { recursive: true, force: true });
console.log(`server built into ${path.relative(root, dist)}: ${files} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
