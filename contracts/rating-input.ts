// What the rating routes accept (docs/behaviour.md#ratings). Kept apart from contracts/ratings.ts so the public
// pages never load zod for a rating's texts.
import { z } from 'zod';
import { numeric } from './common';
import { RATING_COMMENT_MAX, ratingMsg } from './ratings';
import './messages';

export const rateSchema = z.object({
  score: z
    .number({ error: ratingMsg.scoreRequired })
    .int(ratingMsg.scoreRequired)
    .min(1, ratingMsg.scoreRequired)
    .max(5, ratingMsg.scoreRequired),
  /** Optional; blank is none. Line breaks are kept. */
  comment: z
    .string()
    .trim()
    .max(RATING_COMMENT_MAX, ratingMsg.commentTooLong)
    .nullish()
    .transform((c) => (c ? c : null)),
});
export type RateInput = z.infer<typeof rateSchema>;

export const ratingVisibilitySchema = z.object({ hidden: z.boolean() });

export const staffRatingsQuery = z.object({
  facility: z.string({ error: ratingMsg.facilityRequired }).trim().min(1, ratingMsg.facilityRequired).max(120),
  page: numeric(z.number().int().min(1).max(10_000).default(1)),
});
