import { useState } from 'react';
import { PlayIcon } from '../ui/icons';
import { focusRing } from '../ui/styles';
import { SectionHeading } from './section-heading';
import { useSiteContent } from './site-content-context';
import { VideoPoster } from './video-poster';

/** The embed address with autoplay on, since the visitor has just pressed play. */
export function autoplayUrl(embedUrl: string): string {
  const url = new URL(embedUrl);
  url.searchParams.set('autoplay', '1');
  return url.toString();
}

/**
 * "See AI in Action": a click-to-play facade in 16:9. No third-party frame or script loads
 * until the visitor asks for the video; without a configured address the section is hidden.
 */
export function VideoSection() {
  const [playing, setPlaying] = useState(false);
  const { video: demoVideo } = useSiteContent();
  const { embedUrl } = demoVideo;
  // No address: no section, rather than a promise of a recording.
  if (!embedUrl) return null;

  return (
    <section aria-labelledby="video-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <SectionHeading id="video-title" eyebrow="Demo" title="See AI in Action">
          {demoVideo.description}
        </SectionHeading>
        <div
          data-reveal
          className="relative mt-10 aspect-video overflow-hidden rounded-2xl border border-line bg-slate-900 shadow-xl"
        >
          {playing ? (
            <iframe
              src={autoplayUrl(embedUrl)}
              title={demoVideo.title}
              className="absolute inset-0 h-full w-full"
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          ) : (
            <>
              <VideoPoster />
              <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-slate-950/40 p-6 text-center">
                <button
                  type="button"
                  onClick={() => setPlaying(true)}
                  // The press is the video's start: the player begins at once (autoplay).
                  data-event="video_play"
                  className={`inline-flex h-20 w-20 cursor-pointer items-center justify-center rounded-full bg-white text-brand-800 shadow-2xl transition-transform hover:scale-105 ${focusRing}`}
                  aria-label={`Play video: ${demoVideo.title}`}
                >
                  <PlayIcon width={34} height={34} className="ml-1 fill-current" />
                </button>
                <p className="rounded-lg bg-slate-950/70 px-4 py-2 text-base font-semibold text-white">
                  {demoVideo.title}
                </p>
              </div>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
