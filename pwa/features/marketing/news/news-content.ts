/**
 * The news page's sample content (spec §2 and §3 "Static content": blog posts, videos, featured articles, dated
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

export type Video = {
  id: string;
  title: string;
  /** m:ss */
  duration: string;
  views: number;
  /** Which picture the thumbnail draws. */
  thumbnail: 'circle' | 'photos' | 'calendar';
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

export const videos: readonly Video[] = [
  { id: 'getting-started', title: 'Getting Started: Create Your Family Circle', duration: '3:42', views: 1240, thumbnail: 'circle' },
  { id: 'albums', title: 'Sharing Photos and Building Albums Together', duration: '5:18', views: 860, thumbnail: 'photos' },
  { id: 'events', title: 'Planning Family Events with RSVPs', duration: '4:05', views: 610, thumbnail: 'calendar' },
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
