// A pitch's map, shared by the pitch page, the match page and the calendar entries.

/**
 * behaviour.md#content-staff-enter: only a Google Maps URL is stored, never HTML. The page links to it, and embeds either the stored embed URL or
 * an embed URL built from the stored link's query or coordinates.
 */
export function pitchMap(stored: string | null, lat: number | null, lng: number | null, address: string | null) {
  let url: URL | null = null;
  try {
    url = stored ? new URL(stored) : null;
  } catch {
    url = null;
  }
  const google =
    url !== null && url.protocol === 'https:' && /(^|\.)google\.[a-z.]+$|^(maps\.app\.)?goo\.gl$/.test(url.hostname);
  const coords = lat !== null && lng !== null ? `${lat},${lng}` : null;
  const isEmbed = google && url!.pathname.startsWith('/maps/embed');
  const fromUrl = google
    ? (url!.searchParams.get('query') ??
      url!.searchParams.get('q') ??
      url!.pathname
        .match(/@(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/)
        ?.slice(1, 3)
        .join(',') ??
      null)
    : null;
  const query = fromUrl ?? coords;
  const search = (q: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(q)}`;
  return {
    link: google && !isEmbed ? url!.href : query ? search(query) : address ? search(address) : null,
    embed: isEmbed
      ? url!.href
      : google && query
        ? `https://maps.google.com/maps?q=${encodeURIComponent(query)}&z=15&output=embed`
        : null,
  };
}
