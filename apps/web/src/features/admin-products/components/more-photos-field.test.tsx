import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { photoFile, stubImageUploads } from '@/test/image-upload-stub';
import { renderWithProviders } from '@/test/render';
import { MorePhotosField } from './more-photos-field';

const stored = (name: string) => `/images/${name.replace(/\W/g, '').padEnd(32, '0').slice(0, 32)}.webp`;

/** The field as a form holds it: the list of stored paths, and what the list is now. */
function Harness({ start = [] as string[] }) {
  const [photos, setPhotos] = useState(start);
  return (
    <>
      <MorePhotosField id="more-photos" photos={photos} onChange={setPhotos} />
      <output data-testid="photos">{photos.join(' ')}</output>
    </>
  );
}
const photosInput = () => screen.getByLabelText(/^More photos/, { selector: 'input' });
const listed = () => screen.getByTestId('photos').textContent?.split(' ').filter(Boolean);
/** Answers each upload with a path of its own, made from the file's name. */
const uploadsAnswerByName = () =>
  stubImageUploads({ answer: ({ file }) => ({ status: 201, body: { success: true, data: { url: stored(file.name), width: 1, height: 1, size: 1 } } }) });

describe('MorePhotosField', () => {
  it('uploads each photo chosen, lists them in order, moves one earlier and removes one', async () => {
    uploadsAnswerByName();
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    const input = photosInput();
    expect(input).toHaveAccessibleDescription('optional, up to 7, shown after the image in this order');

    await user.upload(input, [photoFile('side.png'), photoFile('back.png')]);
    await waitFor(() => expect(listed()).toEqual([stored('side.png'), stored('back.png')]));
    const list = within(screen.getByRole('list', { name: 'More photos' }));
    expect(list.getByRole('img', { name: 'More photo 1' })).toHaveAttribute('src', stored('side.png'));
    expect(list.queryByRole('button', { name: 'Move more photo 1 earlier' })).not.toBeInTheDocument();

    await user.click(list.getByRole('button', { name: 'Move more photo 2 earlier' }));
    expect(listed()).toEqual([stored('back.png'), stored('side.png')]);
    await user.click(screen.getByRole('button', { name: 'Remove more photo 1' }));
    expect(listed()).toEqual([stored('side.png')]);
  });

  it('takes at most 7 besides the image, and says why it takes no more', async () => {
    uploadsAnswerByName();
    renderWithProviders(<Harness start={['1', '2', '3', '4', '5'].map(stored)} />);
    const user = userEvent.setup();
    await user.upload(photosInput(), [photoFile('six.png'), photoFile('seven.png'), photoFile('eight.png')]);
    expect(await screen.findByText('A part can show at most 8 photos')).toBeInTheDocument();
    expect(listed()).toHaveLength(7);
    expect(photosInput()).toBeDisabled();
  });

  it('refuses a file that is no photo the shop takes before uploading it', async () => {
    const uploads = uploadsAnswerByName();
    renderWithProviders(<Harness />);
    // Not through `accept`: a file picker can be told to show every file.
    await userEvent.setup({ applyAccept: false }).upload(photosInput(), new File(['%PDF'], 'manual.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Please choose a JPEG, PNG, WebP, GIF or AVIF image')).toBeInTheDocument();
    expect(uploads.sent).toHaveLength(0);
    expect(listed()).toEqual([]);
  });
});
