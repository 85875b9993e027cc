// The KVKK 'Aydınlatma Metni': what is kept, why, on which basis, for how long, the rights of m.11 and
// how to ask for deletion, with the data controller and its contacts from site settings; linked from every public
// page's footer and from the tracking page's phone field.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, origin } from './support/browser';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

describe('Aydınlatma Metni', () => {
  it('is a server-rendered page naming the controller, the data, the purposes, the legal bases, the periods, the rights and the contacts', async () => {
    const settings = (
      (await (await fetch(`${origin()}/api/site-settings`)).json()) as {
        data: { siteName: string; contactPhones: string[]; contactEmail: string; address: string };
      }
    ).data;
    const res = await fetch(`${origin()}/aydinlatma-metni`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#39;|&#x27;/g, "'")
      .replace(/\s+/g, ' ');
    expect(html).toMatch(/<h1[^>]*>Aydınlatma Metni<\/h1>/);
    expect(html).toContain('<title>Aydınlatma Metni | Bursa Halı Saha</title>');
    for (const needle of [
      `Veri sorumlusu ${settings.siteName}`,
      'adınız soyadınız',
      'cep telefonu numaranız',
      'e-posta adresiniz',
      'notlar',
      'IP adresinize',
      'kaporayı rezervasyonunuzla eşleştirmek',
      'kötüye kullanımın önlenmesi',
      'KVKK m.5/2-c',
      'KVKK m.5/2-f',
      '10 yıl',
      'Silinmiş müşteri',
      '10 dakikalık',
      'KVKK m.11',
      '30 gün',
      // What push, ratings, the match link and the device keep (behaviour.md#notifications, #public-site).
      'tarayıcınızın bildirim servisinin verdiği adres ve şifreleme anahtarları',
      'Bildirimlerde adınız, telefon numaranız ve rezervasyon numaranız yer almaz',
      'verdiğiniz puan (1–5) ve yazdığınız yorum',
      'Silme talebinizde yorumunuz silinir',
      'KVKK m.5/1 (açık rıza)',
      'bu bağlantıyla hiçbir şey iptal edilemez',
      'sunucuya ayrıca gönderilmez; silmeniz sunucudaki hiçbir kaydı etkilemez',
    ])
      expect(text, needle).toContain(needle);
    for (const phone of settings.contactPhones) expect(html).toContain(`href="tel:${phone.replace(/[^\d+]/g, '')}"`);
    expect(html).toContain(`href="mailto:${settings.contactEmail}"`);
    // The push button and the rating form link straight to their paragraphs.
    expect(html).toMatch(/<li id="bildirimler">/);
    expect(html).toMatch(/<li id="degerlendirmeler">/);
    expect(text).not.toContain('yalnızca tema tercihiniz');
  });

  it('every public page links it from the footer; the tracking phone field says why the number is processed', async () => {
    const { page, context } = await newPage(browser);
    for (const path of ['/', '/sahalar', '/iletisim', '/rezervasyon-takip', '/giris']) {
      await page.goto(path);
      await expect(
        page
          .locator('footer')
          .getByRole('link', { name: /Aydınlatma Metni/ })
          .getAttribute('href'),
      ).resolves.toBe('/aydinlatma-metni');
    }
    await page.goto('/rezervasyon-takip');
    await page.waitForSelector('astro-island:not([ssr])', { state: 'attached' });
    await page.getByRole('tab', { name: 'Abone Takibi' }).click();
    const note = page.locator('[data-privacy-note]');
    await expect(note.textContent()).resolves.toMatch(
      /^Telefon numaranız rezervasyonunuzu yönetmek için işlenir —\s*Aydınlatma Metni$/,
    );
    await note.getByRole('link', { name: 'Aydınlatma Metni' }).click();
    await page.waitForURL('**/aydinlatma-metni');
    await context.close();
  });
});
