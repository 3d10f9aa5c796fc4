export interface GolfQuote {
  text: string;
  author: string;
}

// Only quotes with a well-established attribution; keep it that way when editing.
export const GOLF_QUOTES: ReadonlyArray<GolfQuote> = [
  {
    text: 'Competitive golf is played mainly on a five-and-a-half-inch course: the space between your ears.',
    author: 'Bobby Jones',
  },
  {
    text: 'Golf is the closest game to the game we call life. You get bad breaks from good shots; you get good breaks from bad shots, but you have to play the ball where it lies.',
    author: 'Bobby Jones',
  },
  { text: 'The most important shot in golf is the next one.', author: 'Ben Hogan' },
  { text: 'The secret is in the dirt.', author: 'Ben Hogan' },
  {
    text: 'Reverse every natural instinct and do the opposite of what you are inclined to do, and you will probably come very close to having a perfect golf swing.',
    author: 'Ben Hogan',
  },
  {
    text: 'Golf is deceptively simple and endlessly complicated; it satisfies the soul and frustrates the intellect.',
    author: 'Arnold Palmer',
  },
  {
    text: 'Success in this game depends less on strength of body than strength of mind and character.',
    author: 'Arnold Palmer',
  },
  {
    text: 'Always make a total effort, even when the odds are against you.',
    author: 'Arnold Palmer',
  },
  {
    text: 'I never hit a shot, not even in practice, without having a very sharp, in-focus picture of it in my head.',
    author: 'Jack Nicklaus',
  },
  { text: "Don't be too proud to take lessons. I'm not.", author: 'Jack Nicklaus' },
  { text: 'Concentration is a fine antidote to anxiety.', author: 'Jack Nicklaus' },
  { text: 'The more I practice, the luckier I get.', author: 'Gary Player' },
  {
    text: 'A good golfer has the determination to win and the patience to wait for the breaks.',
    author: 'Gary Player',
  },
  {
    text: "You're only here for a short visit. Don't hurry, don't worry. And be sure to smell the flowers along the way.",
    author: 'Walter Hagen',
  },
  {
    text: "I expect to make at least seven mistakes each round. Therefore, when I make a bad shot I don't worry about it. It's just one of those seven.",
    author: 'Walter Hagen',
  },
  { text: 'No one remembers who came in second.', author: 'Walter Hagen' },
  {
    text: 'If you are caught on a golf course during a storm and are afraid of lightning, hold up a 1-iron. Not even God can hit a 1-iron.',
    author: 'Lee Trevino',
  },
  { text: "You can talk to a fade, but a hook won't listen.", author: 'Lee Trevino' },
  { text: 'Take dead aim.', author: 'Harvey Penick' },
  { text: 'The woods are full of long hitters.', author: 'Harvey Penick' },
  { text: 'Practice puts brains in your muscles.', author: 'Sam Snead' },
  { text: 'Of all the hazards, fear is the worst.', author: 'Sam Snead' },
  {
    text: "No matter how good you get, you can always get better, and that's the exciting part.",
    author: 'Tiger Woods',
  },
  { text: 'Winning takes care of everything.', author: 'Tiger Woods' },
  { text: 'I miss. I miss. I miss. I make.', author: 'Seve Ballesteros' },
];

/** Picks a quote; `random` is injectable so tests can make the choice deterministic. */
export function pickQuote(random: () => number = Math.random): GolfQuote {
  const index = Math.min(GOLF_QUOTES.length - 1, Math.floor(random() * GOLF_QUOTES.length));
  return GOLF_QUOTES[Math.max(0, index)];
}
