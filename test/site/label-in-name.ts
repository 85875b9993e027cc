/**
 * axe's label-content-name-mismatch (WCAG 2.5.3 Label in Name), as a check that runs without layout:
 * the element's visible text (its text nodes joined as they stand, as axe joins them) split into
 * words must appear as one run inside its accessible name. Returns the elements that break it.
 */
export function labelInNameBreaches(elements: Iterable<Element>): string[] {
  const words = (text: string) =>
    text
      .toLocaleLowerCase('tr-TR')
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .join(' ');
  const breaches: string[] = [];
  for (const el of elements) {
    const seen = words(el.textContent ?? '');
    const name = el.getAttribute('aria-label');
    if (name === null || seen === '') continue;
    if (!` ${words(name)} `.includes(` ${seen} `)) breaches.push(`"${el.textContent}" is not in "${name}"`);
  }
  return breaches;
}
