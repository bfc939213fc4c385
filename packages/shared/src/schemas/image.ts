import { z } from 'zod';

/** The photos the shop takes: their declared types, the largest file, and what it says otherwise. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const imageMessages = {
  unsupported: 'Please choose a JPEG, PNG, WebP, GIF or AVIF image',
  tooLarge: 'The image is larger than 5 MB. Please choose a smaller one.',
} as const;

/** Paths of images the shop itself stores (answered by POST /api/images). */
const HOSTED_IMAGE_PATTERN = /^\/images\/[a-f0-9]{32}\.webp$/;
export const hostedImageSchema = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).min(1, requiredMessage).regex(HOSTED_IMAGE_PATTERN, 'Please upload the image again');

/** POST /api/images: the shape SPEC's image host answers, plus the stored size. */
export const imageUploadAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), width: z.number(), height: z.number(), size: z.number() }),
});
export type ImageUploadAnswer = z.infer<typeof imageUploadAnswerSchema>;
