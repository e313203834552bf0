import { ClockIcon } from '../../../ui/icons.tsx';
import { FeaturePage, StartButton } from './feature-page.tsx';
import { CalendarIcon, RsvpIcon, WifiOffIcon } from './feature-icons.tsx';
import heroArt from '../art/family-calendar.svg?inline';

/** Family Calendar (product.md §2): four feature cards, five benefits, then Join the Family. */
export function FamilyCalendarPage() {
  return (
    <FeaturePage
      documentTitle="Family Calendar"
      hero={{
        title: 'Family Calendar',
        lead: 'Birthdays, school plays, Sunday lunch at Grandpa’s: one calendar the whole family shares, so nobody double-books and nobody is forgotten.',
        art: heroArt,
      }}
      features={{
        title: 'Every family date in one place',
        lead: 'A calendar that belongs to the family, not to one busy parent’s phone.',
        items: [
          {
            title: 'One calendar for everyone',
            text: 'Anyone in the family adds an event, and everyone sees it: the time, the place and what to bring.',
            icon: <CalendarIcon />,
          },
          {
            title: 'Answer in one tap',
            text: 'Attending or Can’t Make It: each reply shows beside the event, so the host knows how many chairs to set.',
            icon: <RsvpIcon />,
          },
          {
            title: 'Today and tomorrow at a glance',
            text: 'What is on today and tomorrow stands out, and past events step aside.',
            icon: <ClockIcon size="1.6rem" />,
          },
          {
            title: 'Plans that keep up offline',
            text: 'Add an event or answer an invitation with no signal; Hearth sends it as soon as you are back online.',
            icon: <WifiOffIcon />,
          },
        ],
      }}
      list={{
        title: 'Why families will love it',
        columns: 3,
        items: [
          { title: 'Event reminders', text: 'A gentle nudge before things start, so everyone turns up on time.' },
          { title: 'Coordinated schedules', text: 'See the family’s plans side by side and find the day that suits everyone.' },
          {
            title: 'Birthday and anniversary reminders',
            text: 'Automatic reminders for every birthday and anniversary, year after year.',
          },
          { title: 'Colour-coded events', text: 'Tell events apart at a glance, coloured by family member or by type.' },
          { title: 'Group scheduling', text: 'Plan the reunion together: suggest a date and see who can come.' },
        ],
      }}
      closing={{
        id: 'join',
        title: 'Bring the family together',
        text: 'Create your family circle today, add the first Sunday lunch, and see who is coming.',
        action: <StartButton>Join the Family</StartButton>,
      }}
    />
  );
}
