import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildProduct, buildReview } from '@/test/fixtures';
import { jsonResponse, photoFile, stubImageUploads, UPLOADED_IMAGE_URL } from '@/test/image-upload-stub';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { AddReviewPage } from './add-review-page';

describe('AddReviewPage', () => {
  const fetchMock = stubFetch();

  async function fillAndSubmit(route = '/dashbord/addreview') {
    const { queryClient } = renderWithProviders(
      <>
        <Routes>
          <Route path="/dashbord/addreview" element={<AddReviewPage />} />
          <Route path="/dashbord/myorders" element={<h1>My Orders</h1>} />
        </Routes>
        <ToastContainer />
      </>,
      { route },
    );
    // The home page's latest reviews, cached under SPEC's key.
    queryClient.setQueryData(['getreviews', { latest: 3 }], [buildReview()]);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Review'), 'Fast delivery, the pads fit.');
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.upload(screen.getByLabelText(/^Image/), photoFile());
    await user.click(screen.getByRole('button', { name: 'Add Review' }));
    return { queryClient };
  }

  it("uploads the photo while the button is busy, adds the review and says 'Review added Successful.'", async () => {
    const uploads = stubImageUploads({ hold: true });
    fetchMock.mockResolvedValue(jsonResponse({ acknowledged: true, insertedId: 'a'.repeat(24) }, 201));
    const { queryClient } = await fillAndSubmit();

    expect(await screen.findByRole('progressbar', { name: 'Uploading image' })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Add Review' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    uploads.release();

    expect(await screen.findByText('Review added Successful.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/review');
    expect(JSON.parse(String(init?.body))).toEqual({ review: 'Fast delivery, the pads fit.', ratings: 5, img: UPLOADED_IMAGE_URL });
    expect(queryClient.getQueryState(['getreviews', { latest: 3 }])?.isInvalidated).toBe(true);
    // A shop review: the form stays, empty, for another.
    expect(await screen.findByLabelText('Review')).toHaveValue('');
    expect(screen.queryByRole('heading', { name: 'My Orders' })).not.toBeInTheDocument();
  });

  it('goes back to My Orders, where it came from, once a review of a part is added', async () => {
    stubImageUploads();
    const part = buildProduct({ name: 'Spin-On Oil Filter, 65 mm' });
    fetchMock.mockImplementation(async (url) =>
      String(url).startsWith('/api/products/') ? jsonResponse(part, 200) : jsonResponse({ acknowledged: true, insertedId: 'a'.repeat(24) }, 201),
    );
    await fillAndSubmit(`/dashbord/addreview?product=${part._id}`);
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    expect(await screen.findByText('Review added Successful.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add Review' })).not.toBeInTheDocument();
  });

  it("says 'Failed to add Review' when the shop refuses it", async () => {
    stubImageUploads();
    fetchMock.mockResolvedValue(jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'Please sign in again.' }, requestId: 'r1' }, 401));
    await fillAndSubmit();
    expect(await screen.findByText('Failed to add Review')).toBeInTheDocument();
    expect(screen.getByText('Please sign in again.')).toBeInTheDocument();
    expect(screen.queryByText('Review added Successful.')).not.toBeInTheDocument();
  });

  it('shows why the photo could not be uploaded, and sends no review', async () => {
    stubImageUploads({
      answer: { status: 413, body: { error: { code: 'PAYLOAD_TOO_LARGE', message: 'The image is larger than 5 MB. Please choose a smaller one.' }, requestId: 'r2' } },
    });
    await fillAndSubmit();
    expect(await screen.findByText('The image is larger than 5 MB. Please choose a smaller one.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reviews the part named in the address ('Review this part'), and shows the shop's reason when it refuses", async () => {
    stubImageUploads();
    const part = buildProduct({ name: 'Spin-On Oil Filter, 65 mm' });
    fetchMock.mockImplementation(async (url) =>
      String(url).startsWith('/api/products/')
        ? jsonResponse(part, 200)
        : jsonResponse({ error: { code: 'CONFLICT', message: 'You have already reviewed this part for each order of it.' }, requestId: 'r3' }, 409),
    );
    await fillAndSubmit(`/dashbord/addreview?product=${part._id}`);
    expect(await screen.findByRole('link', { name: 'Spin-On Oil Filter, 65 mm' })).toHaveAttribute('href', `/parts/${part._id}`);
    expect(await screen.findByText('You have already reviewed this part for each order of it.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Add Review' })).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([url]) => url === '/api/review');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ review: 'Fast delivery, the pads fit.', ratings: 5, img: UPLOADED_IMAGE_URL, productId: part._id });
  });
});
