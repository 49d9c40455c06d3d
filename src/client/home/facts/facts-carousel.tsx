import { memo, useEffect, useMemo, useRef, type FocusEvent } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import { CAROUSEL_SOUND_MIN_VISIBILITY } from '#client/home/home-timings';
import type { PublicFact } from '#shared/shapes/facts';
import { company } from '#shared/company';
import { useStoredFlag } from '#client/lib/use-stored-flag';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  PauseIcon,
  PlayIcon,
  VolumeIcon,
  VolumeOffIcon,
} from '#client/ui/icons';
import { focusRing } from '#shared/ui-styles';
import {
  countdownFraction,
  isCountdownHeld,
  isTyping,
  secondsLeft,
  visibleText,
} from './carousel-machine';
import { CountdownRing } from './countdown-ring';
import { CARD_HEIGHT, CONTROLS_HEIGHT, FactsFrame, type FactsHeadings } from './facts-frame';
import { SourceTooltip } from './source-tooltip';
import { createTypewriterSound } from './typewriter-sound';
import { useCarouselMachine } from './use-carousel-machine';
import { useVisibility } from './use-visibility-ratio';

export const MUTE_STORAGE_KEY = `${company.slug}-facts-muted`;

const controlButton = `inline-flex h-11 w-11 items-center justify-center rounded-full border border-line bg-surface text-ink shadow-sm transition-colors hover:bg-raised ${focusRing}`;

interface FactSlideProps {
  fact: PublicFact;
  position: number;
  count: number;
  current: boolean;
  text: string;
  typing: boolean;
  seconds: number | null;
  fraction: number;
  held: boolean;
  round: number;
}

/** One paper card; memoised, so typing re-renders only the slide being typed. */
const FactSlide = memo(function FactSlide({
  fact,
  position,
  count,
  current,
  text,
  typing,
  seconds,
  fraction,
  held,
  round,
}: FactSlideProps) {
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`Fact ${position} of ${count}`}
      aria-hidden={current ? undefined : true}
      inert={!current}
      data-current={current || undefined}
      className="min-w-0 shrink-0 grow-0 basis-[88%] pl-4 sm:basis-[70%] lg:basis-[56%]"
    >
      <article
        className={`paper-card relative flex ${CARD_HEIGHT} flex-col rounded-2xl border border-paper-edge p-6 shadow-lg transition-opacity duration-300 sm:p-8 ${
          current ? 'opacity-100' : 'opacity-60'
        }`}
      >
        <div className="absolute top-4 right-4 h-10 w-10">
          {seconds !== null ? (
            <CountdownRing key={round} seconds={seconds} fraction={fraction} held={held} />
          ) : null}
        </div>
        <p className="typed-text paper-lines mt-8 min-h-0 flex-1 overflow-y-auto pr-2 font-mono text-base text-paper-ink sm:text-lg">
          <span className="sr-only">{fact.factText}</span>
          <span aria-hidden="true" data-typed-text>
            {text}
            {typing ? <span className="typing-caret" /> : null}
          </span>
        </p>
        {fact.source.trim() ? (
          <div className="mt-4">
            <SourceTooltip source={fact.source} />
          </div>
        ) : null}
      </article>
    </div>
  );
});

export default function FactsCarousel({
  facts,
  headings,
}: {
  facts: readonly PublicFact[];
  headings: FactsHeadings;
}) {
  const regionRef = useRef<HTMLDivElement>(null);
  const { onScreen, atThreshold: audible } = useVisibility(
    regionRef,
    CAROUSEL_SOUND_MIN_VISIBILITY,
  );

  const lengths = useMemo(() => facts.map((f) => f.factText.length), [facts]);
  const [state, dispatch] = useCarouselMachine(lengths, onScreen);
  const [emblaRef, embla] = useEmblaCarousel({ loop: facts.length > 1, align: 'center' });
  const [muted, setMuted] = useStoredFlag(MUTE_STORAGE_KEY, false);

  // Swipes and drags come back as 'select'; the machine ignores its own moves (same index).
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => dispatch({ type: 'select', index: embla.selectedScrollSnap() });
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla, dispatch]);

  useEffect(() => {
    if (embla && embla.selectedScrollSnap() !== state.index) {
      embla.scrollTo(state.index, state.reducedMotion);
    }
  }, [embla, state.index, state.reducedMotion]);

  // One key sound per typed character, only while typing and at least 30% visible.
  const sound = useMemo(() => createTypewriterSound(), []);
  useEffect(() => () => sound.dispose(), [sound]);
  const typing = isTyping(state);
  useEffect(() => {
    if (typing && audible && !muted && state.typedChars > 0) sound.click();
  }, [state.typedChars, typing, audible, muted, sound]);

  const onFocus = (event: FocusEvent) => {
    // Keyboard focus only: a mouse click on a button must not stop the carousel for good.
    if (event.target instanceof Element && event.target.matches(':focus-visible')) {
      dispatch({ type: 'focus', inside: true });
    }
  };
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget instanceof Node ? event.relatedTarget : null;
    if (!event.currentTarget.contains(next)) {
      dispatch({ type: 'focus', inside: false });
    }
  };

  const seconds = secondsLeft(state);
  const held = isCountdownHeld(state);

  return (
    <FactsFrame headings={headings}>
      <div
        ref={regionRef}
        role="group"
        aria-roledescription="carousel"
        aria-label="AI facts"
        onFocus={onFocus}
        onBlur={onBlur}
      >
        <div ref={emblaRef} className="overflow-hidden">
          <div
            className="-ml-4 flex touch-pan-y"
            aria-live={state.userPaused ? 'polite' : 'off'}
            data-testid="facts-track"
          >
            {facts.map((fact, i) => {
              const current = i === state.index;
              return (
                <FactSlide
                  key={fact.id}
                  fact={fact}
                  position={i + 1}
                  count={facts.length}
                  current={current}
                  text={visibleText(state, i, fact.factText)}
                  typing={current && typing}
                  seconds={current ? seconds : null}
                  fraction={current ? countdownFraction(state) : 1}
                  held={held}
                  round={state.round}
                />
              );
            })}
          </div>
        </div>
        <div className={`mt-6 flex ${CONTROLS_HEIGHT} items-center justify-center gap-3`}>
          <button
            type="button"
            className={controlButton}
            aria-label="Previous fact"
            onClick={() => dispatch({ type: 'prev' })}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className={controlButton}
            aria-label={state.userPaused ? 'Play facts' : 'Pause facts'}
            onClick={() => dispatch({ type: 'togglePause' })}
          >
            {state.userPaused ? <PlayIcon /> : <PauseIcon />}
          </button>
          <button
            type="button"
            className={controlButton}
            aria-label="Mute typing sound"
            aria-pressed={muted}
            onClick={() => setMuted(!muted)}
          >
            {muted ? <VolumeOffIcon /> : <VolumeIcon />}
          </button>
          <button
            type="button"
            className={controlButton}
            aria-label="Next fact"
            onClick={() => dispatch({ type: 'next' })}
          >
            <ChevronRightIcon />
          </button>
        </div>
      </div>
    </FactsFrame>
  );
}
