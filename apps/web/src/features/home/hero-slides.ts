import { paths } from '@/config/paths';
import type { HeroSlide } from './components/hero-carousel';
import { homeCopy } from './copy';

const SLIDE_LINKS = [paths.allProducts.getHref(), paths.home.getHref('services'), paths.home.getHref('contact')] as const;

export const HOME_HERO_SLIDES: readonly HeroSlide[] = homeCopy.carousel.slides.map((slide, index) => ({
  ...slide,
  href: SLIDE_LINKS[index] ?? paths.home.getHref(),
}));
