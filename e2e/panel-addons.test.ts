// Saha Servisleri in real Chromium against the built Worker: a manager adds the 'Maç videosu' preset to a
// pitch of its own (a clone of a demo pitch with a 120-character unbroken name), and the public pitch answer and page
// list it at once (the edge cache is versioned by the add-on triggers); switched off, it leaves the public answer. The
// screen passes axe and widens nothing at 360 px in both themes with a 60-character unbroken add-on name.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from './support/axe';
import { launch, newPage, origin, overflow, settle } from './support/browser';
import { createLongFacility, LONG, removeLongData, unbroken } from './support/long-data';
import { queryDb, signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
let facility: { id: number; documentId: string };

beforeAll(async () => {
  ({ browser, close } = await launch());
  facility = createLongFacility();
});
afterAll(async () => {
  removeLongData();
  await close();
  expect(queryDb('select id from facility_addons where facility_id = ?', facility.id)).toEqual([]);
});

const publicAddons = async () =>
  (
    (await (await fetch(`${origin()}/api/facilities/${LONG.slug}`)).json()) as {
      data: { addons: Array<{ name: string; price: number }> };
    }
  ).data.addons;

describe('Saha Servisleri', () => {
  it('a manager adds the match-video preset; visitors see it at once, and not once it is switched off', async () => {
    expect(await publicAddons()).toEqual([]);
    const { page, context } = await newPage(browser);
    await signIn(context, 'manager');
    await page.goto(`/yonetim/saha-servisleri?saha=${facility.id}`);
    await settle(page);
    await page.locator('[data-no-addons]').waitFor();
    await page.getByRole('button', { name: '+ Maç videosu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hizmet ekle' });
    await dialog.getByRole('textbox', { name: /Ücret/ }).fill('275');
    await dialog.getByRole('button', { name: 'Hizmeti ekle' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-addon-row="Maç videosu"]').waitFor();
    expect(queryDb('select name, price, unit from facility_addons where facility_id = ?', facility.id)).toEqual([
      { name: 'Maç videosu', price: 27_500, unit: 'booking' },
    ]);
    expect((await publicAddons()).map((a) => [a.name, a.price])).toEqual([['Maç videosu', 275]]);
    // The public pitch page lists it among the pitch's services.
    await page.goto(`/saha/${LONG.slug}`);
    await expect(page.getByText('Maç videosu').first().isVisible()).resolves.toBe(true);

    await page.goto(`/yonetim/saha-servisleri?saha=${facility.id}`);
    await settle(page);
    await page.locator('[data-addon-row="Maç videosu"]').getByText('Sunuluyor').click();
    await page.getByText('Maç videosu artık sunulmuyor').first().waitFor();
    expect(await publicAddons()).toEqual([]);
    await context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`passes axe and widens nothing at 360 px with long names, ${theme} theme`, async () => {
      const { page, context } = await newPage(browser, { theme, width: 360 });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signIn(context, 'manager');
      await page.goto(`/yonetim/saha-servisleri?saha=${facility.id}`);
      await settle(page);
      await page.locator('[data-addons]').waitFor();
      expect(await overflow(page)).toBe(0);
      expect(await axe(page)).toEqual([]);
      await page.getByRole('button', { name: 'Hizmet ekle', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Hizmet ekle' });
      const name = unbroken(60, `Hizmet${theme}`);
      await dialog.getByRole('textbox', { name: /Hizmet adı/ }).fill(name);
      await dialog.getByRole('textbox', { name: /Ücret/ }).fill('50');
      await dialog.getByRole('textbox', { name: /Açıklama/ }).fill(unbroken(200, 'AçıklamaMetni'));
      expect(await axe(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Hizmeti ekle' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.locator(`[data-addon-row="${name}"]`).waitFor();
      expect(await overflow(page)).toBe(0);
      expect(await axe(page)).toEqual([]);
      await context.close();
    });
  }
});
