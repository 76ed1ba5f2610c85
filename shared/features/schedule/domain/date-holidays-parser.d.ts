// date-holidays-parser ships its types but its package.json "exports" does not point at them.
/// <reference path="../../../../node_modules/date-holidays-parser/types/index.d.ts" />
