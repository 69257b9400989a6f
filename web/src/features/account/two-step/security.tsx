import { safeRedirect } from '#web/lib/safe-redirect';
import { SessionsSection } from './sessions-section';
import { TwoStepSection } from './two-step-section';

/**
 * The settings' security sections, loaded apart from the settings screen (its own chunk: the customer app's entry
 * lists a screen's shared chunks, docs/architecture.md §7). `enrolThen`: a member led here to set up two-step sign-in
 * sees only that, then goes on to the path.
 */
export default function Security({ enrolThen }: { enrolThen: string | null }) {
  if (enrolThen !== null) return <TwoStepSection onEnrolled={() => window.location.assign(safeRedirect(enrolThen))} />;
  return (
    <>
      <TwoStepSection />
      <SessionsSection />
    </>
  );
}
