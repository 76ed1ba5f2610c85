// Stands in, in the function bundles, for a library that only the calendars left out of the bundles use
// (infra/bundling.ts): the generated holiday data holds no country that needs it, so this never runs.
const unbundled = () => {
  throw new Error('this calendar is not bundled: see shared/core/data-files.ts');
};
module.exports = unbundled;
module.exports.default = unbundled;
module.exports.tz = unbundled;
