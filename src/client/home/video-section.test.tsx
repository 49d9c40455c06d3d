import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

const demoVideo = vi.hoisted(() => ({
  embedUrl: null as string | null,
  title: 'Facility analytics demo',
  description: 'Temperature and humidity questions.',
}));
vi.mock('../content', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../content')>()),
  demoVideo,
}));

const { VideoSection, autoplayUrl } = await import('./video-section');

afterEach(() => {
  cleanup();
  demoVideo.embedUrl = null;
});

describe('VideoSection', () => {
  it('without an address shows the poster and a note, never a frame or a play button', () => {
    render(<VideoSection />);
    expect(screen.getByRole('heading', { name: 'See AI in Action' })).toBeVisible();
    expect(screen.getByText('The recording will be available here soon.')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('with an address loads the player only when asked, with autoplay on', async () => {
    demoVideo.embedUrl = 'https://www.youtube-nocookie.com/embed/abc123?rel=0';
    render(<VideoSection />);
    expect(document.querySelector('iframe')).toBeNull();
    const play = screen.getByRole('button', { name: 'Play video: Facility analytics demo' });
    // The page's beacon counts a press on it as the video's start (analytics-beacon.ts).
    expect(play).toHaveAttribute('data-event', 'video_play');
    await userEvent.click(play);
    const frame = screen.getByTitle('Facility analytics demo') as HTMLIFrameElement;
    expect(frame.src).toBe('https://www.youtube-nocookie.com/embed/abc123?rel=0&autoplay=1');
    expect(frame.parentElement?.className).toContain('aspect-video');
  });

  it('autoplayUrl keeps the other parameters', () => {
    expect(autoplayUrl('https://player.vimeo.com/video/1?h=x')).toBe(
      'https://player.vimeo.com/video/1?h=x&autoplay=1',
    );
  });
});
