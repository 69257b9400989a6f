import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '#web/lib/api-client';
import { FileField } from '#web/ui/file-field';
import { FormMessage } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';

/** A refused upload in the reader's words, chosen by code (docs/house-style.md "Errors, end to end"). */
function uploadError(t: TFunction, error: unknown, fallback: string): string {
  if (isApiError(error) && error.code === 'UNSUPPORTED_MEDIA_TYPE') return t('operatorCars.image.unsupported');
  if (isApiError(error) && error.code === 'PAYLOAD_TOO_LARGE') return t('operatorCars.image.tooLarge');
  if (isApiError(error) && error.status === 400) return t('operatorCars.image.unsupported');
  return fallback;
}

interface Feedback {
  onSuccess: () => void;
  onError: (refused: unknown) => void;
}

interface ImageSectionProps {
  /** The strings' key prefix ('operatorCars.image', 'operatorProfile.logo'): title, none, upload, replace, hint, … */
  strings: 'operatorCars.image' | 'operatorProfile.logo';
  name: string;
  /** The image as drivers see it, or null when there is none. */
  preview: ReactNode | null;
  busy: boolean;
  upload: (file: File, feedback: Feedback) => void;
  remove: (feedback: Feedback) => void;
}

/**
 * An operator's image (a car's picture, a supplier's logo): uploaded as chosen; the server checks it by its
 * content and re-encodes it to the size the customer pages use, so what is shown after the upload is what drivers see.
 */
export function ImageSection({ strings, name, preview, busy, upload, remove }: ImageSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  // A file chosen while an upload (or a removal) is under way waits for it, then is sent: never dropped unsaid.
  const [queued, setQueued] = useState<File | null>(null);
  const feedback: Feedback = {
    onSuccess: () => {
      setError(null);
      toast.success(t(`${strings}.saved`));
    },
    onError: (refused) => setError(uploadError(t, refused, t(`${strings}.error`))),
  };
  useEffect(() => {
    if (busy || !queued) return;
    setQueued(null);
    upload(queued, feedback);
  });
  return (
    <section className="op-section op-image" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="op-section__title">
        {t(`${strings}.title`)}
      </h2>
      {preview ?? <p className="op-section__hint">{t(`${strings}.none`)}</p>}
      <FormMessage>{error}</FormMessage>
      {queued ? <FormMessage kind="info">{t(`${strings}.queued`)}</FormMessage> : null}
      <div className="op-image__actions">
        <FileField
          name={name}
          label={t(preview ? `${strings}.replace` : `${strings}.upload`)}
          description={t(`${strings}.hint`)}
          accept="image/jpeg,image/png,image/webp"
          value={chosen}
          chooseLabel={t(`${strings}.choose`)}
          emptyLabel={t(`${strings}.noFile`)}
          onChange={(file) => {
            setChosen(file);
            if (file && busy) setQueued(file);
            else if (file) upload(file, feedback);
          }}
        />
        {preview ? (
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => remove(feedback)}>
            {t(`${strings}.remove`)}
          </button>
        ) : null}
      </div>
    </section>
  );
}
