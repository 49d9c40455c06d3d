/**
 * A typewriter key sound synthesized with the Web Audio API: a few milliseconds of filtered
 * noise with a fast decay, slightly varied per key. No audio file is downloaded.
 *
 * Browsers only let audio start after the visitor has interacted with the page, so the
 * AudioContext is created at the first key after such an interaction, never before.
 */
export interface TypewriterSound {
  click(): void;
  dispose(): void;
}

const CLICK_SECONDS = 0.035;
const MIN_GAP_MS = 25;

type AudioContextConstructor = typeof AudioContext;

function audioContextClass(): AudioContextConstructor | null {
  if (typeof window === 'undefined') return null;
  const legacy = (window as Window & { webkitAudioContext?: AudioContextConstructor })
    .webkitAudioContext;
  return window.AudioContext ?? legacy ?? null;
}

/** True once the visitor has clicked, tapped or typed on the page (autoplay policy). */
function userHasInteracted(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } })
    .userActivation;
  return activation ? activation.hasBeenActive : false;
}

function noiseBuffer(context: AudioContext): AudioBuffer {
  const length = Math.ceil(context.sampleRate * CLICK_SECONDS);
  const buffer = context.createBuffer(1, length, context.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < length; i++) {
    // White noise shaped by a steep exponential decay: a short mechanical "tick".
    data[i] = (Math.random() * 2 - 1) * Math.exp((-i / length) * 8);
  }
  return buffer;
}

export function createTypewriterSound(): TypewriterSound {
  let context: AudioContext | null = null;
  let buffer: AudioBuffer | null = null;
  let lastClick = 0;

  function ready(): AudioContext | null {
    if (context) return context;
    const Ctor = audioContextClass();
    if (!Ctor || !userHasInteracted()) return null;
    try {
      context = new Ctor();
      buffer = noiseBuffer(context);
    } catch {
      return null;
    }
    return context;
  }

  return {
    click() {
      const now = performance.now();
      if (now - lastClick < MIN_GAP_MS) return;
      lastClick = now;
      const ctx = ready();
      if (!ctx || !buffer) return;
      if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
      const source = ctx.createBufferSource();
      source.buffer = buffer;
      source.playbackRate.value = 0.85 + Math.random() * 0.3;
      const filter = ctx.createBiquadFilter();
      filter.type = 'bandpass';
      filter.frequency.value = 2200 + Math.random() * 1600;
      filter.Q.value = 1.2;
      const gain = ctx.createGain();
      gain.gain.value = 0.12 + Math.random() * 0.06;
      source.connect(filter).connect(gain).connect(ctx.destination);
      source.start();
    },
    dispose() {
      void context?.close().catch(() => undefined);
      context = null;
      buffer = null;
    },
  };
}
