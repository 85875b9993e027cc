/// <reference types="astro/client" />
declare namespace App {
  interface Locals {
    /** Set by the /yonetim guard (site/src/middleware.ts) on every panel screen. */
    staff?: import('../../contracts/auth').PublicUser;
    /** Read once per public page by the maintenance middleware (site/src/lib/maintenance.ts); `site(Astro.locals)`. */
    siteSettings?: import('../../contracts/wire/content').SiteSettingsWire;
  }
}
