import { IMAGE_MAX_BYTES, IMAGE_TYPES, imageMessages } from '@shop/shared';
import { z } from 'zod';

/** The file chosen in a file input, which react-hook-form hands over as the input's FileList. */
const chosenFile = (value: unknown): File | undefined => {
  const first = (value as ArrayLike<unknown> | null | undefined)?.[0];
  return first instanceof File ? first : undefined;
};

/** Whether the shop takes this file as a photo, by its declared type and size (the server checks its bytes). */
export const isAcceptedImage = (file: File): boolean => (IMAGE_TYPES as readonly string[]).includes(file.type) && file.size <= IMAGE_MAX_BYTES;

/** Why a chosen file is no photo the shop takes, if it is not. */
export const imageFileRefusal = (file: File): string | null => {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return imageMessages.unsupported;
  if (file.size > IMAGE_MAX_BYTES) return imageMessages.tooLarge;
  return null;
};

/**
 * A photo the form must have. The form validates the chosen file; what the API receives is the
 * path the upload answers, checked by the shared schema on the server.
 */
export const requiredImageFile = (requiredMessage: string) =>
  z.custom<FileList | undefined>().transform((value, context) => {
    const file = chosenFile(value);
    if (!file) {
      context.addIssue({ code: 'custom', message: requiredMessage });
      return z.NEVER;
    }
    const reason = imageFileRefusal(file);
    if (reason) {
      context.addIssue({ code: 'custom', message: reason });
      return z.NEVER;
    }
    return file;
  });

/** A photo the form may have, e.g. a replacement. */
export const optionalImageFile = () =>
  z.custom<FileList | undefined>().transform((value, context) => {
    const file = chosenFile(value);
    const reason = file && imageFileRefusal(file);
    if (reason) {
      context.addIssue({ code: 'custom', message: reason });
      return z.NEVER;
    }
    return file;
  });
