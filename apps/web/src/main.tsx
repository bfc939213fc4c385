import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { paths } from './config/paths';
import { HOME_HERO_SLIDES } from './features/home/hero-slides';
import './index.css';

// The home page's largest paint is its first slide: ask for the image now, while React is still
// to render, rather than when the carousel mounts.
const firstSlide = HOME_HERO_SLIDES[0];
if (window.location.pathname === paths.home.path && firstSlide) {
  const preload = Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', href: firstSlide.image });
  preload.fetchPriority = 'high';
  document.head.append(preload);
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the shop into.');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
