import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { homeCopy } from '../copy';

const copy = homeCopy.carousel;

export const HERO_IMAGE_WIDTH = 1600;
export const HERO_IMAGE_HEIGHT = 640;

export interface HeroSlide {
  image: string;
  alt: string;
  headline: string;
  text: string;
  cta: string;
  href: string;
}

interface HeroCarouselProps {
  slides: readonly HeroSlide[];
}

/**
 * Shows one slide at a time; previous and next wrap around. The slides are not rotated
 * automatically, so nothing moves unless the visitor asks for it.
 */
export function HeroCarousel({ slides }: HeroCarouselProps) {
  const [active, setActive] = useState(0);
  const total = slides.length;
  const show = (step: number) => setActive((current) => (current + step + total) % total);

  return (
    <section aria-roledescription="carousel" aria-label={copy.label} className="relative">
      <div id="hero-slides" className="carousel w-full" aria-live="polite">
        {slides.map((slide, index) => (
          <div
            key={slide.image}
            id={`slide${index + 1}`}
            role="group"
            aria-roledescription="slide"
            aria-label={copy.slidePosition(index + 1, total)}
            hidden={index !== active}
            className="carousel-item relative h-72 w-full sm:h-80 lg:h-[30rem]"
          >
            <img
              src={slide.image}
              alt={slide.alt}
              width={HERO_IMAGE_WIDTH}
              height={HERO_IMAGE_HEIGHT}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding="async"
              className="h-full w-full bg-neutral object-cover"
            />
            <div className="absolute inset-0 flex items-center bg-gradient-to-r from-black/80 via-black/60 to-black/20 px-16 sm:px-20">
              <div className="max-w-xl space-y-3 text-white sm:space-y-4">
                <p className="text-2xl font-bold leading-tight sm:text-4xl lg:text-5xl">{slide.headline}</p>
                <p className="text-sm sm:text-lg">{slide.text}</p>
                <Link to={slide.href} className="btn btn-primary">
                  {slide.cta}
                </Link>
              </div>
            </div>
          </div>
        ))}
      </div>
      {total > 1 && (
        <div className="pointer-events-none absolute inset-x-2 top-1/2 flex -translate-y-1/2 justify-between sm:inset-x-4">
          <button
            type="button"
            className="btn btn-circle pointer-events-auto border-0 bg-base-100/90"
            aria-label={copy.previous}
            aria-controls="hero-slides"
            onClick={() => show(-1)}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="btn btn-circle pointer-events-auto border-0 bg-base-100/90"
            aria-label={copy.next}
            aria-controls="hero-slides"
            onClick={() => show(1)}
          >
            <ChevronRightIcon />
          </button>
        </div>
      )}
    </section>
  );
}
