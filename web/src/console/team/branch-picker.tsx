import type { Member } from '@roam/contract/team';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { useLocations } from '#web/lib/locations';
import { placesByCountry } from '#web/console/components/place-options';

type BranchPickerProps = {
  member: Member;
  /** The business's places (the team's answer): where its cars are picked up. */
  places: readonly string[];
  onChange: (branchIds: string[]) => void;
};

/**
 * The branches (places) a member works at (docs/decisions/0010-members-of-a-business.md): none ticked, all of the
 * business's; some, the bookings picked up or returned there only — the server applies it to every list, booking
 * and counter call. A disclosure of checkboxes, grouped by country, keyboard-usable as a list of choices is.
 */
export function BranchPicker({ member, places, onChange }: BranchPickerProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const locations = useLocations();
  const chosen = new Set(member.branchIds);
  // Only the business's own places: the server refuses any other as a branch.
  const own = new Set(places);
  const offered = (locations.data ?? []).filter((place) => own.has(place._id));
  const names = offered.filter((place) => chosen.has(place._id)).map((place) => place.name);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange([...next]);
  };
  return (
    <details className="branch-picker">
      <summary aria-label={t('operatorTeam.branchesOf', { name: member.fullName })}>
        {names.length === 0 ? t('operatorTeam.allBranches') : names.join(', ')}
      </summary>
      <p>{t('operatorTeam.branchesHint')}</p>
      {placesByCountry(offered, language).map(([country, places]) => (
        <fieldset key={country}>
          <legend>{country}</legend>
          {places.map((place) => (
            <label key={place._id} className="branch-picker__place">
              <input
                type="checkbox"
                checked={chosen.has(place._id)}
                onChange={(event) => toggle(place._id, event.currentTarget.checked)}
              />{' '}
              {place.name}
            </label>
          ))}
        </fieldset>
      ))}
    </details>
  );
}
