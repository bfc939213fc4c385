import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HOME_HERO_SLIDES } from '../hero-slides';
import { renderWithProviders } from '@/test/render';
import { HeroCarousel } from './hero-carousel';

const visibleSlide = () => screen.getByRole('group');

describe('HeroCarousel', () => {
  it('shows the first of three slides', () => {
    renderWithProviders(<HeroCarousel slides={HOME_HERO_SLIDES} />);

    expect(screen.getByRole('region', { name: 'Featured' })).toHaveAttribute('aria-roledescription', 'carousel');
    expect(visibleSlide()).toHaveAttribute('aria-label', '1 of 3');
    expect(visibleSlide()).toHaveAttribute('aria-roledescription', 'slide');
    expect(screen.getByRole('img', { name: HOME_HERO_SLIDES[0]?.alt })).toHaveAttribute('src', '/static/carousel-1.webp');
    expect(document.querySelectorAll('[aria-roledescription="slide"][hidden]')).toHaveLength(2);
  });

  it('goes forward and wraps from the third slide to the first', async () => {
    const user = userEvent.setup();
    renderWithProviders(<HeroCarousel slides={HOME_HERO_SLIDES} />);
    const next = screen.getByRole('button', { name: 'Next slide' });

    await user.click(next);
    expect(visibleSlide()).toHaveAttribute('aria-label', '2 of 3');
    await user.click(next);
    expect(visibleSlide()).toHaveAttribute('aria-label', '3 of 3');
    await user.click(next);
    expect(visibleSlide()).toHaveAttribute('aria-label', '1 of 3');
  });

  it('goes back and wraps from the first slide to the third, never to a fourth', async () => {
    const user = userEvent.setup();
    renderWithProviders(<HeroCarousel slides={HOME_HERO_SLIDES} />);
    const previous = screen.getByRole('button', { name: 'Previous slide' });

    await user.click(previous);
    expect(visibleSlide()).toHaveAttribute('aria-label', '3 of 3');
    expect(screen.getByText(HOME_HERO_SLIDES[2]?.headline ?? '')).toBeVisible();
    await user.click(previous);
    expect(visibleSlide()).toHaveAttribute('aria-label', '2 of 3');
    expect(document.querySelector('#slide4')).toBeNull();
    expect(document.querySelector('a[href="#slide4"]')).toBeNull();
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    renderWithProviders(<HeroCarousel slides={HOME_HERO_SLIDES} />);

    await user.tab();
    expect(screen.getByRole('link', { name: HOME_HERO_SLIDES[0]?.cta })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Previous slide' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next slide' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(visibleSlide()).toHaveAttribute('aria-label', '2 of 3');
  });
});
