import { useRef, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { homeCopy } from '../copy';
import { HOME_SECTION_IDS } from '../section-ids';
import { ContactFormView, readContactFormHandoff, type ContactFormHandoff } from './contact-form-view';

const copy = homeCopy.contact;

const loadContactForm = () => import('./send-contact-form');

interface LoadedForm {
  Form: ComponentType<{ handoff: ContactFormHandoff }>;
  handoff: ContactFormHandoff;
}

const bareField = <Name extends string>(name: Name) => ({ name });

/**
 * The form is there at once; its validation (react-hook-form and zod) loads when the visitor first
 * touches it, and then takes over with whatever was typed, the focus and a pending Send.
 */
function ContactFormSlot() {
  const formRef = useRef<HTMLFormElement>(null);
  const progress = useRef({ loading: false, submit: false });
  const [loaded, setLoaded] = useState<LoadedForm | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  // A Send that cannot work: the route's error page offers a reload, as for any script that failed.
  if (loadError) throw loadError;

  const wake = () => {
    if (progress.current.loading) return;
    progress.current.loading = true;
    loadContactForm().then(
      ({ SendContactForm }) => {
        // Read and replaced in one go, so no keystroke falls between the two forms.
        flushSync(() =>
          setLoaded({ Form: SendContactForm, handoff: readContactFormHandoff(formRef.current, progress.current.submit) }),
        );
      },
      (error: unknown) => {
        progress.current.loading = false;
        if (progress.current.submit) setLoadError(error);
      },
    );
  };

  if (loaded) return <loaded.Form handoff={loaded.handoff} />;
  return (
    <ContactFormView
      formRef={formRef}
      field={bareField}
      onFocus={wake}
      onPointerDown={wake}
      onSubmit={(event) => {
        event.preventDefault();
        progress.current.submit = true;
        wake();
      }}
    />
  );
}

export function ContactSection() {
  return (
    <section id={HOME_SECTION_IDS.contact} aria-labelledby="contact-heading" className="bg-base-200">
      <div className="mx-auto max-w-3xl px-4 py-16 sm:py-20">
        <h2 id="contact-heading" className="text-center text-3xl font-bold sm:text-4xl">
          {copy.heading}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-center">{copy.intro}</p>
        <div className="mt-10 rounded-box bg-base-100 p-6 shadow-sm sm:p-8">
          <ContactFormSlot />
        </div>
      </div>
    </section>
  );
}
