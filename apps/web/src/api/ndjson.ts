/**
 * Reads an NDJSON answer (the server's progress streams) line by line as it arrives, calling
 * `onLine` with each parsed line; resolves when the stream ends.
 */
export async function readNdjson(response: Response, onLine: (line: unknown) => void): Promise<void> {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('The answer has no body.');
  const decoder = new TextDecoder();
  let pending = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (value) pending += decoder.decode(value, { stream: true });
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (line) onLine(JSON.parse(line));
      newline = pending.indexOf('\n');
    }
    if (done) break;
  }
  if (pending.trim()) onLine(JSON.parse(pending));
}
