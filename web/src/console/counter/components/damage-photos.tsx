import type { Damage } from '@roam/contract/counter';
import { useTranslation } from 'react-i18next';

/** A recorded damage's photos as thumbnails, each opening the photo itself (private: the booking's readers only). */
export function DamagePhotos({ photos, zone }: { photos: Damage['photos']; zone: string }) {
  const { t } = useTranslation();
  if (photos.length === 0) return null;
  return (
    <ul className="damage-photos">
      {photos.map((photo, index) => {
        const name = t('operatorCounter.photos.ofZone', { number: index + 1, zone });
        return (
          <li key={photo._id}>
            <a href={photo.url} target="_blank" rel="noreferrer">
              <img src={photo.url} alt={name} className="damage-photos__thumb" loading="lazy" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
