import type { BlockReason, CarBlock, CreateCarBlockBody } from '@roam/contract/car-blocks';
import { instantToZoned, zonedToInstant } from '@roam/contract/time';
import type { ContractSchema } from '#web/lib/use-contract-form';

// A blocked period as its operator types it: days and times at the car's place, turned into the
// instants the server takes (contract car-blocks.ts) with the calendar's time zone, as the search form does for a
// driver. The schema's and the server's `startAt` / `endAt` land on the start and end date fields.

export interface BlockFormValues {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  reason: BlockReason;
  note: string;
}

/** The server's names of the period's ends, shown at the fields that hold them. */
export const BLOCK_FIELDS = { startAt: 'startDate', endAt: 'endDate' } as const;

/** An instant with its offset (`2026-12-01T09:00:00.000Z`), or '' while a day or a time is missing. */
function instantOf(date: string, time: string, timeZone: string): string {
  if (!date || !time) return '';
  try {
    return zonedToInstant({ date, time }, timeZone).toISOString();
  } catch {
    return '';
  }
}

/** A blocked period's values in the form, at the car's place, to change it. */
export function blockValues(block: CarBlock, timeZone: string): BlockFormValues {
  const start = instantToZoned(new Date(block.startAt), timeZone);
  const end = instantToZoned(new Date(block.endAt), timeZone);
  return {
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    reason: block.reason,
    note: block.note ?? '',
  };
}

export function blockBody(values: BlockFormValues, carId: string, timeZone: string): CreateCarBlockBody {
  return {
    carId,
    startAt: instantOf(values.startDate, values.startTime, timeZone),
    endAt: instantOf(values.endDate, values.endTime, timeZone),
    reason: values.reason,
    note: values.note.trim() || null,
  };
}

type Issue = { path: readonly PropertyKey[]; message: string };

/** The contract's schema, its issues at the form's fields. Loaded with the form (zod stays out of the screen). */
export async function blockSchema(): Promise<ContractSchema<CreateCarBlockBody>> {
  const { CreateCarBlockBodySchema } = await import('@roam/contract/car-blocks.schema');
  return {
    safeParse(input) {
      const parsed = CreateCarBlockBodySchema.safeParse(input);
      if (parsed.success) return { success: true, data: parsed.data };
      const issues: Issue[] = parsed.error.issues.map((issue) => {
        const [head, ...rest] = issue.path;
        const field = BLOCK_FIELDS[head as keyof typeof BLOCK_FIELDS];
        return { ...issue, path: field ? [field, ...rest] : issue.path };
      });
      return { success: false, error: { issues } };
    },
  };
}
