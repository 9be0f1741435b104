import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_PASSWORDS } from '../../test/test-config.ts';

// The examples call the test server in this process: run them asynchronously, or the server cannot answer.
const run = async (file: string, args: string[], env: NodeJS.ProcessEnv, timeout: number) => (await promisify(execFile)(file, args, { env, encoding: 'utf8', timeout })).stdout;
const examples = path.join(path.dirname(fileURLToPath(import.meta.url)), 'examples');
const has = (cmd: string) => { try { execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }); return true; } catch { return false; } };
const hasCurlHeaders = ['/usr/include/curl/curl.h', '/usr/include/x86_64-linux-gnu/curl/curl.h', '/usr/include/aarch64-linux-gnu/curl/curl.h'].some(existsSync);

describe('documentation', { timeout: 180_000 }, () => {
  let t: TestApp;
  let baseUrl: string;
  let work: string;
  const env = () => ({ ...process.env, OPENCRT_URL: baseUrl, OPENCRT_USER: 'analyst', OPENCRT_PASSWORD: TEST_PASSWORDS.analyst });
  const expectBondWals = (output: string) => {
    const lines = output.trim().split('\n');
    expect(lines.length).toBeGreaterThan(2);
    expect(output).toMatch(/^M-1\tWAL \d+\.\d\d$/m);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    work = mkdtempSync(path.join(tmpdir(), 'opencrt-examples-'));
  });
  afterAll(async () => {
    await t?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('answers signed locations a new window can open; DocReader only; LDM/AFT links for those roles', async () => {
    const analyst = await t.token('analyst');
    const res = await t.request({ method: 'GET', url: '/api/documentation/examples/cpp', token: analyst });
    expect(res.statusCode).toBe(200);
    // Names of Object.prototype's members are not entries (the fuzz test found a 500 here).
    for (const url of ['/api/documentation/examples/constructor', '/api/documentation/docs/toString', '/api/documentation/loan/__proto__/x', '/api/documentation/loan/stacr/constructor']) {
      expect((await t.request({ method: 'GET', url, token: analyst })).statusCode, url).toBe(404);
    }
    const location = (res.json() as { Location: string }).Location;
    const file = await t.request({ method: 'GET', url: location });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('curl_easy_perform');
    expect((await t.request({ method: 'GET', url: location.replace(/sig=([0-9a-f])/, (_m, c: string) => `sig=${c === '0' ? '1' : '0'}`) })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/documentation/examples/cpp', token: await t.token('user') })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/documentation/examples/cobol', token: analyst })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/documentation/docs/api', token: analyst })).json()).toEqual({ Location: '/api/docs' });
    const ldm = (await t.request({ method: 'GET', url: '/api/documentation/docs/ldm-functions', token: analyst })).json() as { Location: string };
    expect((await t.request({ method: 'GET', url: ldm.Location })).body).toContain('LDM credit model');
  });

  it('GET /documentation/loan/{a}/{b} lists the tape layout fields', async () => {
    const res = await t.request({ method: 'GET', url: '/api/documentation/loan/STACR/origination', token: await t.token('user') });
    const fields = res.json() as { Position: number; Name: string; Required: boolean; Values?: string[] }[];
    expect(fields).toHaveLength(32);
    expect(fields[0]).toEqual({ Position: 1, Name: 'Credit Score', Type: 'int', Required: false });
    expect(fields.find((f) => f.Name === 'Occupancy Status')?.Values).toEqual(['P', 'S', 'I', '9']);
    expect((await t.request({ method: 'GET', url: '/api/documentation/loan/cas/origination', token: await t.token('user') })).statusCode).toBe(404);
  });

  it.skipIf(!has('python3'))('the Python example signs in and runs a simulation', async () => {
    expectBondWals(await run('python3', [path.join(examples, 'opencrt_example.py')], env(), 120_000));
  });

  it.skipIf(!has('g++') || !hasCurlHeaders)('the C++ example compiles with g++ and libcurl and runs', async () => {
    const exe = path.join(work, 'opencrt-example');
    await run('g++', ['-std=c++17', '-O1', path.join(examples, 'OpenCrtExample.cpp'), '-lcurl', '-o', exe], process.env, 240_000);
    expectBondWals(await run(exe, [], env(), 120_000));
  });

  it.skipIf(!has('mcs') || !has('mono'))('the C# example compiles with mcs and runs on mono', async () => {
    const exe = path.join(work, 'OpenCrtExample.exe');
    await run('mcs', ['-r:System.Net.Http.dll', `-out:${exe}`, path.join(examples, 'OpenCrtExample.cs')], process.env, 240_000);
    expectBondWals(await run('mono', [exe], env(), 120_000));
  });
});
