// Verified ratings (docs/behaviour.md#ratings): the rules the server applies and every text the pages show about them.
// No zod here: the public pages and the tracking chunk import these without shipping a schema library (the request
// schemas are contracts/rating-input.ts).

/** A pitch's average and count are shown (cards, pitch page, JSON-LD) only from this many ratings on. */
export const RATINGS_SHOWN_FROM = 3;
/** A played booking may be rated until this many days after the match's real end. */
export const RATING_WINDOW_DAYS = 30;
export const RATING_COMMENT_MAX = 500;
export const SCORES = [1, 2, 3, 4, 5] as const;
/** How many of the latest visible comments the pitch page lists. */
export const PUBLIC_COMMENTS = 5;
export const STAFF_RATINGS_PAGE_SIZE = 20;

export const ratingMsg = {
  scoreRequired: 'Lütfen 1 ile 5 arasında bir puan seçin',
  commentTooLong: `Yorum en fazla ${RATING_COMMENT_MAX} karakter olabilir`,
  alreadyRated: 'Bu rezervasyon zaten değerlendirildi. Her rezervasyon yalnızca bir kez değerlendirilebilir.',
  notApproved: 'Yalnızca onaylanmış ve oynanmış rezervasyonlar değerlendirilebilir',
  notPlayedYet: 'Değerlendirme maç bittikten sonra yapılabilir',
  noShow: "Bu rezervasyon sahada 'Gelmedi' olarak işaretlendi; değerlendirilemez",
  windowClosed: `Değerlendirme süresi doldu: maçtan sonra ${RATING_WINDOW_DAYS} gün içinde yapılabilir`,
  ratingNotFound: 'Değerlendirme bulunamadı',
  facilityRequired: 'Bir saha seçin',
} as const;

/** A pitch's ratings as anyone may read them: only when there are at least RATINGS_SHOWN_FROM. */
export interface RatingSummaryWire {
  /** The mean score rounded to one decimal (4.6). */
  average: number;
  count: number;
}

/** What tracking shows the number's holder: the form while rating is open, the rating once given; null otherwise. */
export type BookingRatingWire =
  | { state: 'open' /** The last moment to rate (ISO). */; until: string }
  | {
      state: 'given';
      score: number;
      /** Null when none was written or it was erased (KVKK). */
      comment: string | null;
      /** Staff hid the comment: the pitch page does not show it. */
      commentHidden: boolean;
      createdAt: string;
    };

/** One comment on the pitch page: nothing about who wrote it. */
export interface PublicRatingCommentWire {
  score: number;
  comment: string;
  /** The Istanbul calendar day it was written (YYYY-MM-DD). */
  date: string;
}

/** One rating in the panel. */
export interface StaffRatingWire {
  id: number;
  score: number;
  comment: string | null;
  hidden: boolean;
  hiddenAt: string | null;
  hiddenBy: string | null;
  createdAt: string;
  bookingNumber: string;
  /** The match: business date, start time and real start (ISO). */
  date: string;
  startTime: string;
  startsAt: string;
}

/** The mean of `sum` over `count` ratings, one decimal; null under RATINGS_SHOWN_FROM ratings. */
export function ratingSummary(count: number, sum: number): RatingSummaryWire | null {
  if (count < RATINGS_SHOWN_FROM) return null;
  return { average: Math.round((sum / count) * 10) / 10, count };
}

/** '4,6': one decimal with the Turkish comma. */
export const averageText = (average: number) => average.toFixed(1).replace('.', ',');
/** '12 değerlendirme'. */
export const ratingCountText = (count: number) => `${count.toLocaleString('tr-TR')} değerlendirme`;
/** What a screen reader says for a card's rating. */
export const ratingSpoken = (s: RatingSummaryWire) =>
  `5 üzerinden ${averageText(s.average)} puan, ${ratingCountText(s.count)}`;
/** '★★★★☆' for a score 1–5. */
export const starsText = (score: number) => '★'.repeat(score) + '☆'.repeat(5 - score);
export const SCORE_LABELS: Record<number, string> = {
  1: 'Çok kötü',
  2: 'Kötü',
  3: 'Orta',
  4: 'İyi',
  5: 'Çok iyi',
};
