import { type FormEvent, useId, useState } from 'react';
import { istanbulToday } from '../../../../contracts/dates';
import {
  type BookingRatingWire,
  RATING_COMMENT_MAX,
  ratingMsg,
  SCORE_LABELS,
  SCORES,
  starsText,
} from '../../../../contracts/ratings';
import { client, unwrap } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { trDate } from '../../lib/format';
import { fieldDescription, fieldLabel, input } from '../ui/field';
import { Button } from '../ui/light/Button';

interface Props {
  bookingNumber: string;
  facilityName: string;
  rating: BookingRatingWire;
}

/**
 * 'Sahayı değerlendir' in tracking (docs/behaviour.md#ratings): after the approved match was played, its holder gives 1–5
 * stars and an optional comment, once; the number proves the booking and the server checks every rule again. Loaded
 * only for a booking that can be rated or was rated, so tracking's first load never carries it.
 */
export function RatePitch({ bookingNumber, facilityName, rating: initial }: Props) {
  const [rating, setRating] = useState(initial);
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  if (rating.state === 'given') {
    return (
      <section
        aria-labelledby={`${id}-title`}
        className="rounded-xl border border-slate-200 p-4 dark:border-slate-700"
        data-rate-pitch="given"
      >
        <h3 id={`${id}-title`} className="font-semibold">
          Değerlendirmeniz
        </h3>
        <p className="mt-1 text-lg text-amber-700 dark:text-amber-300" data-given-score={rating.score}>
          <span aria-hidden="true">{starsText(rating.score)}</span>
          <span className="sr-only">5 üzerinden {rating.score} puan</span>
        </p>
        {rating.comment && (
          <p className="mt-1 whitespace-pre-line text-sm [overflow-wrap:anywhere]" data-given-comment>
            {rating.comment}
          </p>
        )}
        {rating.comment && rating.commentHidden && (
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">Yorumunuz sahanın sayfasında gösterilmiyor.</p>
        )}
        <p className="mt-2 text-sm [overflow-wrap:anywhere] text-slate-600 dark:text-slate-300">
          Teşekkürler! Puanınız {facilityName} ortalamasına eklendi.
        </p>
      </section>
    );
  }

  const until = trDate(istanbulToday(Date.parse(rating.until)));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (score === null) {
      setError(ratingMsg.scoreRequired);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const given = await unwrap(
        client.api.bookings.track[':bookingNumber'].rating.$post({
          param: { bookingNumber },
          json: { score, comment: comment.trim() || null },
        }),
      );
      setRating(given);
    } catch (err) {
      setError(messageOf(err, 'Değerlendirme gönderilemedi'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      data-rate-pitch="open"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        Sahayı değerlendir
      </h3>
      <p className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-600 dark:text-slate-300">
        Maçınız nasıldı? {facilityName} için puan verin; {until} tarihine kadar, bir kez. Yorumunuz adınız olmadan
        sahanın sayfasında görünebilir (
        <a
          href="/aydinlatma-metni#degerlendirmeler"
          className="font-semibold text-turf-800 underline underline-offset-2 dark:text-turf-300"
        >
          Aydınlatma Metni
        </a>
        ).
      </p>
      <form onSubmit={submit} noValidate className="mt-3 space-y-3">
        <fieldset aria-describedby={error ? `${id}-error` : undefined}>
          <legend className={fieldLabel}>Puanınız</legend>
          <div className="mt-1 flex flex-wrap gap-1" data-score-choices>
            {SCORES.map((n) => (
              <label key={n} className="cursor-pointer">
                <input
                  type="radio"
                  name={`${id}-score`}
                  value={n}
                  checked={score === n}
                  onChange={() => setScore(n)}
                  className="peer sr-only"
                />
                <span
                  aria-hidden="true"
                  className={`block rounded-lg px-1.5 text-3xl leading-10 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-turf-700 dark:peer-focus-visible:outline-turf-300 ${
                    score !== null && n <= score
                      ? 'text-amber-600 dark:text-amber-300'
                      : 'text-slate-400 dark:text-slate-500'
                  }`}
                >
                  {score !== null && n <= score ? '★' : '☆'}
                </span>
                <span className="sr-only">
                  {n} yıldız, {SCORE_LABELS[n]}
                </span>
              </label>
            ))}
          </div>
          {score !== null && (
            <p className={fieldDescription} aria-hidden="true">
              {score} / 5 · {SCORE_LABELS[score]}
            </p>
          )}
        </fieldset>
        <div>
          <label htmlFor={`${id}-comment`} className={fieldLabel}>
            Yorumunuz (isteğe bağlı)
          </label>
          <textarea
            id={`${id}-comment`}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            maxLength={RATING_COMMENT_MAX}
            rows={3}
            aria-describedby={`${id}-count`}
            className={`${input} resize-y`}
          />
          <span id={`${id}-count`} className={fieldDescription}>
            {comment.length}/{RATING_COMMENT_MAX} karakter
          </span>
        </div>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-800 dark:text-red-200">
            {error}
          </p>
        )}
        <Button type="submit" isDisabled={busy} data-rate-submit>
          {busy ? 'Gönderiliyor…' : 'Gönder'}
        </Button>
      </form>
    </section>
  );
}
