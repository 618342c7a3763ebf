/** Small, dependency-free HTML rendering for the server's own pages (login service, API reference). Every value is escaped. */
import { LOCALES, type Locale } from '../../../schemas/constants.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Marks already-rendered HTML so `html` does not escape it twice. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** Tagged template: interpolated values are escaped unless SafeHtml (or arrays of it). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0];
  values.forEach((value, index) => {
    const rendered = Array.isArray(value) ? value.map(render).join('') : render(value);
    out += rendered + strings[index + 1];
  });
  return new SafeHtml(out);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(value);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6f8;color:#1c2630;line-height:1.5}
header{background:#0b4f8a;color:#fff;padding:.75rem 1.5rem;display:flex;justify-content:space-between;align-items:center}
header a{color:#fff}
.brand{font-weight:700;font-size:1.1rem;text-decoration:none}
nav ul{list-style:none;margin:0;padding:0;display:flex;gap:.75rem}
main{max-width:44rem;margin:2rem auto;background:#fff;border-radius:8px;padding:2rem;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{margin-top:0;font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input[type=text],input[type=email],input[type=password],select{width:100%;padding:.55rem .6rem;border:1px solid #6b7785;border-radius:4px;font:inherit}
input:focus,button:focus,a:focus{outline:3px solid #f0a500;outline-offset:2px}
button,a.button{display:inline-block;text-decoration:none;margin-top:1.25rem;padding:.6rem 1.2rem;border:0;border-radius:4px;background:#0b4f8a;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover,a.button:hover{background:#083b67}
.error{color:#a4161a;font-weight:600}
.alert{padding:.75rem 1rem;border-radius:4px;margin-bottom:1rem}
.alert-error{background:#fde8e8;color:#7a1014;border:1px solid #f5b5b5}
.alert-success{background:#e6f4ea;color:#14532d;border:1px solid #a7d7b5}
.muted{color:#4a5866}
table{width:100%;border-collapse:collapse;margin-top:1rem;font-size:.9rem}.table-scroll{overflow-x:auto;position:relative}th,td{text-align:left;padding:.4rem .3rem;border-bottom:1px solid #d5dbe1;vertical-align:top}
code{font-size:.85em;word-break:break-all}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

export interface PageOptions {
  locale: Locale;
  title: string;
  appName: string;
  /** Accessible name of the language switcher. */
  languageLabel: string;
  /** Builds the URL of this page in another language, for the language switcher. */
  localeHref: (locale: Locale) => string;
  body: SafeHtml;
  navigation?: SafeHtml;
}

export function page({ locale, title, appName, languageLabel, localeHref, body, navigation }: PageOptions): string {
  const languages = LOCALES.map((other) =>
    other === locale
      ? html`<li><span aria-current="true" lang="${other}">${other.toUpperCase()}</span></li>`
      : html`<li><a href="${localeHref(other)}" lang="${other}" hreflang="${other}">${other.toUpperCase()}</a></li>`,
  );
  return html`<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${title} · ${appName}</title>
<style>${new SafeHtml(STYLE)}</style>
</head>
<body>
<header><a class="brand" href="/publish/">${appName}</a><nav aria-label="${languageLabel}"><ul>${languages}${navigation}</ul></nav></header>
<main id="content">
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`.value;
}
