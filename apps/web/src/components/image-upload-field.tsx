import { useEffect, useState, type InputHTMLAttributes, type Ref } from 'react';
import { useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { IMAGE_TYPES } from '@shop/shared';
import type { SubmitOutcome } from '@/lib/field-errors';
import { isAcceptedImage } from '@/utils/image-file-schema';
import type { ImageUpload } from '@/hooks/use-image-upload';
import { FieldMessage, FormField } from './ui/form-field';

/** The formats the shop's image upload accepts. */
const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

type FileInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'className' | 'accept'> & {
  ref?: Ref<HTMLInputElement>;
};

export interface ImageUploadFieldProps {
  id: string;
  label: string;
  /** The form's own message for the field, e.g. that an image is required. */
  error?: string | undefined;
  /** The chosen file, previewed before it is sent. */
  file?: File | null | undefined;
  /** Share uploaded so far (0 to 1) while uploading, otherwise null. */
  progress: number | null;
  /** Why the upload failed, shown under the field. */
  uploadError?: string | null;
  /** The file input's own props, e.g. react-hook-form's register(). */
  inputProps: FileInputProps;
  hint?: string;
}

/** A labelled image file input with a preview, an upload progress bar and the upload's errors. */
export function ImageUploadField({ id, label, error, file, progress, uploadError, inputProps, hint }: ImageUploadFieldProps) {
  // Only a photo the shop takes is previewed: anything else would show as a broken picture.
  const previewUrl = useFilePreview(file && isAcceptedImage(file) ? file : null);
  const percent = progress === null ? null : Math.round(progress * 100);

  return (
    <div className="flex flex-col gap-3">
      <FormField id={id} kind="file" label={label} hint={hint} error={error}>
        {(props) => <input type="file" accept={IMAGE_ACCEPT} {...props} {...inputProps} />}
      </FormField>
      {previewUrl && (
        <img src={previewUrl} alt="" className="size-24 rounded-box border border-base-300 object-cover" width={96} height={96} />
      )}
      {percent !== null && (
        <div className="flex items-center gap-3">
          <progress
            className="progress progress-primary w-full"
            value={percent}
            max={100}
            aria-label={`Uploading ${label.toLowerCase()}`}
          />
          <span className="w-12 text-right text-sm tabular-nums" aria-hidden="true">
            {percent}%
          </span>
        </div>
      )}
      {uploadError && <FieldMessage alert>{uploadError}</FieldMessage>}
    </div>
  );
}

/** How the photo's upload is going: progress while it is sent, the reason when it failed. */
export type UploadStatus = Pick<ImageUpload, 'progress' | 'error'>;

/** The props of a form with a photo: the page uploads the photo and saves the form. */
export interface PhotoFormProps<TValues> {
  /** Uploads the photo (if one was chosen) and saves the form. */
  onSubmit: (values: TValues) => Promise<SubmitOutcome>;
  upload: UploadStatus;
}

interface FormImageFieldProps<T extends FieldValues> extends Pick<ImageUploadFieldProps, 'id' | 'label' | 'hint'> {
  /** The react-hook-form form the file input belongs to. */
  form: Pick<UseFormReturn<T, unknown, unknown>, 'control' | 'register' | 'getFieldState' | 'formState' | 'trigger'>;
  /** The form's field holding the chosen FileList. */
  name: Path<T>;
  upload: UploadStatus;
}

/** An ImageUploadField bound to a react-hook-form field: its file, its message, its upload. */
export function FormImageField<T extends FieldValues>({ form, name, upload, ...field }: FormImageFieldProps<T>) {
  const chosen: unknown = useWatch({ control: form.control, name });
  return (
    <ImageUploadField
      {...field}
      error={form.getFieldState(name, form.formState).error?.message}
      file={chosen instanceof FileList ? chosen[0] : null}
      progress={upload.progress}
      uploadError={upload.error}
      // The file is checked as soon as it is chosen, not only when the form is sent.
      inputProps={form.register(name, { onChange: () => void form.trigger(name) })}
    />
  );
}

/**
 * The chosen file as a data: URL for its preview. Not a blob: URL: the shop's
 * Content-Security-Policy (connect-src 'self') forbids reading one back, which tools that copy
 * the page do, e.g. the trace snapshots of the browser journeys.
 */
function useFilePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file || typeof FileReader === 'undefined') return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return preview && preview.file === file ? preview.url : null;
}
