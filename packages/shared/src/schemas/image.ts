import { z } from 'zod';

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
