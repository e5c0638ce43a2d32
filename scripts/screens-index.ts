import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** An index page of the pictures, by language then by stop, phone beside laptop. */
export function writeScreensIndex(dir: string): void {
  if (!existsSync(dir)) return;
  const files = readdirSync(dir).filter((file) => file.endsWith('.png'));
  const stops = [...new Set(files.map((file) => file.replace(/-(390|1280)-(en|fr)\.png$/, '')))];
  const escape = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const sections = ['en', 'fr'].map((language) => {
    const rows = stops.sort().map((stop) => {
      const pictures = ['390', '1280']
        .map((width) => `${stop}-${width}-${language}.png`)
        .filter((file) => files.includes(file))
        .map(
          (file) =>
            `<a href="${escape(file)}"><img src="${escape(file)}" alt="${escape(file)}" loading="lazy"></a>`,
        )
        .join('');
      return `<section><h3>${escape(stop.replace(/^\d+-/, ''))}</h3>${pictures}</section>`;
    });
    return `<h2>${language === 'en' ? 'English' : 'Français'}</h2>${rows.join('\n')}`;
  });
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>Palmarès screens</title>
<style>body{font:14px system-ui;margin:24px}section{margin:16px 0}img{height:420px;margin-right:12px;border:1px solid #ccc;vertical-align:top}</style>
<h1>Palmarès: every screen at 390 and 1280 px</h1>
${sections.join('\n')}
</html>
`,
  );
  console.log(`Pictures of every screen: ${path.join(dir, 'index.html')}`);
}
