// The stylesheet of the HTML gradebook: readable at 1280 px and at 400 px, the table scrolling in its own box with its
// header and name column kept in view.

/** The page's CSS, inlined (the page loads nothing). */
export const PAGE_STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 1rem; color: #1b1f24; }
h1 { font-size: 1.3rem; margin: 0 0 .25rem; }
h2 { font-size: 1.1rem; margin: 1.2rem 0 .4rem; }
h3 { font-size: 1rem; margin: 1rem 0 .3rem; }
p { margin: .25rem 0 .6rem; max-width: 60rem; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f8fa; border: 1px solid #d0d7de; padding: .3rem .5rem; margin: .3rem 0; font-size: .85rem; max-width: 60rem; }
.meta a { margin-right: .4rem; }
.incomplete { background: #fff1c2; border: 1px solid #d4a72c; padding: .4rem .6rem; }
.stats { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; margin: .4rem 0; }
.stats div { min-width: 7rem; }
.stats dt { font-size: .8rem; color: #57606a; }
.stats dd { margin: 0; font-size: 1.2rem; font-weight: 600; font-variant-numeric: tabular-nums; }
.glance { display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: flex-start; }
figure { margin: 0; max-width: 100%; }
figure svg { width: 22rem; max-width: 100%; height: auto; display: block; }
figcaption { font-size: .8rem; color: #57606a; }
.rates { border-collapse: collapse; font-size: .85rem; }
.rates td, .rates th { padding: .1rem .4rem; text-align: left; }
.bar { display: inline-block; height: .6rem; background: #2da44e; vertical-align: middle; }
.bar-track { display: inline-block; width: 6rem; background: #eaeef2; vertical-align: middle; }
#most-failed { padding-left: 1.4rem; max-width: 60rem; }
#most-failed > li { margin-bottom: .8rem; }
#most-failed ul { padding-left: 1rem; }
.controls { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; margin: .4rem 0; }
.controls input, .controls select { font: inherit; }
.legend span { display: inline-block; padding: 0 .4rem; margin-right: .3rem; border-radius: 3px; }
.table-wrap { overflow: auto; max-width: 100%; max-height: 85vh; border: 1px solid #d0d7de; }
table#gradebook { border-collapse: separate; border-spacing: 0; font-size: .9rem; }
#gradebook th, #gradebook td { padding: .3rem .5rem; border-bottom: 1px solid #d0d7de; text-align: left; white-space: nowrap; }
#gradebook thead th { background: #f6f8fa; position: sticky; top: 0; z-index: 2; }
#gradebook thead th button { font: inherit; font-weight: 600; background: none; border: 0; padding: 0; cursor: pointer; color: inherit; }
#gradebook thead th[aria-sort="ascending"] button::after { content: " \\25B2"; }
#gradebook thead th[aria-sort="descending"] button::after { content: " \\25BC"; }
#gradebook tbody th { font-weight: 600; max-width: 12rem; overflow: hidden; text-overflow: ellipsis; }
#gradebook th:first-child { position: sticky; left: 0; background: #fff; z-index: 1; border-right: 1px solid #d0d7de; }
#gradebook thead th:first-child { background: #f6f8fa; z-index: 3; }
button.expand { font: inherit; font-weight: 600; background: none; border: 0; padding: 0; cursor: pointer; color: #0969da; text-align: left; max-width: 100%; overflow: hidden; text-overflow: ellipsis; }
button.expand::before { content: "\\25B8 "; color: #57606a; }
button.expand[aria-expanded="true"]::before { content: "\\25BE "; }
#gradebook td.number { text-align: right; font-variant-numeric: tabular-nums; }
#gradebook td.problem { white-space: normal; min-width: 14rem; max-width: 30rem; }
#gradebook tr.details > td { white-space: normal; background: #fbfcfd; padding: 0; }
.details-box { position: sticky; left: 0; width: min(60rem, calc(100vw - 3rem)); padding: .4rem .6rem; box-sizing: border-box; }
.failure { border-left: 3px solid #cf222e; padding-left: .5rem; margin: .5rem 0; }
.failure h4 { font-size: .9rem; margin: 0; font-weight: 600; }
.failure p { margin: .15rem 0; font-size: .85rem; }
.failure .file { color: #57606a; }
.tag { display: inline-block; font-size: .75rem; font-weight: 600; padding: 0 .35rem; border-radius: 3px; background: #eaeef2; margin-left: .3rem; }
.tag.private { background: #ddf4ff; color: #0a3069; }
.all { background: #dafbe1; }
.some { background: #fff1c2; }
.none { background: #ffd8d3; }
.not-run { background: #eaeef2; color: #57606a; }
#similar-pairs { border-collapse: collapse; font-size: .9rem; }
#similar-pairs th, #similar-pairs td { padding: .2rem .5rem; border-bottom: 1px solid #d0d7de; text-align: left; white-space: nowrap; }
#similar-pairs td.number { text-align: right; font-variant-numeric: tabular-nums; }
details.pair { margin: .6rem 0; border: 1px solid #d0d7de; padding: .3rem .5rem; }
details.pair summary { cursor: pointer; font-weight: 600; }
.side-by-side { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: .8rem; margin-top: .4rem; }
.side h4 { margin: .2rem 0; font-size: .95rem; }
.code-file h5 { margin: .4rem 0 .1rem; font-size: .85rem; font-weight: 600; }
pre.code { white-space: pre; overflow: auto; max-width: none; max-height: 40rem; font-size: .8rem; line-height: 1.35; }
pre.code mark { background: #fff1c2; display: block; border-left: 3px solid #d4a72c; margin-left: -3px; }
pre.code .ln { display: inline-block; width: 3.5ch; margin-right: 1ch; text-align: right; color: #8c959f; user-select: none; }
@media (max-width: 600px) {
  .side-by-side { grid-template-columns: minmax(0, 1fr); }
  body { margin: .5rem; }
  #gradebook tbody th { max-width: 7.5rem; }
  .table-wrap { max-height: 75vh; }
}
`;
