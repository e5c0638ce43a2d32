import { config } from 'zod/v4';

/*
 * The client build resolves `zod` to this module (vite.config.ts), so every schema the browser
 * uses is made after this line has run.
 *
 * zod compiles fast parsers with `new Function` when it may, and finds out by trying once. The
 * site's Content-Security-Policy forbids eval, so the browser refuses that probe and reports it (a
 * console error and a securitypolicyviolation event) even though zod catches the refusal. The few
 * responses a page parses are fast enough without compiled parsers. Configured here rather than in
 * main.tsx so zod stays out of the first screen's bundle.
 */
config({ jitless: true });

export * from 'zod/v4';
