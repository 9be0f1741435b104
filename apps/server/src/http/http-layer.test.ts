import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('HTTP layer: compression and caching', () => {
  let t: TestApp;
  let webDist: string;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  beforeAll(async () => {
    // A small built web app: index.html, one hashed asset with its precompressed brotli copy.
    webDist = mkdtempSync(path.join(tmpdir(), 'opencrt-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), `<!doctype html><title>OpenCRT</title><script src="/assets/app-abc123.js"></script>`);
    writeFileSync(path.join(webDist, 'assets/app-abc123.js'), script);
    writeFileSync(path.join(webDist, 'assets/app-abc123.js.br'), brotliCompressSync(script));
    t = await createTestApp({ webDist, serveWeb: true });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves hashed assets immutable and precompressed', async () => {
    const res = await t.request({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('serves index.html with no-cache, at / and at a deep link', async () => {
    for (const url of ['/', '/deal_catalog']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>OpenCRT</title>');
    }
  });

  it('compresses large API responses with br or gzip as the client asks', async () => {
    const token = await t.token('admin');
    const plain = await t.request({ method: 'GET', url: '/api/deals', token });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await t.request({ method: 'GET', url: '/api/deals', token, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.request({ method: 'GET', url: '/api/deals', token, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });
});
