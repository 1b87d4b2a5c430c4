/**
 * Rules both ends enforce, written once: the api's DTOs and the browser's forms import them, so a
 * message or a limit cannot differ between what the form says and what the server answers. The
 * concierge's topic words are here for the same reason, and so are the formats every page and
 * email reads dates, times, money and party sizes in.
 * Plain TypeScript: Vite and Jest read the source, the api's build uses dist/ (npm run build).
 */
export * from './application-rules';
export * from './concierge-topics';
export * from './formats';
export * from './waitlist-rules';
