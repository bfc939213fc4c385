import { vi } from 'vitest';

export const UPLOADED_IMAGE_URL = `/images/${'c'.repeat(32)}.webp`;

export interface UploadAnswer {
  status: number;
  body: unknown;
}

/** A form sent through the stub: where to, its image (of an image upload), and the whole form. */
export interface SentForm {
  url: string;
  file: File;
  form: FormData;
}

/**
 * Stands in for the XMLHttpRequest that sends forms (images to POST /api/images, catalogue
 * files): reports half the form sent, then answers with `answer` (or what it makes of the form
 * sent) once `release()` is called (at once when `hold` is false). Undo with vi.unstubAllGlobals().
 */
export function stubImageUploads({
  answer = { status: 201, body: { success: true, data: { url: UPLOADED_IMAGE_URL, width: 1, height: 1, size: 1 } } },
  hold = false,
}: { answer?: UploadAnswer | ((sent: SentForm) => UploadAnswer); hold?: boolean } = {}) {
  const sent: SentForm[] = [];
  const waiting: Array<() => void> = [];

  class StubRequest {
    status = 0;
    responseText = '';
    url = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      const form: SentForm = { url: this.url, file: body.get('image') as File, form: body };
      sent.push(form);
      const finish = () => {
        const { status, body: answered } = typeof answer === 'function' ? answer(form) : answer;
        this.status = status;
        this.responseText = JSON.stringify(answered);
        this.onload?.();
      };
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
        if (hold) waiting.push(finish);
        else finish();
      }, 0);
    }
  }

  vi.stubGlobal('XMLHttpRequest', StubRequest);
  return {
    sent,
    /** Answers the uploads held so far. */
    release: () => waiting.splice(0).forEach((finish) => finish()),
  };
}

/** A small PNG file as a customer would choose it. */
export const photoFile = (name = 'part.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

/** A JSON answer as the shop gives it. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
