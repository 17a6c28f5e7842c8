// The page's HTML shell and its Content-Security-Policy: the page's own script and style, its own live channel, nothing else.
import { escapeHtml } from '../../text/core/html-text.ts';

/** Only this server, only these kinds: no inline script or style, no frames, no forms, nothing from another origin. */
export const PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

// The shell the script fills: every request the page makes carries the token it was opened with.
export function pageHtml(token: string, courseTitle: string): string {
  const t = encodeURIComponent(token);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(courseTitle)}</title>
<link rel="icon" href="/favicon.ico?token=${t}">
<link rel="stylesheet" href="/page.css?token=${t}">
<script defer src="/page.js?token=${t}"></script>
</head>
<body>
<nav id="skips" aria-label="skip links"><a class="skip" href="#stage-list">skip to the stages</a><a class="skip" id="skip-failure" href="#first-failure" hidden>skip to the failing case</a><a class="skip" href="#text">skip to the stage text</a></nav>
<header id="bar" role="banner"><h1>${escapeHtml(courseTitle)}</h1><p id="status" role="status" aria-live="polite">connecting…</p><div id="keys" role="toolbar" aria-label="watch keys"></div></header>
<div id="layout">
<nav id="stages" aria-label="stages"><details id="stages-box" open><summary><h2>Stages</h2></summary><ol id="stage-list" tabindex="-1" aria-label="stages of the course"></ol></details></nav>
<main id="main">
<section id="results" aria-label="results of the run"></section>
<article id="text" tabindex="-1" aria-label="stage text"><nav id="toc" aria-label="sections of the stage"></nav><div id="stage-body"></div></article>
</main>
</div>
</body>
</html>
`;
}
