/** The console's rules, adopted by the document (the pages' CSP allows no inline style). */
export const CONSOLE_CSS = `
:root { --accent: #1d4ed8; --line: #d0d5dd; --muted: #4b5563; --bg: #f8fafc; color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111827; background: var(--bg); }
main { max-width: 1200px; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.35rem; margin: 0 0 .5rem; }
h2 { font-size: 1.1rem; margin: 0 0 .5rem; }
h3 { font-size: 1rem; margin: .75rem 0 .25rem; }
a { color: var(--accent); }
button, input, select, textarea { font: inherit; }
button { border: 1px solid var(--accent); background: #fff; color: var(--accent); border-radius: 6px; padding: .3rem .7rem; cursor: pointer; }
button.primary, button[type="submit"] { background: var(--accent); color: #fff; }
button:disabled { opacity: .6; cursor: default; }
button[aria-pressed="true"] { background: var(--accent); color: #fff; }
:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
input, select, textarea { border: 1px solid #6b7280; border-radius: 6px; padding: .3rem .5rem; background: #fff; color: #111827; }
label { display: block; margin: .4rem 0; }
label > span { display: block; font-size: .85rem; color: var(--muted); }
.bar { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .5rem 0; }
.bar .grow { flex: 1; }
header.top { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; justify-content: space-between; border-bottom: 1px solid var(--line); padding-bottom: .5rem; margin-bottom: .5rem; }
.notice { padding: .5rem .75rem; border-radius: 6px; background: #ecfdf5; border: 1px solid #10b981; }
.notice.error { background: #fef2f2; border-color: #b91c1c; color: #7f1d1d; }
.columns { display: grid; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); gap: .75rem; }
.column { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: .5rem; min-height: 6rem; }
.column > h2 { border-bottom: 1px solid var(--line); padding-bottom: .25rem; }
.column ol { list-style: none; margin: 0; padding: 0; }
.appointment { border-left: 4px solid var(--accent); background: #eff6ff; border-radius: 4px; padding: .4rem .5rem; margin: .4rem 0; }
.appointment[data-status="cancelled"] { border-color: #6b7280; background: #f3f4f6; }
.appointment[data-status="no_show"] { border-color: #b91c1c; background: #fef2f2; }
.appointment[data-status="completed"] { border-color: #047857; background: #ecfdf5; }
.appointment .when { font-weight: 600; }
.appointment .meta { color: var(--muted); font-size: .9rem; }
.appointment .status { font-size: .8rem; font-weight: 600; text-transform: uppercase; letter-spacing: .03em; }
.appointment .controls { display: flex; flex-wrap: wrap; gap: .3rem; margin-top: .3rem; }
.appointment .controls button { padding: .1rem .45rem; font-size: .85rem; }
.time-off { border-left: 4px solid #92400e; background: #fffbeb; border-radius: 4px; padding: .4rem .5rem; margin: .4rem 0; }
.empty { color: var(--muted); font-style: italic; }
dialog { border: 1px solid var(--line); border-radius: 10px; max-width: 32rem; width: 95vw; }
dialog::backdrop { background: rgb(15 23 42 / .45); }
table { border-collapse: collapse; width: 100%; background: #fff; }
th, td { border: 1px solid var(--line); padding: .3rem .45rem; text-align: left; vertical-align: top; }
section.setup { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: .75rem; margin: .75rem 0; }
textarea.embed { width: 100%; font-family: ui-monospace, monospace; font-size: .85rem; }
.sign-in { max-width: 26rem; margin: 3rem auto; background: #fff; border: 1px solid var(--line); border-radius: 10px; padding: 1.25rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
