// Saha Servisleri (issue 12): staff keep each pitch's paid add-ons. The public pitch answer lists the active ones
// (services/facilities.ts toWire); a booking will take them at the price the server sets.
import { type AddonInput, type AddonWire, addonMsg } from '../../../contracts/addons';
import { msg } from '../../../contracts/messages';
import { foldSearch } from '../../../contracts/search';
import { type AddonValues, addonsOfFacility, deleteAddon, insertAddon, reorderAddons, updateAddon } from '../db/addons';
import type { Db } from '../db/client';
import { badRequest, conflict, notFound } from '../lib/errors';
import { toKurus } from '../lib/money';
import { addonToWire, findFacilityRow } from './facilities';
import { facilityStub } from './facility-ref';

/** The pitch's object keeps the pitch (add-ons included) for up to 30 s: after a change its next booking reads it fresh. */
const refresh = (env: Env, facilityId: number) => facilityStub(env, facilityId).forget();

async function pitchId(db: Db, ref: string): Promise<number> {
  const f = await findFacilityRow(db, ref);
  if (!f) throw notFound(msg.facilityNotFound);
  return f.id;
}

const values = (input: AddonInput): AddonValues => ({
  name: input.name,
  nameKey: foldSearch(input.name.replace(/\s+/g, ' ')),
  description: input.description,
  price: toKurus(input.price),
  unit: input.unit,
  isActive: input.isActive,
  stockPerSlot: input.stockPerSlot,
});

/** The same name twice on one pitch (Turkish case and spacing aside) would be two lines a visitor cannot tell apart. */
async function unlessDuplicate<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    const text = `${String((e as Error)?.message)} ${String((e as { cause?: Error })?.cause?.message)}`;
    if (text.includes('UNIQUE constraint failed') && text.includes('facility_addons'))
      throw conflict(addonMsg.duplicate, { errors: [{ path: ['name'], message: addonMsg.duplicate }] });
    throw e;
  }
}

export async function listAddons(db: Db, ref: string): Promise<AddonWire[]> {
  return (await addonsOfFacility(db, await pitchId(db, ref))).map(addonToWire);
}

export async function createAddon(env: Env, db: Db, ref: string, input: AddonInput): Promise<AddonWire> {
  const facilityId = await pitchId(db, ref);
  const row = await unlessDuplicate(() => insertAddon(db, facilityId, values(input), Date.now()));
  if (!row) throw badRequest(addonMsg.tooMany);
  await refresh(env, facilityId);
  return addonToWire(row);
}

export async function changeAddon(env: Env, db: Db, ref: string, id: number, input: AddonInput): Promise<AddonWire> {
  const facilityId = await pitchId(db, ref);
  const row = await unlessDuplicate(() => updateAddon(db, facilityId, id, values(input), Date.now()));
  if (!row) throw notFound(addonMsg.notFound);
  await refresh(env, facilityId);
  return addonToWire(row);
}

export async function removeAddon(env: Env, db: Db, ref: string, id: number): Promise<{ id: number }> {
  const facilityId = await pitchId(db, ref);
  if (!(await deleteAddon(db, facilityId, id))) throw notFound(addonMsg.notFound);
  await refresh(env, facilityId);
  return { id };
}

export async function orderAddons(db: Db, ref: string, ids: number[]): Promise<AddonWire[]> {
  const facilityId = await pitchId(db, ref);
  await reorderAddons(db, facilityId, ids, Date.now());
  return (await addonsOfFacility(db, facilityId)).map(addonToWire);
}
