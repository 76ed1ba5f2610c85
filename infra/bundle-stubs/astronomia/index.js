// Stands in for astronomia (equinox and Julian calendars, left out of the bundles: infra/bundling.ts).
// date-holidays-parser builds an Earth model when its Equinox module loads, hence a Planet class.
const unbundled = () => {
  throw new Error('astronomia is not bundled: see shared/core/data-files.ts');
};
module.exports = {
  julian: { Calendar: unbundled, CalendarJulian: unbundled },
  solstice: { march2: unbundled, june2: unbundled, september2: unbundled, december2: unbundled },
  planetposition: { Planet: class Planet {} },
};
