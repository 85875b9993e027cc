import { z } from 'zod';
import { isoDate, numeric } from './common';

// rating: the average players gave (docs/behaviour.md#ratings); pitches under 3 ratings come after the rated ones.
const SORTABLE = ['name', 'hourlyPrice', 'priority', 'createdAt', 'rating'] as const;
export type FacilitySortField = (typeof SORTABLE)[number];

const sortItem = z
  .string()
  .trim()
  .regex(
    new RegExp(`^(${SORTABLE.join('|')})(:(asc|desc))?$`),
    `Sıralama alanı şunlardan biri olmalı: ${SORTABLE.join(', ')}`,
  );

const positiveInt = (max: number) => numeric(z.number().int().min(1).max(max));
const money = numeric(z.number().min(0));

/** Strapi-style list parameters the original client sends (api.md). populate is accepted; everything is always populated. */
export const facilityListQuery = z
  .object({
    'pagination[page]': positiveInt(10_000).default(1),
    'pagination[pageSize]': positiveInt(100).default(100),
    sort: z
      .string()
      .optional()
      .transform((s) => (s ? s.split(',') : []))
      .pipe(z.array(sortItem)),
    'filters[name][$containsi]': z.string().trim().max(100).optional(),
    'filters[address][$containsi]': z.string().trim().max(200).optional(),
    'filters[slug][$eq]': z.string().trim().max(120).optional(),
    'filters[isActive][$eq]': z.enum(['true', 'false']).optional(),
    'filters[hourlyPrice][$gte]': money.optional(),
    'filters[hourlyPrice][$lte]': money.optional(),
    'filters[hourlyPrice][$lt]': money.optional(),
    'filters[hourlyPrice][$gt]': money.optional(),
    search: z.string().trim().max(100).optional(),
  })
  .catchall(z.string())
  .superRefine((q, ctx) => {
    for (const key of Object.keys(q)) {
      if (key.startsWith('filters[') && !(key in facilityListQuery_known)) {
        ctx.addIssue({ code: 'custom', path: [key], message: `Desteklenmeyen filtre: ${key}` });
      }
    }
  });

const facilityListQuery_known: Record<string, true> = {
  'filters[name][$containsi]': true,
  'filters[address][$containsi]': true,
  'filters[slug][$eq]': true,
  'filters[isActive][$eq]': true,
  'filters[hourlyPrice][$gte]': true,
  'filters[hourlyPrice][$lte]': true,
  'filters[hourlyPrice][$lt]': true,
  'filters[hourlyPrice][$gt]': true,
};
export type FacilityListQuery = z.infer<typeof facilityListQuery>;

export const slotsQuery = z
  .object({
    date: isoDate.optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    /** '1': read D1 now, past the one-second memory of answers (worker/src/lib/availability-memo.ts). */
    fresh: z.literal('1').optional(),
  })
  .refine((q) => q.date || (q.from && q.to), {
    message: 'date ya da from ve to parametreleri gerekli',
    path: ['date'],
  });

export const generateSlotsSchema = z.object({
  startDate: isoDate,
  endDate: isoDate,
  overwrite: z.boolean().optional().default(false),
});
