import { IMAGE_TYPES, PART_PHOTOS_MAX, productMessages, responsiveSrcSet } from '@shop/shared';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { FieldMessage, FormField } from '@/components/ui/form-field';
import { useImageUpload } from '@/hooks/use-image-upload';
import { imageFileRefusal } from '@/utils/image-file-schema';
import { adminProductsCopy } from '../copy';

const copy = adminProductsCopy.fields;
/** The image is the first photo; these come after it. */
const MORE_PHOTOS_MAX = PART_PHOTOS_MAX - 1;

export interface MorePhotosFieldProps {
  id: string;
  /** The stored paths of the photos after the image, in order. */
  photos: readonly string[];
  onChange: (photos: string[]) => void;
  /** The form's or the shop's message for the field. */
  error?: string | undefined;
}

/**
 * The part's photos after its image: each file chosen is uploaded at once and listed, up to the
 * shop's limit; a photo can be moved earlier or removed. The form sends them in this order.
 */
export function MorePhotosField({ id, photos, onChange, error }: MorePhotosFieldProps) {
  const { upload, progress, error: uploadError } = useImageUpload();
  const [refused, setRefused] = useState<string | null>(null);
  // The list as it is now, for uploads that finish after it changed.
  const current = useRef(photos);
  useEffect(() => {
    current.current = photos;
  }, [photos]);
  const full = photos.length >= MORE_PHOTOS_MAX;

  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    input.value = '';
    setRefused(null);
    for (const file of files) {
      if (current.current.length >= MORE_PHOTOS_MAX) {
        setRefused(productMessages.tooManyPhotos);
        return;
      }
      const reason = imageFileRefusal(file);
      if (reason) {
        setRefused(reason);
        continue;
      }
      try {
        const { url } = await upload(file);
        if (!current.current.includes(url)) onChange((current.current = [...current.current, url]));
      } catch {
        // The upload's reason shows under the field.
        return;
      }
    }
  };
  const move = (index: number) => onChange(photos.map((photo, at) => (at === index - 1 ? photos[index]! : at === index ? photos[index - 1]! : photo)));
  const remove = (index: number) => onChange(photos.filter((_, at) => at !== index));

  return (
    <div className="flex flex-col gap-3">
      <FormField id={id} kind="file" label={copy.morePhotos} hint={copy.morePhotosHint(MORE_PHOTOS_MAX)} error={error ?? refused ?? undefined}>
        {(props) => <input type="file" multiple accept={IMAGE_TYPES.join(',')} disabled={full || progress !== null} {...props} onChange={(event) => void add(event)} />}
      </FormField>
      {progress !== null && (
        <progress className="progress progress-primary w-full" value={Math.round(progress * 100)} max={100} aria-label={`Uploading ${copy.morePhotos.toLowerCase()}`} />
      )}
      {uploadError && <FieldMessage alert>{uploadError}</FieldMessage>}
      {photos.length > 0 && (
        <ol aria-label={copy.morePhotos} className="flex flex-wrap gap-3">
          {photos.map((photo, index) => (
            <li key={photo} className="flex flex-col items-center gap-1.5">
              <img
                src={photo}
                srcSet={responsiveSrcSet(photo)}
                sizes="96px"
                alt={copy.morePhotoAlt(index + 1)}
                width={96}
                height={96}
                className="size-24 rounded-box border border-base-300 object-cover"
              />
              <div className="flex gap-1">
                {index > 0 && (
                  <button type="button" className="btn btn-xs" aria-label={copy.movePhotoEarlier(index + 1)} onClick={() => move(index)}>
                    {copy.earlier}
                  </button>
                )}
                <button type="button" className="btn btn-xs btn-outline" aria-label={copy.removePhoto(index + 1)} onClick={() => remove(index)}>
                  {copy.remove}
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
