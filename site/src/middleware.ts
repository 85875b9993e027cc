// Astro's one middleware: the /yonetim guard (site/src/lib/panel-page.ts).
import { defineMiddleware } from 'astro:middleware';
import { guardPanel } from './lib/panel-page';

export const onRequest = defineMiddleware(guardPanel);
