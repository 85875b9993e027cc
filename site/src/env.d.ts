/// <reference types="astro/client" />
declare namespace App {
  interface Locals {
    /** Set by the /yonetim guard (site/src/middleware.ts) on every panel screen. */
    staff?: import('../../contracts/auth').PublicUser;
  }
}
