/** A tiny DOM helper: an element with attributes (false/undefined left out), listeners and children. */
type Child = Node | string | null | undefined | false;
type Attrs = Record<string, string | number | boolean | undefined | null | ((event: Event) => void)>;

export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return element;
}

/** The widget's styles, adopted by its shadow root (no inline style: the pages' CSP allows none). */
export function adoptStyles(root: ShadowRoot | Document, css: string): void {
  if (
    'adoptedStyleSheets' in root &&
    typeof CSSStyleSheet === 'function' &&
    'replaceSync' in CSSStyleSheet.prototype
  ) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = css;
  if (root instanceof ShadowRoot) root.append(style);
  else root.head.append(style);
}

let counter = 0;
/** An id unique within the page, for label and aria links. */
export const uid = (prefix: string): string => `${prefix}-${++counter}`;
