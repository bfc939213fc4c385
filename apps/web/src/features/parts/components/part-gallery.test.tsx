import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PartGallery } from './part-gallery';

const photo = (letter: string) => `/images/${letter.repeat(32)}.webp`;
const PHOTOS = [photo('a'), photo('b'), photo('c')];
const NAME = 'Sintered Front Brake Pads';

describe('PartGallery', () => {
  it('shows one photo large with its renditions, and the others as thumbnails to choose from', async () => {
    render(<PartGallery part={{ name: NAME, img: PHOTOS[0]!, images: PHOTOS }} />);
    const user = userEvent.setup();
    const large = screen.getByRole('img', { name: NAME });
    expect(large).toHaveAttribute('src', PHOTOS[0]);
    expect(large).toHaveAttribute('srcset', `/images/${'a'.repeat(32)}-400w.webp 400w, /images/${'a'.repeat(32)}-800w.webp 800w`);
    expect(large).toHaveAttribute('sizes', '(min-width: 1024px) 480px, 100vw');
    expect(large).toHaveAttribute('fetchpriority', 'high');

    const thumbnails = within(screen.getByRole('list', { name: 'Photos of this part' })).getAllByRole('button');
    expect(thumbnails.map((button) => button.getAttribute('aria-label'))).toEqual(['Show photo 1 of 3', 'Show photo 2 of 3', 'Show photo 3 of 3']);
    expect(thumbnails[0]).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Show photo 3 of 3' }));
    expect(screen.getByRole('img', { name: NAME })).toHaveAttribute('src', PHOTOS[2]);
    expect(screen.getByRole('button', { name: 'Show photo 3 of 3' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Show photo 1 of 3' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('opens the photo shown at full size in a dialog that goes through the others and closes', async () => {
    render(<PartGallery part={{ name: NAME, img: PHOTOS[0]!, images: PHOTOS }} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show photo 2 of 3' }));
    await user.click(screen.getByRole('button', { name: `Enlarge the photo of ${NAME}` }));

    const dialog = screen.getByRole('dialog', { name: `${NAME}: photo 2 of 3` });
    // The stored image itself, not a smaller rendition.
    const large = within(dialog).getByRole('img', { name: NAME });
    expect(large).toHaveAttribute('src', PHOTOS[1]);
    expect(large).not.toHaveAttribute('srcset');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(dialog).toHaveAccessibleName(`${NAME}: photo 3 of 3`);
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(dialog).toHaveAccessibleName(`${NAME}: photo 1 of 3`);
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(within(dialog).getByRole('img', { name: NAME })).toHaveAttribute('src', PHOTOS[2]);

    const actualSize = within(dialog).getByRole('button', { name: 'Actual size' });
    expect(actualSize).toHaveAttribute('aria-pressed', 'false');
    await user.click(actualSize);
    expect(within(dialog).getByRole('button', { name: 'Fit to the window' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes when the dialog is closed the browser’s way (Escape)', async () => {
    render(<PartGallery part={{ name: NAME, img: PHOTOS[0]!, images: PHOTOS }} />);
    await userEvent.click(screen.getByRole('button', { name: `Enlarge the photo of ${NAME}` }));
    // jsdom has no Escape handling of its own: close() is what the browser does on Escape.
    (screen.getByRole('dialog') as HTMLDialogElement).close();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a part with one photo (or none listed) without thumbnails or other photos to go to', async () => {
    render(<PartGallery part={{ name: NAME, img: PHOTOS[0]! }} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `Enlarge the photo of ${NAME}` }));
    const dialog = screen.getByRole('dialog', { name: NAME });
    expect(within(dialog).queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
  });
});
