// Server-side reads for pages; they live in the server entry (site/src/server), the site's one door into the worker.
export { activeFacilities, bookingRules, facilityCount, priceRanges, siteSettings } from '../server';
