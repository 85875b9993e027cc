// What staff send on the Fiyatlandırma screen and what they get back. Money on the wire is TL like every
// other amount (behaviour.md#time-money-and-identity); a percentage rule's amount is a whole percent. The panel validates with these schemas before it
// sends; the server validates again and is the authority.
import { z } from 'zod';
import { hhmm, isoDate, numeric, optionalText } from './common';
import { WEEK_DAYS } from './facility-form';
import './messages';
import {
  PRICE_FIXED_MAX,
  PRICE_PERCENT_MAX,
  PRICE_PERCENT_MIN,
  PRICE_RULE_NAME_MAX,
  PRICE_RULES_MAX,
  type PriceAdjustment,
} from './pricing';
import type { WeekDay, WorkingHoursWire } from './wire/facility';

export const pricingMsg = {
  nameRequired: 'Kural adı gereklidir',
  nameTooLong: `Kural adı en fazla ${PRICE_RULE_NAME_MAX} karakter olabilir`,
  daysRequired: 'En az bir gün seçin',
  dayInvalid: 'Geçersiz gün',
  timesTogether: 'Başlangıç ve bitiş saatini birlikte girin ya da ikisini de boş bırakın',
  timesEqual: 'Başlangıç ve bitiş saati aynı olamaz',
  datesReversed: 'Bitiş tarihi başlangıç tarihinden önce olamaz',
  adjustmentInvalid: 'Fiyat türü sabit fiyat ya da yüzde olmalıdır',
  fixedPositive: "Sabit fiyat 0'dan büyük olmalıdır",
  fixedTooHigh: 'Sabit fiyat en fazla 100.000 ₺ olabilir',
  percentRange: `Yüzde ${PRICE_PERCENT_MIN} ile +${PRICE_PERCENT_MAX} arasında, sıfırdan farklı bir tam sayı olmalıdır`,
  priority: 'Öncelik 0 ile 100 arasında bir tam sayı olmalıdır',
  tooMany: `Bir saha için en fazla ${PRICE_RULES_MAX} fiyat kuralı tanımlanabilir`,
  saved: 'Fiyat kuralları kaydedildi',
  repriceRange: 'Fiyatlar bugünden itibaren en fazla 3 ay ileriye kadar uygulanabilir',
} as const;

const day = z.enum(WEEK_DAYS as [WeekDay, ...WeekDay[]], { error: pricingMsg.dayInvalid });
const optionalTime = hhmm.nullish().transform((v) => v ?? null);
const optionalDate = isoDate.nullish().transform((v) => v ?? null);

export const priceRuleInput = z
  .object({
    name: z
      .string({ error: pricingMsg.nameRequired })
      .trim()
      .min(1, pricingMsg.nameRequired)
      .max(PRICE_RULE_NAME_MAX, pricingMsg.nameTooLong),
    isActive: z.boolean().optional().default(true),
    days: z
      .array(day, { error: pricingMsg.daysRequired })
      .min(1, pricingMsg.daysRequired)
      .transform((ds) => WEEK_DAYS.filter((d) => ds.includes(d))),
    dateFrom: optionalDate,
    dateTo: optionalDate,
    startTime: optionalTime,
    endTime: optionalTime,
    adjustment: z.enum(['fixed', 'percent'], { error: pricingMsg.adjustmentInvalid }),
    amount: numeric(z.number({ error: pricingMsg.fixedPositive })),
    priority: numeric(
      z
        .number({ error: pricingMsg.priority })
        .int(pricingMsg.priority)
        .min(0, pricingMsg.priority)
        .max(100, pricingMsg.priority)
        .optional()
        .default(0),
    ),
    note: optionalText(200),
  })
  .superRefine((r, ctx) => {
    if ((r.startTime === null) !== (r.endTime === null))
      ctx.addIssue({
        code: 'custom',
        path: [r.startTime === null ? 'startTime' : 'endTime'],
        message: pricingMsg.timesTogether,
      });
    else if (r.startTime !== null && r.startTime === r.endTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: pricingMsg.timesEqual });
    if (r.dateFrom !== null && r.dateTo !== null && r.dateTo < r.dateFrom)
      ctx.addIssue({ code: 'custom', path: ['dateTo'], message: pricingMsg.datesReversed });
    if (r.adjustment === 'fixed') {
      if (!(r.amount > 0)) ctx.addIssue({ code: 'custom', path: ['amount'], message: pricingMsg.fixedPositive });
      else if (r.amount * 100 > PRICE_FIXED_MAX)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: pricingMsg.fixedTooHigh });
    } else if (
      !Number.isInteger(r.amount) ||
      r.amount === 0 ||
      r.amount < PRICE_PERCENT_MIN ||
      r.amount > PRICE_PERCENT_MAX
    ) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: pricingMsg.percentRange });
    }
  });

export type PriceRuleInput = z.infer<typeof priceRuleInput>;
export type PriceRuleFormValues = z.input<typeof priceRuleInput>;

export const priceRulesInput = z.object({
  rules: z.array(priceRuleInput, { error: pricingMsg.tooMany }).max(PRICE_RULES_MAX, pricingMsg.tooMany),
});

export const repriceInput = z
  .object({ startDate: isoDate, endDate: isoDate })
  .refine((r) => r.startDate <= r.endDate, { path: ['startDate'], message: pricingMsg.datesReversed });

/** One rule as the panel reads it: `amount` in TL for a fixed price, a whole percent otherwise. */
export interface PriceRuleWire {
  id: number;
  name: string;
  isActive: boolean;
  days: WeekDay[];
  dateFrom: string | null;
  dateTo: string | null;
  startTime: string | null;
  endTime: string | null;
  adjustment: PriceAdjustment;
  amount: number;
  priority: number;
  note: string | null;
}

/** GET/PUT /api/facilities/:ref/price-rules: the pitch's pricing inputs and its rules, in the order that breaks ties. */
export interface PriceRulesWire {
  facility: {
    id: number;
    documentId: string;
    name: string;
    /** TL, the price of an hour no rule matches. */
    hourlyPrice: number;
    workingHours: WorkingHoursWire;
    bookingTimeType: 'hourly' | 'half-hourly';
    startTimeOffset: 'full_hour' | 'half_hour';
  };
  rules: PriceRuleWire[];
}

/** POST /api/facilities/:ref/price-rules/apply: free slots still ahead re-priced; booked and past ones never touched. */
export interface RepriceResultWire {
  facilityName: string;
  repriced: number;
  unchanged: number;
  skippedBooked: number;
  message: string;
}
