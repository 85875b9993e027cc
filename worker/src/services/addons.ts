// Saha Servisleri: staff keep each pitch's paid add-ons. The public pitch answer lists the active ones
// (services/facilities.ts toWire); a booking will take them at the price the server sets.
import { type AddonInput, type AddonWire, addonMsg } from '../../../contracts/addons';
import type { PublicUser } from '../../../contracts/auth';
import { msg } from '../../../contracts/messages';
import { foldSearch } from '../../../contracts/search';
import {
  type AddonValues,
  addonById,
  addonsOfFacility,
  deleteAddon,
  insertAddon,
  reorderAddons,
  updateAddon,
} from '../db/addons';
import { recordAudit } from '../db/audit';
import type { Db } from '../db/client';
import type { AuditDetails } from '../db/schema';
import { isUniqueRefusal } from '../db/unique';
import { badRequest, conflict, notFound } from '../lib/errors';
import { toKurus } from '../lib/money';
import { addonToWire, findFacilityRow } from './facilities';
import { facilityStub } from './facility-ref';

/** The pitch's object keeps the pitch (add-ons included) for up to 30 s: after a change its next booking reads it fresh. */
const refresh = (env: Env, facilityId: number) => facilityStub(env, facilityId).forget();

async function facilityOf(db: Db, ref: string): Promise<{ id: number; name: string }> {
  const f = await findFacilityRow(db, ref);
  if (!f) throw notFound(msg.facilityNotFound);
  return f;
}

/** The audit row of an add-on change, written only when the change itself wrote a row. */
const auditOf = (
  db: Db,
  actor: PublicUser,
  facility: { id: number; name: string },
  action: 'create' | 'update' | 'delete',
  name: string,
  details: AuditDetails,
) =>
  recordAudit(
    db,
    {
      at: Date.now(),
      actor,
      entityId: String(facility.id),
      event: {
        kind: `service.${action}`,
        label: `${facility.name}: ${name}`,
        facts: { name, facilityName: facility.name, ...details },
      },
    },
    { whenChanged: true },
  );

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
    if (isUniqueRefusal(e, 'facility_addons'))
      throw conflict(addonMsg.duplicate, { errors: [{ path: ['name'], message: addonMsg.duplicate }] });
    throw e;
  }
}

export async function listAddons(db: Db, ref: string): Promise<AddonWire[]> {
  return (await addonsOfFacility(db, (await facilityOf(db, ref)).id)).map(addonToWire);
}

export async function createAddon(env: Env, db: Db, ref: string, input: AddonInput, actor: PublicUser) {
  const facility = await facilityOf(db, ref);
  const audit = auditOf(db, actor, facility, 'create', input.name, { after: input });
  const row = await unlessDuplicate(() => insertAddon(db, facility.id, values(input), Date.now(), audit));
  if (!row) throw badRequest(addonMsg.tooMany);
  await refresh(env, facility.id);
  return addonToWire(row);
}

export async function changeAddon(env: Env, db: Db, ref: string, id: number, input: AddonInput, actor: PublicUser) {
  const facility = await facilityOf(db, ref);
  const before = await addonById(db, facility.id, id);
  const audit = auditOf(db, actor, facility, 'update', input.name, {
    before: before ? addonToWire(before) : null,
    after: input,
  });
  const row = await unlessDuplicate(() => updateAddon(db, facility.id, id, values(input), Date.now(), audit));
  if (!row) throw notFound(addonMsg.notFound);
  await refresh(env, facility.id);
  return addonToWire(row);
}

export async function removeAddon(env: Env, db: Db, ref: string, id: number, actor: PublicUser) {
  const facility = await facilityOf(db, ref);
  const before = await addonById(db, facility.id, id);
  if (!before) throw notFound(addonMsg.notFound);
  const audit = auditOf(db, actor, facility, 'delete', before.name, { before: addonToWire(before) });
  if (!(await deleteAddon(db, facility.id, id, audit))) throw notFound(addonMsg.notFound);
  await refresh(env, facility.id);
  return { id };
}

export async function orderAddons(db: Db, ref: string, ids: number[]): Promise<AddonWire[]> {
  const facilityId = (await facilityOf(db, ref)).id;
  await reorderAddons(db, facilityId, ids, Date.now());
  return (await addonsOfFacility(db, facilityId)).map(addonToWire);
}
