import { preloadable } from '../../lib/preloadable.tsx';

/**
 * "On this day" comes after the home has drawn, in its own chunk: the signed-in home's first JavaScript is kept to its
 * budget (decision 0018), and a day with nothing to remember shows nothing anyway.
 */
export const onThisDayPanel = preloadable(() =>
  import('./on-this-day-panel.tsx').then(({ OnThisDayPanel }) => OnThisDayPanel),
);
