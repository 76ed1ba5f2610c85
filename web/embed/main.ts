/** embed.js: defines <booking-widget> and <booking-manage>; the API is the origin this script came from. */
import { scriptOrigin } from './api';
import { adoptStyles } from './dom';
import { ManagePage } from './manage';
import { PAGE_CSS } from './styles';
import { BookingWidget } from './widget';

const origin = scriptOrigin();
BookingWidget.apiBase = origin;
ManagePage.apiBase = origin;
if (!customElements.get('booking-widget')) customElements.define('booking-widget', BookingWidget);
if (!customElements.get('booking-manage')) customElements.define('booking-manage', ManagePage);
// The API's own pages (/book, /manage) get their few rules from here: they allow no inline style.
if (location.origin === origin && document.querySelector('meta[name="booking-page"]'))
  adoptStyles(document, PAGE_CSS);
