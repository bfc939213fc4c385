import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServicesSection } from './services-section';

describe('ServicesSection', () => {
  it('shows three service cards, each with an accessible title and the shared description', () => {
    render(<ServicesSection />);

    const section = screen.getByRole('region', { name: 'Our Services' });
    const cards = within(section).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-labelledby') && within(card).getByRole('heading').textContent)).toEqual([
      'Bike Repair and Services',
      'Cooling System',
      'Engine Valves',
    ]);
    expect(within(cards[0] as HTMLElement).getByRole('heading')).toHaveClass('sr-only');
    for (const card of cards) {
      expect(within(card).getByText('3 days service warranty')).toBeInTheDocument();
      expect(within(card).getByText('On-time work completion')).toBeInTheDocument();
      expect(within(card).getByText('Skilled and reliable')).toBeInTheDocument();
    }
  });
});
