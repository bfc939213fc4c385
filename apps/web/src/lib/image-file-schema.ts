import { z } from 'zod';

/** The file chosen in a file input, which react-hook-form hands over as the input's FileList. */
const chosenFile = (value: unknown): File | undefined => {
  const first = (value as ArrayLike<unknown> | null | undefined)?.[0];
  return first instanceof File ? first : undefined;
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
    return file;
  });

/** A photo the form may have, e.g. a replacement. */
export const optionalImageFile = () => z.custom<FileList | undefined>().transform(chosenFile);
