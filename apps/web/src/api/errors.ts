/** Fallback text when a failed call says nothing usable (spec 000 §8). */
export const UNEXPECTED_REST_ERROR = 'Unexpected REST-call error';

/** An API call that failed: HTTP status, status text and the message to show. */
export class ApiError extends Error {
  constructor(readonly status: number, readonly reason: string, message: string) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The message of a failed response body (spec 000 §8): its `Message` field — the body may be a JSON
 * string holding JSON — else the error text, else 'Unexpected REST-call error'.
 */
export function messageFromBody(body: string, fallback?: string): string {
  let parsed: unknown = body;
  for (let depth = 0; depth < 2 && typeof parsed === 'string'; depth++) {
    try {
      parsed = JSON.parse(parsed);
    } catch {
      break;
    }
  }
  if (parsed && typeof parsed === 'object') {
    const record = parsed as Record<string, unknown>;
    for (const key of ['Message', 'message', 'error_description']) {
      if (typeof record[key] === 'string' && record[key]) return record[key];
    }
  }
  if (typeof parsed === 'string' && parsed.trim() && !parsed.trim().startsWith('<')) return parsed.trim();
  return fallback?.trim() || UNEXPECTED_REST_ERROR;
}

/** The text to show for any thrown value. */
export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return UNEXPECTED_REST_ERROR;
}
