import type { ImageUploadAnswer } from '@shop/shared';
import type { StoredUpload } from './images.service.js';

/** A stored upload -> the answer of SPEC's image host (`{ success, data: { url } }`), with the stored size. */
export const toImageUploadAnswer = ({ url, image }: StoredUpload): ImageUploadAnswer => ({
  success: true,
  data: { url, width: image.width, height: image.height, size: image.bytes.length },
});
