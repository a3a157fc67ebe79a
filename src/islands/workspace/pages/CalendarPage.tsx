import { EmptyState, PageFrame } from '../PageFrame.tsx';

// Issue 2 asks for this route's frame only (title, breadcrumb); no open issue specifies its content yet.
/** Calendar: the frame of the page until its feature lands. */
export default function CalendarPage() {
  return (
    <PageFrame title="Calendar" lead="Your 30-day content plan, day by day.">
      <EmptyState title="No plan yet">Planned posts will appear here once your 30-day plan is generated.</EmptyState>
    </PageFrame>
  );
}
