import type { DamageSeverity } from '@roam/contract/counter';

// A damage being recorded at the counter, as the form holds it until the check-out or the return sends it (contract
// DamageInputSchema): a position of the diagram, how bad, a note, the photos already uploaded, and — at the return —
// the amount charged for it, as typed in the booking's currency.

export interface DamageDraft {
  zone: string;
  severity: DamageSeverity;
  note: string;
  photoFileIds: string[];
  /** At the return: the amount typed ('' charges nothing). */
  amount: string;
}

export const newDamage = (zone: string): DamageDraft => ({
  zone,
  severity: 'minor',
  note: '',
  photoFileIds: [],
  amount: '',
});
