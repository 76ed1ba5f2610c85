/** The widget's look: a few custom properties a host page may set (--booking-accent, --booking-font, --booking-radius). */
export const WIDGET_CSS = `
:host { display: block; font-family: var(--booking-font, system-ui, sans-serif); color: #1a1a1a; line-height: 1.4; }
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
.box { border: 1px solid #c4c4c4; border-radius: var(--booking-radius, 8px); padding: 1rem; background: #fff; max-width: 40rem; }
fieldset { border: 0; margin: 0 0 1rem; padding: 0; min-width: 0; }
legend { font-weight: 600; margin-bottom: .5rem; padding: 0; }
.zone { margin: 0 0 1rem; font-size: .9rem; color: #444; }
.choices { display: flex; flex-wrap: wrap; gap: .5rem; }
button { font: inherit; cursor: pointer; border-radius: var(--booking-radius, 8px); border: 1px solid var(--booking-accent, var(--booking-brand, #0b57d0)); background: #fff; color: var(--booking-accent, var(--booking-brand, #0b57d0)); padding: .45rem .8rem; min-height: 2.5rem; }
button[aria-pressed="true"], button.primary { background: var(--booking-accent, var(--booking-brand, #0b57d0)); color: #fff; }
button:disabled { opacity: .6; cursor: progress; }
button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
label { display: block; margin: .5rem 0 .25rem; }
input { font: inherit; width: 100%; max-width: 22rem; padding: .45rem; border: 1px solid #767676; border-radius: calc(var(--booking-radius, 8px) / 2); }
input[aria-invalid="true"] { border-color: #b00020; }
.alert { color: #b00020; margin: .5rem 0; font-weight: 600; }
.status { margin: .5rem 0; }
.done { border-left: 4px solid #1e7e34; padding-left: .75rem; }
.done:focus { outline: none; }
h2 { font-size: 1.15rem; margin: 0 0 .5rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0 0 1rem; }
dt { font-weight: 600; }
dd { margin: 0; }
a { color: var(--booking-accent, var(--booking-brand, #0b57d0)); }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; margin: .5rem 0 1rem; }
.months { display: flex; align-items: center; gap: .75rem; margin: 0 0 .75rem; }
.month { margin: 0; font-weight: 600; min-width: 10rem; text-align: center; }
.service-info { margin: .25rem 0 1rem; color: #444; white-space: pre-line; }
.logo { display: block; max-height: 3.5rem; max-width: 12rem; margin: 0 0 .75rem; }
.confirm { border: 1px solid #b00020; border-radius: var(--booking-radius, 8px); padding: .75rem; margin: .5rem 0 1rem; }
`;

/** The hosted pages' own few rules (adopted by the document: the pages allow no inline style). */
export const PAGE_CSS = `
body { font-family: system-ui, sans-serif; margin: 0; background: #f6f6f6; color: #1a1a1a; }
main { max-width: 44rem; margin: 0 auto; padding: 1.5rem 1rem; }
h1 { font-size: 1.5rem; }
img.logo { display: block; max-height: 4rem; max-width: 16rem; height: auto; }
`;
