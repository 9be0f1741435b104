/** Vite/vitest `?raw` imports (tests read data files as text; the engine itself has no I/O). */
declare module '*?raw' {
  const text: string;
  export default text;
}
