// Astro's one middleware: the /yonetim guard (site/src/lib/panel-page.ts), then the maintenance status of public pages
// (site/src/lib/maintenance.ts), which also reads the site settings once for the page.
import { defineMiddleware, sequence } from 'astro:middleware';
import { maintenanceStatus } from './lib/maintenance';
import { guardPanel } from './lib/panel-page';

export const onRequest = sequence(defineMiddleware(guardPanel), defineMiddleware(maintenanceStatus));
