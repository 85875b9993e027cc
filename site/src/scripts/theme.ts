// The theme toggle shared by the public header and the panel shell: the choice is stored under 'theme' (behaviour.md#constants-and-limits); the
// inline script in each layout's <head> applies it before the first paint.
export function applyTheme(dark: boolean) {
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  // An icon button is named by its label; one with visible text ([data-theme-text]) by that text, which CSS switches.
  for (const b of document.querySelectorAll<HTMLElement>('[data-theme-toggle]:not([data-theme-text])'))
    b.setAttribute('aria-label', dark ? 'Açık temaya geç' : 'Koyu temaya geç');
}

/** Wires every [data-theme-toggle] button; islands that draw theme-dependent things listen for 'themechange'. */
export function wireThemeToggles() {
  applyTheme(document.documentElement.classList.contains('dark'));
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]')) {
    button.addEventListener('click', () => {
      const dark = !document.documentElement.classList.contains('dark');
      localStorage.setItem('theme', dark ? 'dark' : 'light');
      applyTheme(dark);
      document.dispatchEvent(new CustomEvent('themechange', { detail: { dark } }));
    });
  }
}
