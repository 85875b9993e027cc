/**
 * Runs `load` once for each element matching `selector` when it comes within `margin` of the viewport: for embeds
 * whose cost (a third-party page in a frame) should not land on a page's start-up.
 */
export function loadWhenNear(selector: string, load: (el: Element) => void, margin = '600px') {
  const els = document.querySelectorAll(selector);
  if (els.length === 0) return;
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        io.unobserve(e.target);
        load(e.target);
      }
    },
    { rootMargin: margin },
  );
  for (const el of els) io.observe(el);
}
