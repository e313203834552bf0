/**
 * The news page's sample content (product.md §2 and §3 "Static content": blog posts, videos, featured articles, dated
 * January 2024), written for Hearth. Plain data so the page can be checked at a glance and replaced wholesale when
 * real articles arrive.
 */

export type BlogPost = {
  id: string;
  title: string;
  category: string;
  /** Minutes. */
  readTime: number;
  /** ISO date. */
  date: string;
  excerpt: string;
  /** The rest of the article, one paragraph per entry, shown under Read more. */
  body: readonly string[];
};

/**
 * A short written walk-through, step by step. The spec shows tutorial videos; there are none to play, so Hearth shows
 * what it has (play something real or do not show them as videos).
 */
export type Tutorial = {
  id: string;
  title: string;
  minutes: number;
  /** Which picture the cover draws. */
  thumbnail: 'circle' | 'photos' | 'calendar';
  steps: readonly string[];
};

export type FeaturedArticle = {
  id: string;
  title: string;
  type: string;
  source: string;
  date: string;
  summary: string;
};

export const blogPosts: readonly BlogPost[] = [
  {
    id: 'grandparents-in-the-loop',
    title: 'Five Small Habits That Keep Grandparents in the Loop',
    category: 'Family Tips',
    readTime: 5,
    date: '2024-01-18',
    excerpt:
      'Grandparents rarely ask for more news; they just light up when it arrives. A few easy routines make sure it does, without anyone turning into the family reporter.',
    body: [
      'Share the ordinary. A photo of a muddy football kit or a half-finished jigsaw says more about a week than a perfect holiday picture. Little and often beats big and rare.',
      'Take turns. When each household shares one thing on a set day (Sunday dinner works for many families), nobody carries the whole load and nobody is left out.',
      'Make it easy to answer. A question such as "Which of these was your first car?" invites a story back, and some of the best family history arrives exactly this way.',
      'Finally, help with the setup once, in person. Adding Hearth to a grandparent’s home screen and turning on larger text takes five minutes and saves months of "how do I see the photos again?"',
    ],
  },
  {
    id: 'photo-tradition',
    title: 'Start a Family Photo Tradition This Year',
    category: 'Memories',
    readTime: 4,
    date: '2024-01-11',
    excerpt:
      'The same spot, the same day, every year: a simple photo tradition turns into a family treasure faster than you would think. Here is how to begin one that lasts.',
    body: [
      'Pick something repeatable: the front step on the first day of school, everyone around the table at a birthday, or the same walk every New Year’s Day. The magic is in the comparison, not the quality of the camera.',
      'Give the tradition a home. A shared album named after it keeps every year’s picture together, so anyone in the family can scroll back through the years in seconds.',
      'Invite the whole family to add their own version. Cousins in other cities can keep the same tradition and share it on the same day, and the album becomes a picture of everyone at once.',
    ],
  },
  {
    id: 'reunion-planning',
    title: 'Planning a Reunion Without the Group-Chat Chaos',
    category: 'Planning',
    readTime: 6,
    date: '2024-01-04',
    excerpt:
      'Two hundred messages, three spreadsheets and still nobody knows who is bringing the chairs. A calmer way to plan a family get-together, from date to dessert.',
    body: [
      'Settle the date first, and only the date. Suggest two or three options, give everyone a week to answer, and then choose. Decisions made one at a time are decisions that stick.',
      'Put the event in one place with the details that matter: when, where, and what to bring. Replies of "attending" or "can’t make it" next to each name answer the question everyone keeps asking.',
      'Hand out jobs, not questions. "Could you bring the chairs?" gets a faster yes than "Does anyone have chairs?", and the youngest relatives are often delighted to be put in charge of games.',
      'Afterwards, gather everyone’s photos in one album the same week, while the day is still fresh.',
    ],
  },
];

export const tutorials: readonly Tutorial[] = [
  {
    id: 'getting-started',
    title: 'Getting Started: Create Your Family Circle',
    minutes: 3,
    thumbnail: 'circle',
    steps: [
      'Sign up with a username, your email and a password, then tell Hearth the name your family knows you by.',
      'On your home page, give your family a name (“The Millers”, “Grandma’s Crew”) and choose Create Family Group.',
      'Choose Invite Family Member, then Copy Link or Share, and send the link to your relatives by text or email.',
      'Each relative opens the link, signs up or logs in, says how they are related to you, and joins.',
    ],
  },
  {
    id: 'first-update',
    title: 'Your First Update: Share, Like and Comment',
    minutes: 2,
    thumbnail: 'photos',
    steps: [
      'On your home page, write what is new in the box at the top and choose Share.',
      'Your family sees it in their feed. No connection? It waits on your phone, marked “Waiting to send”, and goes by itself when you are back online.',
      'Tap Like under a post to show you saw it, or Comment to reply. Tap the number of likes to see who liked it.',
      'Changed your mind? Edit or Delete are under your own posts.',
    ],
  },
  {
    id: 'grandparent-phone',
    title: 'Setting Up Hearth on a Grandparent’s Phone',
    minutes: 4,
    thumbnail: 'calendar',
    steps: [
      'Open Hearth in the phone’s browser and log in together, once.',
      'Add it to the home screen: on an iPhone, Share then Add to Home Screen; on Android, the browser menu then Install app.',
      'In Settings, under Text size, choose Larger or Largest. It follows them to every phone and tablet they use.',
      'Open Hearth from its new icon: it opens like any other app, even without a connection.',
    ],
  },
];

export const featuredArticles: readonly FeaturedArticle[] = [
  {
    id: 'private-sharing',
    title: 'Why More Families Are Sharing Privately',
    type: 'Feature',
    source: 'Hearth Journal',
    date: '2024-01-22',
    summary:
      'Public feeds were built for audiences; families need a living room. We look at why parents and grandparents are moving their photos and news into private spaces where only relatives can see them, and what to look for in one: no ads, no strangers, and a clear way to leave with your memories.',
  },
  {
    id: 'first-week',
    title: 'Your Family’s First Week on Hearth',
    type: 'Guide',
    source: 'Hearth Guides',
    date: '2024-01-15',
    summary:
      'Day one, create the family and invite two people who will use it. Day two, share one photo and ask a question. By the end of the week, add an upcoming birthday as an event. Small steps, and the rest of the family follows the activity.',
  },
  {
    id: 'connected-across-miles',
    title: 'Staying Close When Family Lives Far Apart',
    type: 'Story',
    source: 'Hearth Community',
    date: '2024-01-08',
    summary:
      'A grandmother in Lisbon, her son in Toronto and two grandchildren who would rather text than call. How one family turned a weekly photo and a shared calendar into the thread that holds them together across three time zones.',
  },
];
