import { FeaturePage, StartButton } from './feature-page.tsx';
import { BoltIcon, ChatBubblesIcon, ShieldHeartIcon, TextSizeIcon } from './feature-icons.tsx';
import heroArt from '../art/family-chat.svg?inline';

/**
 * Family Chat Room (product.md §2): four feature cards, the kinds of conversation as bullets, then a way in. Served at
 * /family-chat (its old address /family-chat-room leads there).
 */
export function FamilyChatPage() {
  return (
    <FeaturePage
      documentTitle="Family Chat Room"
      hero={{
        title: 'Family Chat Room',
        lead: 'A warm, private room for everyday family talk: quick hellos, big news and the pictures that go with them, with no ads and no strangers.',
        art: heroArt,
      }}
      features={{
        title: 'Conversation that feels like home',
        lead: 'One room for the whole family, easy enough for every generation.',
        items: [
          {
            title: 'Messages in a moment',
            text: 'Messages arrive as they are sent, so a question at the dinner table gets its answer before dessert.',
            icon: <BoltIcon />,
          },
          {
            title: 'Easy for every age',
            text: 'Big, clear text and one obvious Send button. Grandparents and grandchildren feel equally at home.',
            icon: <TextSizeIcon />,
          },
          {
            title: 'One room, the whole family',
            text: 'Everyone in your family circle is already in the room. Nobody to add, nobody left out.',
            icon: <ChatBubblesIcon />,
          },
          {
            title: 'Private by design',
            text: 'Only the members of your family can read the room. No ads, no data selling, no trackers.',
            icon: <ShieldHeartIcon />,
          },
        ],
      }}
      list={{
        title: 'What the chat room will hold',
        lead: 'Everything a family says to each other, in one place.',
        items: [
          { title: 'Text, voice and video messages', text: 'Type a note, or send your voice or a short video when words are not enough.' },
          { title: 'Photo and video sharing', text: 'Drop in the picture from the school play while it is still fresh.' },
          { title: 'Group chats', text: 'A room for the cousins, another for planning Mum’s surprise party.' },
          { title: 'Scheduled family video calls', text: 'Set a time for the Sunday call so everyone is there, wherever they live.' },
        ],
      }}
      closing={{
        id: 'start-chatting',
        title: 'Your family’s room is open',
        text: 'Create your family circle, invite everyone, and say hello. Messages written offline are sent the moment the phone is back online.',
        action: <StartButton>Start Chatting</StartButton>,
      }}
    />
  );
}
