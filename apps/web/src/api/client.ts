import type { z } from 'zod';
import { ApiError, messageFromBody } from './errors.ts';
import { trackPending } from './pending.ts';

/** Every API path is relative to this base (spec 000 §7). */
export const API_BASE = '/api';

export interface ApiClientOptions {
  /** The bearer token of the current session, if any. */
  getToken(): string | null;
  /** Called when the server answers 401 to a call that carried a token (expired or revoked). */
  onUnauthorized(): void;
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  /** JSON body (serialised here). */
  json?: unknown;
  /** Form body (application/x-www-form-urlencoded). */
  form?: Record<string, string>;
  /** Don't attach the bearer token (the token call). */
  anonymous?: boolean;
}

/** A typed fetch wrapper: bearer token, JSON/form bodies, spinner tracking, `{ Message }` errors. */
export class ApiClient {
  constructor(private readonly options: ApiClientOptions) {}

  /** Raw response; throws ApiError for non-2xx answers. */
  async request(path: string, init: RequestOptions = {}): Promise<Response> {
    const { json, form, anonymous, headers, ...rest } = init;
    const token = anonymous ? null : this.options.getToken();
    const allHeaders = new Headers(headers);
    let body: BodyInit | undefined;
    if (json !== undefined) {
      allHeaders.set('content-type', 'application/json');
      body = JSON.stringify(json);
    } else if (form) {
      allHeaders.set('content-type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(form).toString();
    }
    if (token) allHeaders.set('authorization', `Bearer ${token}`);
    const response = await trackPending(fetch(`${API_BASE}${path}`, { ...rest, headers: allHeaders, body }));
    if (response.ok) return response;
    if (response.status === 401 && token) this.options.onUnauthorized();
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, response.statusText || String(response.status), messageFromBody(text, response.statusText));
  }

  /** JSON answer, validated by the contract's schema when one is given. */
  async json<T>(path: string, schema?: z.ZodType<T>, init: RequestOptions = {}): Promise<T> {
    const response = await this.request(path, init);
    if (response.status === 204) return undefined as T;
    const data: unknown = await response.json();
    return schema ? schema.parse(data) : (data as T);
  }

  get<T>(path: string, schema?: z.ZodType<T>): Promise<T> {
    return this.json(path, schema);
  }

  /** `init` adds request headers (Accept of a layout, say). */
  post<T>(path: string, body: unknown, schema?: z.ZodType<T>, init: Pick<RequestOptions, 'headers'> = {}): Promise<T> {
    return this.json(path, schema, { ...init, method: 'POST', json: body });
  }

  put<T>(path: string, body: unknown, schema?: z.ZodType<T>): Promise<T> {
    return this.json(path, schema, { method: 'PUT', json: body });
  }

  delete<T>(path: string, body?: unknown, schema?: z.ZodType<T>): Promise<T> {
    return this.json(path, schema, { method: 'DELETE', ...(body === undefined ? {} : { json: body }) });
  }
}

/** Sends a client error to the server log (level 4, spec 000 §9); never throws. */
export async function logClientError(message: string, stacktrace?: string): Promise<void> {
  try {
    await fetch(`${API_BASE}/log`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ level: 4, message: message.slice(0, 10_000), stacktrace: stacktrace?.slice(0, 50_000) ?? null }),
    });
  } catch {
    // logging must never break the screen
  }
}
