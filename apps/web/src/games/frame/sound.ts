/**
 * The frame's SoundApi: short sounds synthesised with the Web Audio API (no files to load), master
 * volume 0.3 (spec 3 section 9), silent while the player's `sound` setting is off. Browsers only
 * allow audio after a user gesture, so the AudioContext is created lazily on the first pointer or
 * key press (and resumed if the browser suspended it).
 */
import { useAppStore } from '../../lib/store';
import type { SoundApi, SoundName } from '../types';

export const SOUND_VOLUME = 0.3;

interface Tone {
  /** Oscillator type. */
  wave: OscillatorType;
  /** Start and end frequency (Hz): a sweep when they differ. */
  from: number;
  to: number;
  /** Seconds. */
  duration: number;
  /** Peak gain relative to the master volume. */
  gain: number;
  /** Seconds after the sound starts. */
  at?: number;
}

/** Each sound as one or more short tones. */
export const SOUND_RECIPES: Record<SoundName, Tone[]> = {
  bet: [{ wave: 'triangle', from: 420, to: 620, duration: 0.07, gain: 0.6 }],
  tick: [{ wave: 'square', from: 1800, to: 1500, duration: 0.025, gain: 0.18 }],
  win: [
    { wave: 'triangle', from: 660, to: 660, duration: 0.1, gain: 0.7 },
    { wave: 'triangle', from: 880, to: 880, duration: 0.1, gain: 0.7, at: 0.09 },
    { wave: 'triangle', from: 1320, to: 1320, duration: 0.18, gain: 0.6, at: 0.18 },
  ],
  lose: [{ wave: 'sine', from: 320, to: 160, duration: 0.22, gain: 0.55 }],
  pop: [{ wave: 'sine', from: 900, to: 300, duration: 0.06, gain: 0.6 }],
  roll: [{ wave: 'sawtooth', from: 140, to: 260, duration: 0.35, gain: 0.18 }],
  chip: [
    { wave: 'square', from: 2400, to: 1900, duration: 0.03, gain: 0.2 },
    { wave: 'square', from: 2100, to: 1700, duration: 0.03, gain: 0.15, at: 0.035 },
  ],
  card: [{ wave: 'triangle', from: 1200, to: 500, duration: 0.05, gain: 0.35 }],
};

type AudioContextCtor = typeof AudioContext;

function audioContextCtor(): AudioContextCtor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

export interface FrameSound extends SoundApi {
  /** Stops listening for the first gesture and closes the context. */
  dispose(): void;
}

/**
 * A SoundApi that plays only while `isEnabled()` is true. The context is made on the first user
 * gesture after creation (or on the first `play` inside one).
 */
export function createSound(isEnabled: () => boolean): FrameSound {
  let context: AudioContext | null = null;
  let master: GainNode | null = null;
  const Ctor = audioContextCtor();

  function ensureContext(): AudioContext | null {
    if (!Ctor) return null;
    if (!context) {
      try {
        context = new Ctor();
        master = context.createGain();
        master.gain.value = SOUND_VOLUME;
        master.connect(context.destination);
      } catch {
        return null;
      }
    }
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    return context;
  }

  // Making the context is silent; doing it on every gesture (sound on or off) means a player who
  // turns sound on hears the very next round.
  const onGesture = () => {
    ensureContext();
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('pointerdown', onGesture, { passive: true });
    window.addEventListener('keydown', onGesture);
  }

  function tone(ctx: AudioContext, out: GainNode, spec: Tone, pitch: number): void {
    const start = ctx.currentTime + (spec.at ?? 0);
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = spec.wave;
    osc.frequency.setValueAtTime(spec.from * pitch, start);
    if (spec.to !== spec.from) {
      osc.frequency.exponentialRampToValueAtTime(Math.max(1, spec.to * pitch), start + spec.duration);
    }
    // A 5 ms attack and an exponential release avoid clicks.
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(spec.gain, start + 0.005);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + spec.duration);
    osc.connect(gain);
    gain.connect(out);
    osc.start(start);
    osc.stop(start + spec.duration + 0.02);
    osc.onended = () => {
      osc.disconnect();
      gain.disconnect();
    };
  }

  return {
    play(name, options) {
      if (!isEnabled()) return;
      const ctx = context ?? null;
      // Without a context yet (no gesture so far) stay silent: creating one now would be blocked.
      if (!ctx || !master || ctx.state === 'closed') return;
      if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
      const pitch = options?.pitch && options.pitch > 0 ? options.pitch : 1;
      for (const spec of SOUND_RECIPES[name] ?? []) {
        try {
          tone(ctx, master, spec, pitch);
        } catch {
          // An audio glitch never breaks the game.
        }
      }
    },
    dispose() {
      if (typeof window !== 'undefined') {
        window.removeEventListener('pointerdown', onGesture);
        window.removeEventListener('keydown', onGesture);
      }
      if (context && context.state !== 'closed') void context.close().catch(() => undefined);
      context = null;
      master = null;
    },
  };
}

let shared: FrameSound | null = null;

/** The one SoundApi of the page (one AudioContext for every game), following the store's `sound`. */
export function getFrameSound(): FrameSound {
  shared ??= createSound(() => useAppStore.getState().sound);
  return shared;
}
