import type { ComponentType } from 'react';
import { CheckIcon, CoolingIcon, ValveIcon, WrenchIcon, type IconProps } from '@/components/ui/icons';
import { homeCopy } from '../copy';
import { HOME_SECTION_IDS } from '../section-ids';

const copy = homeCopy.services;

interface ServiceCard {
  id: string;
  /** Shown on the card; SPEC leaves the first card without one. */
  name: string | null;
  /** What assistive technology announces as the card's title. */
  title: string;
  icon: ComponentType<IconProps>;
}

export const SERVICE_CARDS: readonly ServiceCard[] = [
  { id: 'repair', name: null, title: copy.unnamedCardTitle, icon: WrenchIcon },
  { id: 'cooling', name: copy.cards.cooling, title: copy.cards.cooling, icon: CoolingIcon },
  { id: 'valves', name: copy.cards.valves, title: copy.cards.valves, icon: ValveIcon },
];

export function ServicesSection() {
  return (
    <section id={HOME_SECTION_IDS.services} aria-labelledby="services-heading" className="bg-base-200">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <h2 id="services-heading" className="text-center text-3xl font-bold sm:text-4xl">
          {copy.heading}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg">{copy.intro}</p>
        <ul className="mt-12 grid grid-cols-1 gap-6 lg:grid-cols-3">
          {SERVICE_CARDS.map(({ id, name, title, icon: Icon }) => (
            <li key={id}>
              <article aria-labelledby={`service-${id}`} className="card h-full bg-base-100 shadow-sm">
                <div className="card-body items-center gap-4 text-center">
                  <span className="flex size-16 items-center justify-center rounded-full bg-primary text-primary-content">
                    <Icon className="size-8" />
                  </span>
                  <h3 id={`service-${id}`} className={name ? 'card-title text-xl' : 'sr-only'}>
                    {title}
                  </h3>
                  <ul className="space-y-2 text-left">
                    {copy.features.map((feature) => (
                      <li key={feature} className="flex items-center gap-2">
                        <CheckIcon className="size-5 shrink-0 text-green-700" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
