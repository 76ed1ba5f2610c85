/**
 * The HTML pages of the business's face (docs/CONTRACT.md#widget-and-manage-page): a strict
 * Content-Security-Policy (scripts from the API's own origin only, no inline script or eval), no framing.
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  "style-src 'self'",
  // A business's logo (its logo_url setting) is an https image of its own host.
  "img-src 'self' data: https:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': PAGE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

export type Lang = 'en' | 'fr';

/** A whole page: its language, title and body (already escaped), with the widget's script. */
export function htmlPage(
  status: number,
  page: { lang: Lang; title: string; body: string; script?: string },
): APIGatewayProxyStructuredResultV2 {
  const html = `<!doctype html>
<html lang="${page.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="booking-page" content="1">
<link rel="icon" href="data:,">
<title>${escapeHtml(page.title)}</title>
<script src="${page.script ?? '/embed.js'}" defer></script>
</head>
<body>
<main>
${page.body}
</main>
</body>
</html>
`;
  return { statusCode: status, headers: PAGE_HEADERS, body: html };
}

const NOT_FOUND_TEXT: Record<Lang, { title: string; text: string }> = {
  en: { title: 'Page not found', text: 'There is no booking page at this address.' },
  fr: { title: 'Page introuvable', text: "Il n'y a pas de page de réservation à cette adresse." },
};

/** The 404 page of an unknown or non-hosted key. */
export const notFoundPage = (lang: Lang = 'en'): APIGatewayProxyStructuredResultV2 =>
  htmlPage(404, {
    lang,
    title: NOT_FOUND_TEXT[lang].title,
    body: `<h1>${NOT_FOUND_TEXT[lang].title}</h1>\n<p>${NOT_FOUND_TEXT[lang].text}</p>`,
  });

const TOO_MANY_TEXT: Record<Lang, { title: string; text: (seconds: number) => string }> = {
  en: { title: 'Too many requests', text: (s) => `Please try again in ${s} seconds.` },
  fr: { title: 'Trop de requêtes', text: (s) => `Merci de réessayer dans ${s} secondes.` },
};

/** The 429 page of a hosted page asked for too often by one visitor: `Retry-After` and the key's limits. */
export const tooManyPage = (
  retryAfter: number,
  headers: Record<string, string>,
  lang: Lang = 'en',
): APIGatewayProxyStructuredResultV2 => {
  const page = htmlPage(429, {
    lang,
    title: TOO_MANY_TEXT[lang].title,
    body: `<h1>${TOO_MANY_TEXT[lang].title}</h1>\n<p>${TOO_MANY_TEXT[lang].text(retryAfter)}</p>`,
  });
  return { ...page, headers: { ...page.headers, ...headers, 'retry-after': String(retryAfter) } };
};

const BOOK_TITLE: Record<Lang, string> = { en: 'Book an appointment', fr: 'Prendre rendez-vous' };

/** The hosted booking page of a key: the business's name and the widget. */
export const bookPage = (
  key: string,
  business: { name: string | null; language: Lang; logo_url?: string | null },
) => {
  const heading = business.name ?? BOOK_TITLE[business.language];
  // The logo beside the name says nothing more: an empty alt (the heading names the business).
  const logo = business.logo_url
    ? `<img class="logo" src="${escapeHtml(business.logo_url)}" alt="" height="64">\n`
    : '';
  return htmlPage(200, {
    lang: business.language,
    title: business.name ? `${BOOK_TITLE[business.language]} · ${business.name}` : heading,
    body: `${logo}<h1>${escapeHtml(heading)}</h1>\n<booking-widget key="${escapeHtml(key)}" lang="${business.language}"></booking-widget>`,
  });
};

/** The manage page: the element reads the cancel token from the fragment, never sent to a server. */
export const managePage = (lang: Lang | null) =>
  htmlPage(200, {
    lang: lang ?? 'en',
    title: lang === 'fr' ? 'Mon rendez-vous' : 'My appointment',
    body: lang ? `<booking-manage lang="${lang}"></booking-manage>` : '<booking-manage></booking-manage>',
  });
