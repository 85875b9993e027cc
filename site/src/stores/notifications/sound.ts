// Short tones per notification type, made with Web Audio: no audio files (behaviour.md#management-panel 'sounds differing by type').
import type { NotificationType } from './state';

export interface Tone {
  at: number;
  duration: number;
  from: number;
  to?: number;
  wave: OscillatorType;
}

/** The tones of each type (behaviour.md#management-panel 'sounds differing by type'); times in seconds from the start. */
export function tonesFor(type: NotificationType): Tone[] {
  switch (type) {
    case 'booking_created':
      return [
        { at: 0, duration: 0.12, from: 660, wave: 'sine' },
        { at: 0.16, duration: 0.14, from: 880, wave: 'sine' },
      ];
    case 'booking_cancelled':
      return [{ at: 0, duration: 0.35, from: 740, to: 330, wave: 'triangle' }];
    case 'booking_updated':
      return [{ at: 0, duration: 0.15, from: 587, wave: 'sine' }];
    default:
      return [{ at: 0, duration: 0.15, from: 262, wave: 'square' }];
  }
}

type AudioContextClass = typeof AudioContext;
let audio: AudioContext | null = null;

/** Plays the type's tones. Missing Web Audio (tests, old browsers) or a blocked context is simply silence. */
export function playNotificationSound(type: NotificationType): boolean {
  try {
    const w =
      typeof window === 'undefined'
        ? undefined
        : (window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass });
    const Ctx = w?.AudioContext ?? w?.webkitAudioContext;
    if (!Ctx) return false;
    audio ??= new Ctx();
    const ctx = audio;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
    const start = ctx.currentTime + 0.01;
    for (const tone of tonesFor(type)) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const t0 = start + tone.at;
      const t1 = t0 + tone.duration;
      osc.type = tone.wave;
      osc.frequency.setValueAtTime(tone.from, t0);
      if (tone.to) osc.frequency.exponentialRampToValueAtTime(tone.to, t1);
      // A quick fade in and out: no click at the edges, and quiet enough for an office.
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(tone.wave === 'square' ? 0.06 : 0.18, t0 + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, t1);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t1 + 0.02);
    }
    return true;
  } catch {
    return false;
  }
}
