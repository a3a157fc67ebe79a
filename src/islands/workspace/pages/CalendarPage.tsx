import { EmptyState, PageFrame } from '../PageFrame.tsx';

// TODO(issue: workspace features): the real page replaces this frame.
/** Calendar: the frame of the page until its feature lands. */
export default function CalendarPage() {
  return (
    <PageFrame title="Calendar" lead="Your 30-day content plan, day by day.">
      <EmptyState title="No plan yet">Planned posts will appear here once your 30-day plan is generated.</EmptyState>
    </PageFrame>
  );
}
