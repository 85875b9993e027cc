// Stored JSON-LD keeps the site's own addresses as paths; the page makes them absolute under the one origin.
import { describe, expect, it } from 'vitest';
import { withOrigin } from '../../site/src/lib/json-ld';

describe('withOrigin', () => {
  it('resolves every root-relative string, however deep, and leaves the rest alone', () => {
    const stored = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', '@id': '/#website', url: '/', name: 'Bursa Halı Saha' },
        {
          '@type': 'SportsActivityLocation',
          url: '/saha/nilufer',
          sameAs: ['https://instagram.com/x', '//cdn.example/x'],
          geo: { latitude: 40.2 },
        },
      ],
    };
    expect(withOrigin(stored, 'https://halisaha.example')).toEqual({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'WebSite',
          '@id': 'https://halisaha.example/#website',
          url: 'https://halisaha.example/',
          name: 'Bursa Halı Saha',
        },
        {
          '@type': 'SportsActivityLocation',
          url: 'https://halisaha.example/saha/nilufer',
          sameAs: ['https://instagram.com/x', '//cdn.example/x'],
          geo: { latitude: 40.2 },
        },
      ],
    });
  });
});
